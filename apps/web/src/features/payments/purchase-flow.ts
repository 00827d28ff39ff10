import {
  CARD_PROVIDER_CODE,
  cardErrorField,
  PAY_ID,
  POINT_BUY_RESULT,
  POINT_BUY_SUCCESS_ALERT_URL,
  TOKENIZER_OK,
} from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import i18next from 'i18next';
import { firstError, NETWORK_FAILURE, type ApiResult } from '@/lib/api-client.ts';
import {
  buyPoints,
  getCardResult,
  requestTokenization,
  type PointBuyRequest,
  type PointBuyResult,
} from './api/payment-calls.ts';
import { appliedCouponCode, setAppliedCouponCode } from './coupon-code.ts';
import { localPathOf, needsPageLoad, paymentResultPath } from './payment-paths.ts';
import { tokenizeCard, tokenizeMobile, type CardInput } from './tokenizer.ts';

/**
 * Buying points (spec section 4, "Point purchase"): what each payment method sends, and what the
 * answer of POST /user/point/buy means for the browser:
 * - state 200, result '1' with a receipt_number → the convenience-store page;
 * - url '1' → a success alert; another url is followed (another site or a server page by a page
 *   load, a screen of the app in-app); no url for a card or mobile payment → the result check
 *   (gmo_result) picks the carrier-complete or carrier-error screen;
 * - result '7' → the 3-D Secure challenge (/api/acs/secure…) by a page load;
 * - anything else → a failure alert, with the field errors under their fields.
 */

export type MethodInput =
  | { payId: typeof PAY_ID.card; card: CardInput }
  | { payId: typeof PAY_ID.mobile }
  | { payId: typeof PAY_ID.combini; combiniCode: string }
  | { payId: typeof PAY_ID.bank; name: string }
  | { payId: typeof PAY_ID.carrier; carrierId: string }
  | { payId: typeof PAY_ID.wallet2 | typeof PAY_ID.mobileWallet | typeof PAY_ID.remittance }
  | { payId: typeof PAY_ID.wallet; checkoutSessionId: string };

export type PurchaseOutcome =
  /** A screen of the app. */
  | { kind: 'navigate'; to: string }
  /** Another page: the provider, 3-D Secure (a full page load). */
  | { kind: 'leave'; href: string }
  /** The success alert, then the screen. */
  | { kind: 'success-alert'; then: string }
  | { kind: 'failed'; message: string; errors: FieldErrors };

export interface PurchaseOrder {
  pointPriceId: number;
  packId: number | undefined;
  method: MethodInput;
}

/** Fields whose message the failure alert shows first (the account holder name first, spec section 4). */
const ERROR_ORDER = [
  'name',
  'card_number',
  'limit_month',
  'limit_year',
  'cvc',
  'card_name',
  'card',
  'combini_code',
  'carrier_id',
  'payment',
  'point_price',
  'pay_id',
];

/** The first message of a failed answer, in the order above, then any other field. */
export function firstMessage(errors: FieldErrors): string | undefined {
  const field =
    ERROR_ORDER.find((key) => errors[key]) ?? Object.keys(errors).find((key) => key !== 'network');
  return field ? firstError(errors, field) : undefined;
}

/** The failure text of a method when the server gave none (spec section 8). */
export function fallbackFailure(payId: number): string {
  if (payId === PAY_ID.card) return i18next.t('payments.errors.cardFailed');
  if (payId === PAY_ID.carrier) return i18next.t('payments.errors.carrierFailed');
  if (payId === PAY_ID.wallet || payId === PAY_ID.wallet2 || payId === PAY_ID.mobileWallet) {
    return i18next.t('payments.errors.walletError');
  }
  return i18next.t('payments.errors.otherFailed');
}

function failed(result: ApiResult, payId: number): PurchaseOutcome {
  if (result.state === NETWORK_FAILURE) {
    return { kind: 'failed', message: i18next.t('payments.errors.communication'), errors: {} };
  }
  const errors = { ...result.errors };
  delete errors.network;
  return { kind: 'failed', message: firstMessage(errors) ?? fallbackFailure(payId), errors };
}

/** The message of a tokenizer code (spec section 5): 'invalid <field>', maintenance, communication… */
export function cardCodeMessage(code: string): string {
  switch (cardErrorField(code)) {
    case 'card_number':
      return i18next.t('payments.errors.invalidNumber');
    case 'limit_month':
    case 'limit_year':
      return i18next.t('payments.errors.invalidExpiry');
    case 'cvc':
      return i18next.t('payments.errors.invalidCvc');
    case 'card_name':
      return i18next.t('payments.errors.invalidName');
    default:
      break;
  }
  if (code === CARD_PROVIDER_CODE.maintenance) return i18next.t('payments.errors.maintenance');
  if (code === CARD_PROVIDER_CODE.communication || code === CARD_PROVIDER_CODE.tokenizerUnreachable) {
    return i18next.t('payments.errors.communication');
  }
  if (code === CARD_PROVIDER_CODE.tokenizerFailed) return i18next.t('payments.errors.tokenize');
  return i18next.t('payments.errors.otherCard');
}

/** Follows an address the server answered: in the app when it is one of its screens. */
export function follow(url: string): PurchaseOutcome {
  const local = localPathOf(url);
  if (local !== undefined && !needsPageLoad(local)) return { kind: 'navigate', to: local };
  return { kind: 'leave', href: url };
}

/** A card or mobile payment without a redirect: the result check decides the screen. */
async function checkCardResult(paymentId: number, payId: number): Promise<PurchaseOutcome> {
  const result = await getCardResult(paymentId, payId);
  const ok = result.state === STATE.ok && result.result === POINT_BUY_RESULT.ok;
  return {
    kind: 'navigate',
    to: paymentResultPath(ok ? '/complete-carrier' : '/error-carrier', paymentId, payId),
  };
}

/** What the answer of POST /user/point/buy means for the browser. */
export async function interpretBuyResult(
  result: ApiResult<PointBuyResult>,
  payId: number,
): Promise<PurchaseOutcome> {
  if (result.state !== STATE.ok) return failed(result, payId);
  const url = result.url ?? '';
  const paymentId = result.payment_id;
  if (result.result === POINT_BUY_RESULT.threeDSecure && url) return { kind: 'leave', href: url };
  if (result.result === POINT_BUY_RESULT.ok) {
    if (result.receipt_number) {
      return url && url !== POINT_BUY_SUCCESS_ALERT_URL
        ? follow(url)
        : { kind: 'navigate', to: paymentResultPath('/confirm-combini', paymentId) };
    }
    if (url === POINT_BUY_SUCCESS_ALERT_URL)
      return { kind: 'success-alert', then: paymentResultPath('/complete-buy-point', paymentId, payId) };
    if (url) return follow(url);
    if ((payId === PAY_ID.card || payId === PAY_ID.mobile) && paymentId !== undefined) {
      return checkCardResult(paymentId, payId);
    }
  }
  if (result.result === POINT_BUY_RESULT.waiting || result.result === POINT_BUY_RESULT.ok) {
    return { kind: 'navigate', to: paymentResultPath('/complete-buy-point', paymentId, payId) };
  }
  return failed(result, payId);
}

/** Asks the provider for a token: a card (1) or a mobile payment (8). */
async function providerToken(order: PurchaseOrder): Promise<{ token: string } | PurchaseOutcome> {
  const payType = order.method.payId === PAY_ID.card ? PAY_ID.card : PAY_ID.mobile;
  const request = await requestTokenization(payType, order.pointPriceId);
  if (request.state !== STATE.ok || !request.script_url) {
    if (request.state === NETWORK_FAILURE) return failed(request, payType);
    const errors = { ...request.errors };
    return { kind: 'failed', message: firstMessage(errors) ?? i18next.t('payments.errors.tokenize'), errors };
  }
  const options = { shopId: request.shop_id ?? '', tokenUrl: request.token_url ?? '' };
  const answer =
    order.method.payId === PAY_ID.card
      ? await tokenizeCard(request.script_url, order.method.card, options)
      : await tokenizeMobile(request.script_url, options);
  if (answer.resultCode === TOKENIZER_OK && answer.token) return { token: answer.token };
  const message = cardCodeMessage(answer.resultCode);
  return { kind: 'failed', message, errors: { [cardErrorField(answer.resultCode)]: [message] } };
}

/** The method's part of the point/buy payload. */
function methodFields(method: MethodInput): Partial<PointBuyRequest> {
  switch (method.payId) {
    case PAY_ID.combini:
      return { combini_code: method.combiniCode };
    case PAY_ID.bank:
      return { name: method.name };
    case PAY_ID.carrier:
      return { carrier_id: method.carrierId };
    case PAY_ID.wallet:
      return { checkout_session_id: method.checkoutSessionId };
    default:
      return {};
  }
}

/** Buys the course with the chosen method and answers where the browser goes next. */
export async function purchasePoints(order: PurchaseOrder): Promise<PurchaseOutcome> {
  const { method } = order;
  const payload: PointBuyRequest = {
    pay_id: method.payId,
    point_price_id: order.pointPriceId,
    ...methodFields(method),
  };
  if (order.packId !== undefined) payload.pack_id = order.packId;
  // The discount code applied on /buy-point goes with every method (decision 061).
  const couponCode = appliedCouponCode();
  if (couponCode) payload.coupon_code = couponCode;
  if (method.payId === PAY_ID.card || method.payId === PAY_ID.mobile) {
    const tokenized = await providerToken(order);
    if (!('token' in tokenized)) return tokenized;
    payload.token = tokenized.token;
  }
  const outcome = await interpretBuyResult(await buyPoints(payload), method.payId);
  // The order took the discount: the code is not offered again for the next purchase.
  if (couponCode && outcome.kind !== 'failed') setAppliedCouponCode('');
  return outcome;
}
