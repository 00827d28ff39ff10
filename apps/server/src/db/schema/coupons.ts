import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CouponKind } from '@oripa/contract/coupons';
import { ranks } from './catalog.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * Coupons and promotion codes (decision 059), owned by the coupons module. A code gives `points`
 * free points to each member who redeems it, between `starts_at` and `ends_at`, while it is not
 * paused, while its budget (`remaining`, in points, out of `budget`) covers one more use and, for
 * a single-use code of a batch, while `uses` is below `max_uses`. Both counters move in one
 * conditional UPDATE in the redemption's transaction (coupons.repo.ts takeFromBudget).
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper-case letters and digits, as the member types it (matched case-blind). */
    code: text('code').notNull(),
    /** The operator's label, e.g. the campaign's name. */
    name: text('name').notNull().default(''),
    /**
     * What the code gives: free points (`points`), or a percentage (`discount_percent`) or yen
     * (`discount_yen`) off a point course (decision 061; `points` is 0 then).
     */
    kind: text('kind').$type<CouponKind>().notNull().default('points'),
    points: integer('points').notNull(),
    discountPercent: integer('discount_percent'),
    discountYen: integer('discount_yen'),
    /** In points for a `points` code, in yen for a discount code. */
    budget: integer('budget').notNull(),
    remaining: integer('remaining').notNull(),
    uses: integer('uses').notNull().default(0),
    /** 1 for the single-use codes of a batch; null: no limit but the budget. */
    maxUses: integer('max_uses'),
    perMemberLimit: integer('per_member_limit').notNull().default(1),
    /** Only for members with no completed point purchase. */
    firstPurchaseOnly: boolean('first_purchase_only').notNull().default(false),
    /** Only for members of this rank or a higher one (by the ranks' sort). */
    minRankId: integer('min_rank_id').references(() => ranks.id, { onDelete: 'restrict' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    paused: boolean('paused').notNull().default(false),
    /** The batch of single-use codes this one was generated in, for its CSV file. */
    batch: text('batch'),
    createdBy: text('created_by').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coupons_kind', sql`${t.kind} in ('points','percent_off','yen_off')`),
    check(
      'coupons_points',
      sql`(${t.kind} = 'points' and ${t.points} > 0 and ${t.discountPercent} is null and ${t.discountYen} is null) or (${t.kind} = 'percent_off' and ${t.points} = 0 and ${t.discountPercent} between 1 and 99 and ${t.discountYen} is null) or (${t.kind} = 'yen_off' and ${t.points} = 0 and ${t.discountYen} > 0 and ${t.discountPercent} is null)`,
    ),
    check('coupons_budget', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.budget}`),
    check('coupons_uses', sql`${t.uses} >= 0 and (${t.maxUses} is null or ${t.uses} <= ${t.maxUses})`),
    check('coupons_per_member', sql`${t.perMemberLimit} >= 1`),
    check('coupons_period', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('coupons_code_idx').on(t.code),
    index('coupons_batch_idx').on(t.batch),
  ],
);

/**
 * One redemption: the member, the code and the free points credited (the ledger row's key is
 * `coupon:<id>`), or, for a discount code, the payment it took `discount_yen` off (decision 061);
 * `released_at` is set once when that payment failed, was cancelled or lapsed and the yen went
 * back to the budget. Only unreleased redemptions count against the per-member limit.
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: serial('id').primaryKey(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'restrict' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    points: integer('points').notNull(),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'cascade' }),
    discountYen: integer('discount_yen').notNull().default(0),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    redeemedAt: timestamp('redeemed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('coupon_redemptions_coupon_member_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_user_idx').on(t.userId),
    uniqueIndex('coupon_redemptions_payment_idx').on(t.paymentId),
  ],
);
