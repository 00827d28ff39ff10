import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';

/*
 * Coupons and promotion codes (decision 059): a code gives the member free points, within its
 * validity period, its total budget of points and its per-member limit, optionally only to members
 * who never bought points or to a minimum rank. The console creates, pauses and lists codes, and
 * generates batches of single-use codes with a CSV file of them.
 */

export const COUPON_CODE_MIN = 4;
export const COUPON_CODE_MAX = 32;
export const COUPON_POINTS_MAX = 100_000;
export const COUPON_BUDGET_MAX = 100_000_000;
export const COUPON_PER_MEMBER_MAX = 100;
export const COUPON_BATCH_MAX = 5_000;
export const COUPON_NAME_MAX = 100;
/** Codes a batch generates: this many letters and digits after the operator's prefix. */
export const COUPON_BATCH_CODE_LENGTH = 10;
export const COUPONS_PER_PAGE = 50;
export const COUPON_USES_SHOWN = 200;
/** The largest yen a `yen_off` code may take off one course. */
export const COUPON_YEN_OFF_MAX = 1_000_000;

/**
 * What a code gives (decisions 059, 061): free points, or a percentage or yen off the price of a
 * point course on /buy-point (the member pays less; the points stay the course's paid points).
 */
export const COUPON_KINDS = ['points', 'percent_off', 'yen_off'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const isDiscountKind = (kind: CouponKind): kind is 'percent_off' | 'yen_off' => kind !== 'points';

/**
 * The yen a discount code takes off a course of `price` yen: the percentage rounded down (the
 * member is never told more than is taken), or the fixed yen, never more than the price.
 */
export function courseDiscount(coupon: { kind: CouponKind; discount_percent: number | null; discount_yen: number | null }, price: number): number {
  if (coupon.kind === 'percent_off') return Math.min(price, Math.floor((price * (coupon.discount_percent ?? 0)) / 100));
  if (coupon.kind === 'yen_off') return Math.min(price, coupon.discount_yen ?? 0);
  return 0;
}

/**
 * A code as the member may type it: full-width characters, lower case, spaces and hyphens are
 * forgiven (NFKC, upper case, both removed); what is left must be 4–32 letters A–Z and digits.
 */
export function normalizeCouponCode(typed: string): string {
  return typed.normalize('NFKC').toUpperCase().replace(/[\s-]/g, '');
}
export const COUPON_CODE_PATTERN = /^[A-Z0-9]{4,32}$/;

const codeField = textField({ error: 'coupons.code_format' })
  .max(200, 'coupons.code_format')
  .transform(normalizeCouponCode)
  .refine((v) => COUPON_CODE_PATTERN.test(v), 'coupons.code_format');

/** POST /user/coupon: the member redeems a code. */
export const redeemCouponSchema = z.object({ code: codeField });
/** What was credited: free points (`point`), their lot's expiry (ISO-8601), the member's balance after. */
export const redeemCouponResponse = z.object({ point: z.number().int(), expires: z.string(), balance: z.number().int(), name: z.string() });
export type RedeemCouponResult = z.infer<typeof redeemCouponResponse>;

const isoTime = textField({ error: 'coupons.time_format' }).refine((v) => v.length <= 40 && !Number.isNaN(Date.parse(v)), 'coupons.time_format');
const nameField = textField().max(COUPON_NAME_MAX, 'common.too_long').default('');
const conditions = {
  first_purchase_only: z.boolean({ error: 'common.invalid' }).default(false),
  /** The lowest rank that may redeem (null: any member). */
  min_rank_id: idField().nullable().default(null),
};
const period = {
  starts_at: isoTime,
  ends_at: isoTime,
};
const endAfterStart = (v: { starts_at: string; ends_at: string }, ctx: z.RefinementCtx) => {
  if (Date.parse(v.ends_at) <= Date.parse(v.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'coupons.end_before_start' });
};

/** What a code gives: its kind and the amount of that kind (`points`, `discount_percent` or `discount_yen`). */
const gives = {
  kind: z.enum(COUPON_KINDS, { error: 'coupons.kind_invalid' }).default('points'),
  points: intField({ min: 1, max: COUPON_POINTS_MAX, message: 'coupons.points_range' }).optional(),
  discount_percent: intField({ min: 1, max: 99, message: 'coupons.percent_range' }).optional(),
  discount_yen: intField({ min: 1, max: COUPON_YEN_OFF_MAX, message: 'coupons.yen_off_range' }).optional(),
};
type Gives = { kind: CouponKind; points?: number | undefined; discount_percent?: number | undefined; discount_yen?: number | undefined };
/** The amount of the code's own kind is required; the others are ignored (the service stores them as 0/null). */
const givesRequired = (v: Gives, ctx: z.RefinementCtx) => {
  if (v.kind === 'points' && v.points === undefined) ctx.addIssue({ code: 'custom', path: ['points'], message: 'coupons.points_range' });
  if (v.kind === 'percent_off' && v.discount_percent === undefined) ctx.addIssue({ code: 'custom', path: ['discount_percent'], message: 'coupons.percent_range' });
  if (v.kind === 'yen_off' && v.discount_yen === undefined) ctx.addIssue({ code: 'custom', path: ['discount_yen'], message: 'coupons.yen_off_range' });
};

/**
 * POST /admin/coupons/create: one code that many members may redeem. The budget counts points
 * for a `points` code and yen for a discount code.
 */
export const createCouponSchema = z
  .object({
    code: codeField,
    name: nameField,
    ...gives,
    budget: intField({ min: 1, max: COUPON_BUDGET_MAX, message: 'coupons.budget_range' }),
    per_member_limit: intField({ min: 1, max: COUPON_PER_MEMBER_MAX, message: 'coupons.per_member_range' }).default(1),
    ...conditions,
    ...period,
  })
  .superRefine((v, ctx) => {
    endAfterStart(v, ctx);
    givesRequired(v, ctx);
    if (v.kind === 'points' && v.points !== undefined && v.budget < v.points) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'coupons.budget_below_points' });
    if (v.kind === 'yen_off' && v.discount_yen !== undefined && v.budget < v.discount_yen) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'coupons.budget_below_discount' });
  });
export type CreateCoupon = z.output<typeof createCouponSchema>;

/**
 * POST /admin/coupons/batch: `count` single-use codes (prefix + random letters and digits), each
 * giving `points` or its discount. A code's budget is its one use: the points, the yen off, or,
 * for a percentage, `budget` yen (the most one use may take off).
 */
export const couponBatchSchema = z
  .object({
    ...gives,
    budget: intField({ min: 1, max: COUPON_BUDGET_MAX, message: 'coupons.budget_range' }).optional(),
    name: nameField,
    prefix: textField({ error: 'coupons.prefix_format' })
      .transform(normalizeCouponCode)
      .refine((v) => /^[A-Z0-9]{0,8}$/.test(v), 'coupons.prefix_format')
      .default(''),
    count: intField({ min: 1, max: COUPON_BATCH_MAX, message: 'coupons.count_range' }),
    ...conditions,
    ...period,
  })
  .superRefine((v, ctx) => {
    endAfterStart(v, ctx);
    givesRequired(v, ctx);
    if (v.kind === 'percent_off' && v.budget === undefined) ctx.addIssue({ code: 'custom', path: ['budget'], message: 'coupons.budget_range' });
  });
export type CouponBatch = z.output<typeof couponBatchSchema>;

/** POST /admin/coupons/pause: pause (no redemption) or resume a code. */
export const pauseCouponSchema = z.object({ id: idField(), paused: z.boolean({ error: 'common.invalid' }) });

export const COUPON_STATUSES = ['active', 'paused', 'scheduled', 'ended', 'exhausted'] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

export const couponRow = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  points: z.number().int(),
  discount_percent: z.number().int().nullable(),
  discount_yen: z.number().int().nullable(),
  /** Points for a `points` code, yen for a discount code; `remaining` likewise. */
  budget: z.number().int(),
  remaining: z.number().int(),
  uses: z.number().int(),
  max_uses: z.number().int().nullable(),
  members: z.number().int(),
  per_member_limit: z.number().int(),
  first_purchase_only: z.boolean(),
  min_rank_id: z.number().int().nullable(),
  starts_at: z.string(),
  ends_at: z.string(),
  paused: z.boolean(),
  batch: z.string().nullable(),
  status: z.enum(COUPON_STATUSES),
  created_at: z.string(),
});
export type CouponRow = z.infer<typeof couponRow>;

/** GET /admin/coupons: the codes, newest first; a batch's codes only when `batch` is given. */
export const couponListQuery = z.object({
  page: intField({ min: 1, max: 100_000 }).default(1),
  batch: textField().max(40).default(''),
});
export const couponListResponse = z.object({
  coupons: z.array(couponRow),
  total: z.number().int(),
  page: z.number().int(),
  per: z.number().int(),
  /** Batches of single-use codes: their label, size, uses and points given. */
  batches: z.array(
    z.object({ batch: z.string(), name: z.string(), kind: z.enum(COUPON_KINDS), codes: z.number().int(), used: z.number().int(), points_given: z.number().int(), created_at: z.string() }),
  ),
});
export const couponResponse = z.object({ coupon: couponRow });

/** POST /user/coupon/check: what a discount code would take off a course before the member pays. */
export const checkCouponSchema = z.object({ code: codeField, point_price_id: idField().optional() });
export const checkCouponResponse = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.enum(COUPON_KINDS),
  point_price_id: z.number().int(),
  /** The course's price, the yen off, the yen to pay, and the (unchanged) points. */
  price: z.number().int(),
  discount_yen: z.number().int(),
  pay: z.number().int(),
  point: z.number().int(),
  /** The discount on each course on sale (the member may pick another course after checking). */
  courses: z.array(z.object({ point_price_id: z.number().int(), price: z.number().int(), discount_yen: z.number().int(), pay: z.number().int() })),
});
export type CheckCouponResult = z.infer<typeof checkCouponResponse>;
export const couponBatchResponse = z.object({ batch: z.string(), count: z.number().int() });

/** GET /admin/coupons/uses/:id: the code's redemptions, newest first (at most COUPON_USES_SHOWN). */
export const couponUsesResponse = z.object({
  coupon: couponRow,
  uses: z.array(
    z.object({
      user_id: z.number().int(),
      points: z.number().int(),
      /** Discount codes: the yen taken off, the payment, and whether it was given back (the payment failed or lapsed). */
      discount_yen: z.number().int(),
      payment_id: z.number().int().nullable(),
      released: z.boolean(),
      redeemed_at: z.string(),
    }),
  ),
});

/** GET /admin/coupons/batch_file: a batch's codes as a CSV file for Excel. */
export const couponBatchFileQuery = z.object({
  batch: textField().min(1, 'common.required').max(40),
  encoding: z.enum(['utf8', 'sjis'], { error: 'common.invalid' }).default('utf8'),
});
export const couponBatchFileResponse = z.object({ filename: z.string(), content_base64: z.string(), rows: z.number().int() });
