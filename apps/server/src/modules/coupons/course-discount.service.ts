import { COUPON_CODE_PATTERN, courseDiscount, normalizeCouponCode } from '@oripa/contract/coupons';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { takeHit } from '../throttle/throttle.service.ts';
import { checkMember, couponStatus, unusable } from './coupons.service.ts';
import * as repo from './coupons.repo.ts';

/**
 * Codes that take a percentage or yen off a point course (decision 061). The member pays the
 * course's price less the discount; the points stay the course's paid points. The discount is
 * taken from the code's budget (yen) by the conditional UPDATE in the payment's start transaction
 * and given back, once, when that payment fails, is cancelled or lapses.
 */

/** Codes a member may try an hour on /buy-point (checks and purchases together), as on my page. */
const CHECK_RULE = { scope: 'coupon-discount', max: 20, windowMs: 60 * 60 * 1000 };

/** A discount a code would give on a course, read before the payment starts. */
export interface CourseDiscountQuote {
  coupon: repo.CouponRecord;
  /** Yen off the course's price; the member pays `price - discountYen`. */
  discountYen: number;
}

function wire(c: repo.CouponRecord) {
  return { kind: c.kind, discount_percent: c.discountPercent, discount_yen: c.discountYen };
}

/** The discount of one code on each of several prices (the check shows every course). */
export function discountOn(coupon: repo.CouponRecord, price: number): number {
  return courseDiscount(wire(coupon), price);
}

/**
 * Reads the code the member typed on /buy-point and what it would take off a course of `price`
 * yen: refuses an unknown code, a points code (it belongs on my page), a code that cannot be used
 * now, and a member it is not for — each with its message on `field`, in the member's language.
 * Throttled like redemptions, so single-use codes cannot be guessed here either.
 */
export async function quoteCourseDiscount(
  db: Db,
  userId: number,
  typed: string,
  price: number,
  lang: Lang,
  now: Date,
  field = 'coupon_code',
  extra?: Record<string, unknown>,
): Promise<CourseDiscountQuote> {
  const code = normalizeCouponCode(typed);
  if (!COUPON_CODE_PATTERN.test(code)) throw AppError.field(field, 'coupons.code_format', undefined, extra);
  if (!(await takeHit(db, CHECK_RULE, String(userId), now))) throw AppError.field(field, 'coupons.throttled', undefined, extra);
  const coupon = await repo.findByCode(db, code);
  if (!coupon) throw AppError.field(field, 'coupons.unknown', undefined, extra);
  if (coupon.kind === 'points') throw AppError.field(field, 'coupons.points_code_on_my_page', undefined, extra);
  const discountYen = discountOn(coupon, price);
  if (couponStatus(coupon, now) !== 'active') throw unusable(coupon, now, field, extra);
  if (coupon.remaining < discountYen) throw AppError.field(field, 'coupons.exhausted', undefined, extra);
  await checkMember(db, coupon, userId, lang, field, extra);
  return { coupon, discountYen };
}

/**
 * In the payment's start transaction, before the payment row: takes the discount from the code's
 * budget by the conditional UPDATE (never below zero under parallel purchases; it locks the
 * code's row to the transaction's end), then, under that lock, counts the member's live
 * redemptions again and re-reads the first-purchase condition. Any refusal rolls the start back.
 */
export async function takeCourseDiscount(
  tx: DbOrTx,
  quote: CourseDiscountQuote,
  userId: number,
  lang: Lang,
  now: Date,
  extra?: Record<string, unknown>,
): Promise<void> {
  const { coupon, discountYen } = quote;
  if (!(await repo.takeFromBudget(tx, coupon.id, discountYen, now))) {
    const after = (await repo.findById(tx, coupon.id)) ?? coupon;
    if (couponStatus(after, now) !== 'active') throw unusable(after, now, 'coupon_code', extra);
    throw AppError.field('coupon_code', 'coupons.exhausted', undefined, extra);
  }
  await checkMember(tx, coupon, userId, lang, 'coupon_code', extra);
}

/** Ties the discount to the payment it was taken off (same transaction, after the payment row). */
export async function tieCourseDiscount(tx: DbOrTx, quote: CourseDiscountQuote, userId: number, paymentId: number, now: Date): Promise<void> {
  await repo.insertDiscountRedemption(tx, { couponId: quote.coupon.id, userId, paymentId, discountYen: quote.discountYen, now });
}

/**
 * Gives a failed, cancelled or lapsed payment's discount back to its code's budget, exactly once
 * whoever calls (the member's return, a notification, the sweeper, an operator): the redemption's
 * `released_at` is set by a guarded UPDATE, and only the caller that set it puts the yen back.
 * Runs in the transaction that moved the payment.
 */
export async function releaseCourseDiscount(tx: DbOrTx, paymentId: number, now: Date): Promise<boolean> {
  const released = await repo.releaseRedemption(tx, paymentId, now);
  if (!released) return false;
  await repo.giveBackToBudget(tx, released.couponId, released.discountYen);
  return true;
}

/**
 * A lapsed payment confirmed late (a bank transfer that arrived after its deadline): its discount
 * is taken from the budget again when the budget still covers it, and its redemption counts again.
 * Answers false when it did not: the member paid the discounted price and the shop honours it
 * outside the code's budget, so the redemption stays released (it took nothing to give back).
 */
export async function retakeCourseDiscount(tx: DbOrTx, paymentId: number, now: Date): Promise<boolean> {
  const back = await repo.unreleaseRedemption(tx, paymentId);
  if (!back) return true;
  if (await repo.retakeFromBudget(tx, back.couponId, back.discountYen)) return true;
  await repo.releaseRedemption(tx, paymentId, now);
  return false;
}

/** A code's text, for the receipt of a payment it discounted. */
export async function couponCode(db: DbOrTx, couponId: number): Promise<string> {
  return (await repo.findById(db, couponId))?.code ?? '';
}
