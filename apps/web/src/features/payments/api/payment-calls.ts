import type { PointBuyPayload } from '@oripa/contract/payments';
import * as api from '@oripa/contract/api-paths';
import { apiCall, type ApiResult } from '@/lib/api-client.ts';
import type { ApiResponse } from '@/lib/api-route.ts';

/**
 * The point-purchase calls of spec section 7, as plain functions over the api client. Every
 * call names the course (point_price_id) and, where it matters, the pack the member came from
 * (pack_id), so a second tab cannot pay for another course (design decision 1). No payload
 * carries money: the server takes the amount from the course. Paths and answers come from the
 * contract's route table.
 */

export type CoursePage = ApiResponse<'pointPrice'>;

/** GET /user/point_price/{page} (page from 1). */
export function getCoursePage(page: number): Promise<ApiResult<CoursePage>> {
  return apiCall(api.pointPrice, { params: { page } });
}

/** GET /user/point_price/detail/{id}?pack_id=: one course; the session remembers it and the pack. */
export function getCourse(id: number, packId: number | undefined): Promise<ApiResult<ApiResponse<'pointPriceDetail'>>> {
  return apiCall(api.pointPriceDetail, { params: { id }, query: { pack_id: packId } });
}

export type PayStyle = ApiResponse<'payStyle'>;

/** GET /user/pay_style?point_price_id=: the course's points and price, and the methods offered. */
export function getPayStyle(pointPriceId: number): Promise<ApiResult<PayStyle>> {
  return apiCall(api.payStyle, { query: { point_price_id: pointPriceId } });
}

export type TokenRequestResult = ApiResponse<'gmoToken'>;

/** POST /user/gmo_token: where the browser tokenizes a card (1) or a mobile payment (8). */
export function requestTokenization(payType: 1 | 8, pointPriceId: number): Promise<ApiResult<TokenRequestResult>> {
  return apiCall(api.gmoToken, { payload: { pay_id: payType, pay_type: payType, point_price_id: pointPriceId } });
}

/** The payload of POST /user/point/buy (contract: pointBuyPayload). */
export type PointBuyRequest = PointBuyPayload;

export type PointBuyResult = ApiResponse<'pointBuy'>;

/** POST /user/point/buy. */
export function buyPoints(payload: PointBuyRequest): Promise<ApiResult<PointBuyResult>> {
  return apiCall(api.pointBuy, { payload });
}

/** POST /user/gmo_result {id, pay_type}: the result of a card or mobile payment. */
export function getCardResult(paymentId: number, payType: number): Promise<ApiResult<ApiResponse<'gmoResult'>>> {
  return apiCall(api.gmoResult, { payload: { id: paymentId, pay_type: payType } });
}

/** POST /user/point/append {token: payment_id}: completes a wallet payment when the browser is back. */
export function appendPayment(paymentId: string): Promise<ApiResult<ApiResponse<'pointAppend'>>> {
  return apiCall(api.pointAppend, { payload: { token: paymentId } });
}

/** GET /user/point/end?payment_id=: the result the completion screens show. */
export function getPointEnd(paymentId: string | undefined): Promise<ApiResult<ApiResponse<'pointEnd'>>> {
  return apiCall(api.pointEnd, { query: { payment_id: paymentId } });
}

export type CombiniSlip = ApiResponse<'pointCombiniNumber'>;

/** GET /user/point/combini_number?payment_id=: the convenience-store slip. */
export function getCombiniNumber(paymentId: string | undefined): Promise<ApiResult<CombiniSlip>> {
  return apiCall(api.pointCombiniNumber, { query: { payment_id: paymentId } });
}

export type BankInfo = ApiResponse<'bankInfo'>;

/** GET /user/bank?payment_id=: the shop's account and the member's transfer order. */
export function getBankInfo(paymentId: string | undefined): Promise<ApiResult<BankInfo>> {
  return apiCall(api.bankInfo, { query: { payment_id: paymentId } });
}

export type ButtonSignature = ApiResponse<'buttonSignature'>;

/** GET /user/button_signature?point_price_id=: the signed checkout button of the wallet (3). */
export function getButtonSignature(pointPriceId: number): Promise<ApiResult<ButtonSignature>> {
  return apiCall(api.buttonSignature, { query: { point_price_id: pointPriceId } });
}

/** GET /user/set_checkout_session/{id}: remembers the buyer's checkout session. */
export function setCheckoutSession(id: string): Promise<ApiResult<ApiResponse<'setCheckoutSession'>>> {
  return apiCall(api.setCheckoutSession, { params: { id } });
}

/** GET /user/get_checkout_session: the payment method chosen at the wallet. */
export function getCheckoutSession(): Promise<ApiResult<ApiResponse<'getCheckoutSession'>>> {
  return apiCall(api.getCheckoutSession);
}

/** GET /user/complete_checkout_session: completes the wallet order (the screen ignores the answer). */
export function completeCheckoutSession(sessionId: string | undefined): Promise<ApiResult<ApiResponse<'completeCheckoutSession'>>> {
  return apiCall(api.completeCheckoutSession, { query: { amazonCheckoutSessionId: sessionId } });
}
