import { CARD_PROVIDER_CODE, TOKENIZER_OK } from '@oripa/contract/constants';
import type { CardInput, ProviderTokenizer, TokenAnswer } from './tokenizer-types.ts';

/**
 * GMO Payment Gateway's token.js (window.Multipayment) behind the shop's tokenizer interface:
 * Multipayment.init(shopId), then Multipayment.getToken({cardno, expire, securitycode,
 * holdername, tokennumber}, callback) posts the card to GMO and calls back with
 * {resultCode, tokenObject: {token}}. Its result codes become the spec's provider codes.
 */
export interface GmoTokenResponse {
  resultCode: string;
  tokenObject?: { token?: string | string[]; maskedCardNo?: string };
}

export interface MultipaymentApi {
  init(shopId: string): void;
  getToken(card: Record<string, string>, callback: (response: GmoTokenResponse) => void): void;
}

/**
 * PayPay through GMO needs no browser token (the member approves at PayPay's own page), but the
 * buy call of pay id 8 carries one: this names the method, and GMO's adapter ignores it.
 */
export const GMO_PAYPAY_TOKEN = 'gmo-paypay';

/** token.js's resultCode when it issued a token (GMO's code; the shop's TOKENIZER_OK is the same text). */
const GMO_TOKEN_OK = '000';

/** token.js result codes as the spec's codes of section 5, which name the card field at fault. */
const SPEC_CODE_OF_GMO: Readonly<Record<string, string>> = {
  '100': '1300',
  '101': '1301',
  '102': '1301',
  '110': '1501',
  '111': '1501',
  '112': '1501',
  '113': '1401',
  '121': '1601',
  '122': '1601',
  '131': '1700',
  '132': '1700',
};

/** A token.js result code as the spec's code: by field, else the tokenizer failed. */
export function specCodeOfGmo(resultCode: string): string {
  return SPEC_CODE_OF_GMO[resultCode] ?? CARD_PROVIDER_CODE.tokenizerFailed;
}

function answerOf(response: GmoTokenResponse): TokenAnswer {
  if (response?.resultCode !== GMO_TOKEN_OK) return { resultCode: specCodeOfGmo(String(response?.resultCode ?? '')) };
  const token = response.tokenObject?.token;
  const first = Array.isArray(token) ? token[0] : token;
  if (!first) return { resultCode: CARD_PROVIDER_CODE.tokenizerFailed };
  return { resultCode: TOKENIZER_OK, token: first, ...(response.tokenObject?.maskedCardNo ? { maskedCardNumber: response.tokenObject.maskedCardNo } : {}) };
}

/** GMO takes the expiry as YYMM or YYYYMM; the month and the year are checked here first for their own codes. */
function expireOf(card: CardInput): string | TokenAnswer {
  if (card.limit_month === '') return { resultCode: '1400' };
  if (!/^\d{1,2}$/.test(card.limit_month)) return { resultCode: '1401' };
  if (card.limit_year === '') return { resultCode: '1500' };
  return `${card.limit_year}${card.limit_month.padStart(2, '0')}`;
}

export function gmoTokenizer(api: MultipaymentApi): ProviderTokenizer {
  return {
    getToken(card, options) {
      const expire = expireOf(card);
      if (typeof expire !== 'string') return Promise.resolve(expire);
      return new Promise((resolve) => {
        api.init(options.shopId);
        const fields: Record<string, string> = { cardno: card.card_number, expire, securitycode: card.cvc, tokennumber: '1' };
        if (card.card_name) fields.holdername = card.card_name;
        api.getToken(fields, (response) => resolve(answerOf(response)));
      });
    },
    getMobileToken: async () => ({ resultCode: TOKENIZER_OK, token: GMO_PAYPAY_TOKEN }),
  };
}
