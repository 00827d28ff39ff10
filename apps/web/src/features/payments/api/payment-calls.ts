import type {
  PaymentOutcome,
  PayMethod,
  PointCourse,
} from '@oripa/contract/payments';
import type { PageInfo } from '@oripa/contract/wire';
import { apiGet, apiPost, type ApiResult } from '@/lib/api-client.ts';

/**
 * The point-purchase calls of spec section 7, as plain functions over the api client. Every
 * call names the course (point_price_id) and, where it matters, the pack the member came from
 * (pack_id), so a second tab cannot pay for another course (design decision 1). No payload
 * carries money: the server takes the amount from the course.
 */

function query(values: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface CoursePage {
  list: PointCourse[];
  page: PageInfo;
}

/** GET /user/point_price/{page} (page from 1). */
export function getCoursePage(page: number): Promise<ApiResult<CoursePage>> {
  return apiGet<CoursePage>(`/user/point_price/${page}`);
}

/** GET /user/point_price/detail/{id}?pack_id=: one course; the session remembers it and the pack. */
export function getCourse(id: number, packId: number | undefined): Promise<ApiResult<{ point_price: PointCourse }>> {
  return apiGet<{ point_price: PointCourse }>(`/user/point_price/detail/${id}${query({ pack_id: packId })}`);
}

export interface PayStyle {
  point: string;
  /** Bonus points credited with `point` ('0' for none). */
  bonus_point: string;
  price: string;
  tax: string;
  methods: PayMethod[];
}

/** GET /user/pay_style?point_price_id=: the course's points and price, and the methods offered. */
export function getPayStyle(pointPriceId: number): Promise<ApiResult<PayStyle>> {
  return apiGet<PayStyle>(`/user/pay_style${query({ point_price_id: pointPriceId })}`);
}

export interface TokenRequestResult {
  result: string;
  pay_type: string;
  shop_id: string;
  script_url: string;
  token_url: string;
}

/** POST /user/gmo_token: where the browser tokenizes a card (1) or a mobile payment (8). */
export function requestTokenization(payType: 1 | 8, pointPriceId: number): Promise<ApiResult<TokenRequestResult>> {
  return apiPost<TokenRequestResult>('/user/gmo_token', { pay_id: payType, pay_type: payType, point_price_id: pointPriceId });
}

/** The payload of POST /user/point/buy (contract: pointBuyPayload). */
export interface PointBuyRequest {
  pay_id: number;
  point_price_id: number;
  pack_id?: number;
  token?: string;
  combini_code?: string;
  carrier_id?: string;
  name?: string;
  checkout_session_id?: string;
}

export interface PointBuyResult {
  result: string;
  payment_id: number;
  receipt_number: string;
  url: string;
}

/** POST /user/point/buy. */
export function buyPoints(payload: PointBuyRequest): Promise<ApiResult<PointBuyResult>> {
  return apiPost<PointBuyResult>('/user/point/buy', payload);
}

/** POST /user/gmo_result {id, pay_type}: the result of a card or mobile payment. */
export function getCardResult(paymentId: number, payType: number): Promise<ApiResult<PaymentOutcome>> {
  return apiPost<PaymentOutcome>('/user/gmo_result', { id: paymentId, pay_type: payType });
}

/** POST /user/point/append {token: payment_id}: completes a wallet payment when the browser is back. */
export function appendPayment(paymentId: string): Promise<ApiResult<PaymentOutcome>> {
  return apiPost<PaymentOutcome>('/user/point/append', { token: paymentId });
}

/** GET /user/point/end?payment_id=: the result the completion screens show. */
export function getPointEnd(paymentId: string | undefined): Promise<ApiResult<PaymentOutcome>> {
  return apiGet<PaymentOutcome>(`/user/point/end${query({ payment_id: paymentId })}`);
}

export interface CombiniSlip {
  url: string;
  payment_id: number;
  receipt_number: string;
  combini_code: string;
  combini_name: string;
  price: string;
  due: string;
  payment_state: string;
}

/** GET /user/point/combini_number?payment_id=: the convenience-store slip. */
export function getCombiniNumber(paymentId: string | undefined): Promise<ApiResult<CombiniSlip>> {
  return apiGet<CombiniSlip>(`/user/point/combini_number${query({ payment_id: paymentId })}`);
}

export interface BankInfo {
  bank: string;
  number: string;
  name: string;
  price: string;
  payment_id: number;
  payer_name: string;
  due: string;
  payment_state: string;
}

/** GET /user/bank?payment_id=: the shop's account and the member's transfer order. */
export function getBankInfo(paymentId: string | undefined): Promise<ApiResult<BankInfo>> {
  return apiGet<BankInfo>(`/user/bank${query({ payment_id: paymentId })}`);
}

export interface ButtonSignature {
  signature: string;
  payloadJSON: string;
  checkout_url: string;
  button_url: string;
}

/** GET /user/button_signature?point_price_id=: the signed checkout button of the wallet (3). */
export function getButtonSignature(pointPriceId: number): Promise<ApiResult<ButtonSignature>> {
  return apiGet<ButtonSignature>(`/user/button_signature${query({ point_price_id: pointPriceId })}`);
}

/** GET /user/set_checkout_session/{id}: remembers the buyer's checkout session. */
export function setCheckoutSession(id: string): Promise<ApiResult<{ result: string; checkout_session_id: string }>> {
  return apiGet<{ result: string; checkout_session_id: string }>(`/user/set_checkout_session/${encodeURIComponent(id)}`);
}

/** GET /user/get_checkout_session: the payment method chosen at the wallet. */
export function getCheckoutSession(): Promise<ApiResult<{ payMethod: string; checkout_session_id: string }>> {
  return apiGet<{ payMethod: string; checkout_session_id: string }>('/user/get_checkout_session');
}

/** GET /user/complete_checkout_session: completes the wallet order (the screen ignores the answer). */
export function completeCheckoutSession(sessionId: string | undefined): Promise<ApiResult<PaymentOutcome>> {
  return apiGet<PaymentOutcome>(`/user/complete_checkout_session${query({ amazonCheckoutSessionId: sessionId })}`);
}
