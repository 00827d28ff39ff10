import {
  PAY_ID,
  PAYMENT_RETURN_ROUTES,
  POINT_BUY_RESULT,
  taxIncluded,
  type CarrierId,
  type CombiniCode,
  type PayId,
  type PointBuyPayload,
  normalizePayerName,
} from '@oripa/contract/payments';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { saveSessionData } from '../sessions/sessions.service.ts';
import { packExists } from '../catalog/catalog.service.ts';
import { checkoutSessionRequired, memberCheckoutSession } from './checkout-binding.ts';
import { discountOn, quoteCourseDiscount, takeCourseDiscount, tieCourseDiscount } from '../coupons/course-discount.service.ts';
import { activeCourses, creditedPoints, resolveCourse } from './courses.service.ts';
import { absoluteUrl, type PaymentContext } from './payment-context.ts';
import { applyOutcome, createPayment } from './payment-state.ts';
import { failureErrors } from './payment-view.ts';
import * as repo from './payments.repo.ts';
import type { PaymentRow } from './payments.repo.ts';
import { providerFor, providerNameFor } from './providers.ts';

/** Unpaid convenience-store and bank-transfer orders a member may have at once. */
export const MAX_OPEN_SLIPS = 5;

/** Refuses a payment id the shop does not offer (7, or one left out of PAYMENT_METHODS). */
export function assertOffered(config: Config, payId: number): asserts payId is PayId {
  if (!(config.PAYMENT_METHODS as number[]).includes(payId)) throw AppError.field('pay_id', 'payment.method_unavailable');
}

/**
 * POST /user/gmo_token: what the browser needs to tokenize at the provider — a card (pay type
 * 1) or a mobile payment (8). The card number goes from the browser to the provider only.
 */
export async function tokenRequest(ctx: PaymentContext, payload: { pay_id: number; pay_type: number; point_price_id?: number | undefined }) {
  const payType = payload.pay_type as 1 | 8;
  assertOffered(ctx.config, payType);
  if (payload.pay_id !== payType) throw AppError.field('pay_id', 'payment.method_unavailable');
  const course = await resolveCourse(ctx.db, ctx.session, payload.point_price_id);
  let tokenization;
  try {
    tokenization = await providerFor(ctx.db, ctx.config, payType).tokenization(payType);
  } catch {
    throw AppError.field('card', 'payment.tokenize_error', undefined, { result: POINT_BUY_RESULT.failed });
  }
  return {
    result: POINT_BUY_RESULT.ok,
    pay_type: String(payType),
    shop_id: tokenization.shopId,
    script_url: tokenization.scriptUrl,
    token_url: tokenization.tokenUrl,
    point: String(creditedPoints(course)),
    price: String(course.price),
  };
}

/** The shop page the member's browser comes back to from the provider, by method. */
function returnUrlFor(payment: PaymentRow, checkoutSessionId: string | undefined): string {
  switch (payment.payId) {
    case 1:
    case 6:
    case 8:
      return `/api/payment/return?payment_id=${payment.id}`;
    case 5:
    case 12:
      return `/pay-redirect?payment_id=${payment.id}&pay_id=${payment.payId}`;
    case 3:
      return `/amazon-pay-redirect?amazonCheckoutSessionId=${encodeURIComponent(checkoutSessionId ?? '')}`;
    default:
      return '';
  }
}

async function packIdFor(db: Db, named: number | undefined, remembered: number | null | undefined): Promise<number | null> {
  const id = named ?? remembered ?? null;
  if (id === null) return null;
  return (await packExists(db, id)) ? id : null;
}

/** The buy-point result of a payment that did not fail. */
function acceptedResult(ctx: PaymentContext, payment: PaymentRow, threeDSecure: boolean) {
  const base = { payment_id: payment.id, receipt_number: '', url: '' };
  if (payment.state === 'succeeded') return { ...base, result: POINT_BUY_RESULT.ok };
  if (payment.state === 'requires_action') {
    // 3-D Secure: the browser goes to /api/acs/secure…; other redirects are the provider's pages.
    if (threeDSecure) return { ...base, result: POINT_BUY_RESULT.threeDSecure, url: payment.actionUrl };
    return { ...base, result: POINT_BUY_RESULT.ok, url: absoluteUrl(ctx.origin, payment.actionUrl) };
  }
  if (payment.payId === PAY_ID.combini) {
    return { ...base, result: POINT_BUY_RESULT.ok, receipt_number: payment.receiptNumber, url: `/confirm-combini?payment_id=${payment.id}` };
  }
  if (payment.payId === PAY_ID.bank) return { ...base, result: POINT_BUY_RESULT.ok, url: `/bank-transfer-information?payment_id=${payment.id}` };
  if (payment.payId === PAY_ID.remittance) {
    // The provider's remittance address travels in the screen's address (decision 008).
    const remittance = encodeURIComponent(absoluteUrl(ctx.origin, payment.actionUrl));
    return { ...base, result: POINT_BUY_RESULT.ok, url: `${PAYMENT_RETURN_ROUTES.remittance}?payment_id=${payment.id}&remittance=${remittance}` };
  }
  return { ...base, result: POINT_BUY_RESULT.waiting };
}

/** Refuses a discount that takes the payment under the provider's least amount (or to 0 yen). */
function assertAboveMinimum(min: number, pay: number, extra: Record<string, unknown>): void {
  if (pay < Math.max(1, min)) throw AppError.field('coupon_code', 'coupons.below_minimum', { pay: pay.toLocaleString('ja-JP'), min: Math.max(1, min).toLocaleString('ja-JP') }, extra);
}

/**
 * POST /user/coupon/check: what a discount code takes off the course (the one named, else the
 * one last opened) and off every course on sale, before the member chooses a method — nothing is
 * taken from the budget yet; the purchase takes it (decision 061).
 */
export async function checkCourseCoupon(ctx: PaymentContext, userId: number, payload: { code: string; point_price_id?: number | undefined }) {
  const { db, session, now } = ctx;
  const course = await resolveCourse(db, session, payload.point_price_id);
  const quote = await quoteCourseDiscount(db, userId, payload.code, course.price, ctx.lang, now, 'code');
  const pay = course.price - quote.discountYen;
  if (pay < 1) throw AppError.field('code', 'coupons.below_minimum', { pay: pay.toLocaleString('ja-JP'), min: '1' });
  const courses = (await activeCourses(db)).map((c) => {
    const off = discountOn(quote.coupon, c.price);
    return { point_price_id: c.id, price: c.price, discount_yen: off, pay: c.price - off };
  });
  return {
    code: quote.coupon.code,
    name: quote.coupon.name,
    kind: quote.coupon.kind,
    point_price_id: course.id,
    price: course.price,
    discount_yen: quote.discountYen,
    pay,
    point: creditedPoints(course),
    courses,
  };
}

/**
 * POST /user/point/buy: orders the current course with a payment method. The amount and the
 * points come from the course on the server. The order is recorded first (pending), then the
 * provider is called with no transaction open, then its answer moves the order: a card may
 * succeed at once (points credited) or need 3-D Secure (result '7'); a slip or transfer waits
 * (pending, with its deadline); a wallet or carrier waits for the member at the provider.
 */
export async function buyPoints(ctx: PaymentContext, userId: number, payload: PointBuyPayload) {
  const { db, config, session, now } = ctx;
  assertOffered(config, payload.pay_id);
  const payId = payload.pay_id;
  const course = await resolveCourse(db, session, payload.point_price_id);
  if ((payId === PAY_ID.combini || payId === PAY_ID.bank || payId === PAY_ID.remittance) && (await repo.countOpenSlips(db, userId)) >= MAX_OPEN_SLIPS) {
    throw AppError.field('payment', 'payment.too_many_open', undefined, { result: POINT_BUY_RESULT.failed });
  }
  const checkoutSessionId = payId === PAY_ID.wallet ? (payload.checkout_session_id ?? session.data.checkoutSessionId) : undefined;
  if (payId === PAY_ID.wallet && !checkoutSessionId) throw checkoutSessionRequired({ result: POINT_BUY_RESULT.failed });
  // Another member's session id is refused before any order touches it, so theirs stays open.
  const checkout = payId === PAY_ID.wallet ? providerFor(db, config, payId).checkout : undefined;
  if (checkoutSessionId && (!checkout || !(await memberCheckoutSession(checkout, userId, checkoutSessionId)))) {
    throw checkoutSessionRequired({ result: POINT_BUY_RESULT.failed });
  }
  const provider = providerFor(db, config, payId);
  const failed = { result: POINT_BUY_RESULT.failed };
  // A discount code (decision 061): the member pays less for the same (paid) points.
  const quote = payload.coupon_code ? await quoteCourseDiscount(db, userId, payload.coupon_code, course.price, ctx.lang, now, 'coupon_code', failed) : undefined;
  const discountYen = quote?.discountYen ?? 0;
  const pay = course.price - discountYen;
  if (quote) assertAboveMinimum(provider.minimumAmount?.(payId) ?? 1, pay, failed);
  const actionDueAt = new Date(now.getTime() + config.PAYMENT_ACTION_MINUTES * 60_000);
  const payerName = payId === PAY_ID.bank ? normalizePayerName(payload.name ?? '') : '';
  const option = payId === PAY_ID.combini ? (payload.combini_code ?? '') : payId === PAY_ID.carrier ? (payload.carrier_id ?? '') : '';
  const payment = await createPayment(db, {
    userId,
    courseId: course.id,
    point: creditedPoints(course),
    amount: pay,
    tax: taxIncluded(pay),
    discountYen,
    couponId: quote?.coupon.id ?? null,
    payId,
    option,
    provider: providerNameFor(config, payId),
    payerName,
    packId: await packIdFor(db, payload.pack_id, session.data.pointPackId),
    dueAt: actionDueAt,
    createdAt: now,
    updatedAt: now,
  }, (tx) => ctx.guard(tx, userId, pay, now, failed), quote && {
    take: (tx) => takeCourseDiscount(tx, quote, userId, ctx.lang, now, failed),
    tie: (tx, row) => tieCourseDiscount(tx, quote, userId, row.id, now),
  });
  await saveSessionData(db, session, { lastPaymentId: payment.id });

  let outcome;
  try {
    outcome = await provider.create({
      paymentId: payment.id,
      payId,
      amount: payment.amount,
      description: `${creditedPoints(course)}pt`,
      token: payload.token,
      combiniCode: payId === PAY_ID.combini ? (option as CombiniCode) : undefined,
      carrierId: payId === PAY_ID.carrier ? (option as CarrierId) : undefined,
      payerName: payerName || undefined,
      checkoutSessionId,
      returnUrl: returnUrlFor(payment, checkoutSessionId),
      lang: ctx.lang,
      now,
    });
  } catch {
    // The outcome is unknown: the order stays pending and the sweeper asks the provider later.
    throw AppError.field('payment', 'payment.provider_unreachable', undefined, {
      result: POINT_BUY_RESULT.failed,
      payment_id: payment.id,
    });
  }
  const after = await applyOutcome(db, payment, outcome, now, { source: 'member' }, actionDueAt);
  if (after.state === 'failed' || after.state === 'canceled' || after.state === 'expired') {
    throw AppError.fields(failureErrors(after), {
      result: POINT_BUY_RESULT.failed,
      payment_id: after.id,
      receipt_number: '',
      url: '',
    });
  }
  return acceptedResult(ctx, after, outcome.threeDSecure === true);
}
