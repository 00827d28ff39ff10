import type { ProviderStatus } from '../provider.ts';
import type { GmoError } from './gmo-protocol.ts';

/**
 * GMO's answers in the shop's terms: the error codes of a card payment as the spec's provider
 * codes (section 8: 1300-1700 by field, 7001 communication, 8000 maintenance, G12 declined,
 * 3DS challenge failed, TOKEN unusable token), and the transaction statuses as provider statuses.
 */

/** ErrCode of a card company's answer (ErrInfo 42Gnn0000) that names a field of the card. */
const CARD_FIELD_CODES: Record<string, string> = {
  G44: '1601', // security code wrong
  G45: '1600', // security code missing
  G65: '1301', // card number wrong
  G67: '1301', // card number of a product the company does not take
  G83: '1502', // expiry wrong or passed
};

/** The spec's provider code of a failed card payment. */
export function cardErrorCode(error: GmoError): string {
  const code = error.errCode;
  if (CARD_FIELD_CODES[code]) return CARD_FIELD_CODES[code];
  // Any other card-company answer (G02 balance, G12 refused, G55 limit…) is a decline.
  if (/^G\d\d$/.test(code) || /^42G/.test(error.errInfo)) return 'G12';
  // The token was unknown, used or expired.
  if (code === 'E61') return 'TOKEN';
  // 3-D Secure 2.0 authentication failed or was abandoned.
  if (code === 'E41' || code === 'E21') return '3DS';
  // GMO is busy or in maintenance.
  if (code === 'E91' || code === 'E92') return '8000';
  if (code === 'E90' || code === 'E00') return '7001';
  return code;
}

/** A card transaction's status (SearchTrade Status) as the shop sees the payment. */
export function cardStatus(status: string): ProviderStatus {
  switch (status) {
    case 'CAPTURE':
    case 'SALES':
    case 'AUTH':
      return 'succeeded';
    case 'VOID':
    case 'RETURN':
    case 'RETURNX':
      return 'canceled';
    case 'AUTHENTICATED':
      // 3-D Secure done, authorization not asked yet (SecureTran2 completes it).
      return 'requires_action';
    default:
      // UNPROCESSED: entered, not executed or the challenge not finished.
      return 'requires_action';
  }
}

/** A convenience-store, carrier, PayPay or virtual-account transaction's status (SearchTradeMulti). */
export function multiStatus(status: string): ProviderStatus {
  switch (status) {
    case 'PAYSUCCESS':
    case 'CAPTURE':
    case 'SALES':
    case 'AUTH':
      return 'succeeded';
    case 'REQSUCCESS':
    case 'AUTHPROCESS':
    case 'UNPROCESSED':
    case 'TRADING':
      return 'pending';
    case 'EXPIRED':
      return 'expired';
    case 'CANCEL':
    case 'RETURN':
    case 'STOP':
      return 'canceled';
    default:
      // PAYFAIL and anything GMO adds later that is not a success.
      return 'failed';
  }
}

/** SearchTradeMulti's PayType of each method the adapter takes. */
export const PAY_TYPE = { card: '0', cvs: '3', au: '8', docomo: '9', softbank: '11', ganb: '36', paypay: '45' } as const;

/** ExecTran's ACS: '2' means 3-D Secure 2.0, the member goes to RedirectUrl. */
export const ACS_REDIRECT = '2';

/** A virtual account's AccountType: '2' is a current (checking) account (当座), else ordinary (普通). */
export const ACCOUNT_TYPE_CHECKING = '2';

/** Whether GMO says no such order exists (E01110002: no transaction of that order id). */
export function isUnknownOrder(error: GmoError): boolean {
  return error.has('E01110002');
}
