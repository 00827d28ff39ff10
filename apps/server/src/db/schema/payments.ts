import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { packs, pointCourses } from './catalog.ts';
import { users } from './users.ts';

/**
 * A member's order of points for money: the state machine of the design (pending →
 * requires_action → succeeded | failed | expired | canceled). Amount and points are copied from
 * the course when the order is made, never taken from the client. State changes are guarded
 * UPDATEs (`… where state in (…)`); the move to succeeded credits the points in the same
 * transaction, keyed by the payment id.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The course bought; null for a payment an operator recorded for another amount (outside the site). */
    courseId: integer('course_id').references(() => pointCourses.id),
    /** Points credited on success. */
    point: integer('point').notNull(),
    /** Yen, tax included, and the tax inside it. */
    amount: integer('amount').notNull(),
    tax: integer('tax').notNull(),
    /** Payment id of the spec: 1 card, 2 convenience store, 3/5 wallets, 4 bank, 6 carrier, 8 mobile, 12 mobile wallet. */
    payId: smallint('pay_id').notNull(),
    /** Convenience-store chain code (2) or carrier (6); '' otherwise. */
    option: text('option').notNull().default(''),
    /** Which provider adapter handles it, and its reference there. */
    provider: text('provider').notNull(),
    providerRef: text('provider_ref'),
    state: text('state').notNull().default('pending'),
    /** Convenience-store receipt number; '' otherwise. */
    receiptNumber: text('receipt_number').notNull().default(''),
    /** Bank transfer: the account holder name the money comes from (katakana). */
    payerName: text('payer_name').notNull().default(''),
    /** Where the member's browser goes while the payment waits (provider page or slip). */
    actionUrl: text('action_url').notNull().default(''),
    /** Bank transfer to an account the provider opened for this payment (a virtual account); null: the shop's own account. */
    bankAccount: jsonb('bank_account').$type<{ bank: string; number: string; holder: string }>(),
    /** The pack the member came from, shown again after the purchase. */
    packId: integer('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    /** The provider's error code of a failure. */
    errorCode: text('error_code').notNull().default(''),
    /** When a pending or requires_action payment lapses (slip deadline, abandoned redirect). */
    dueAt: timestamp('due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it reached a final state. */
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Yen a coupon took off the course's price (decision 061); `amount` is what was paid after it. */
    discountYen: integer('discount_yen').notNull().default(0),
    // No .references() here: coupons.ts refers to payments (the constraint is in migration 0044).
    couponId: integer('coupon_id'),
  },
  (t) => [
    check(
      'payments_state',
      sql`${t.state} in ('pending','requires_action','succeeded','failed','expired','canceled')`,
    ),
    check('payments_amount', sql`${t.amount} > 0 and ${t.point} > 0 and ${t.tax} >= 0`),
    check('payments_discount', sql`${t.discountYen} >= 0 and (${t.discountYen} = 0 or ${t.couponId} is not null)`),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_due_idx').on(t.dueAt).where(sql`${t.state} in ('pending','requires_action')`),
  ],
);

/**
 * The built-in sandbox provider's own records, standing for the provider's systems: the shop
 * never reads them; it talks to the sandbox through the PaymentProvider interface only.
 */
export const sandboxPayTokens = pgTable('sandbox_pay_tokens', {
  token: text('token').primaryKey(),
  shopId: text('shop_id').notNull(),
  /** 'card' or 'mobile'. */
  kind: text('kind').notNull(),
  /** Masked card number, e.g. '************1111'. */
  masked: text('masked').notNull().default(''),
  /** The test outcome the card number stands for (see sandbox/test-cards.ts). */
  scenario: text('scenario').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxPayTransactions = pgTable(
  'sandbox_pay_transactions',
  {
    id: text('id').primaryKey(),
    /** The shop's order id (its payment id): one transaction per order. */
    orderId: text('order_id').notNull(),
    payId: smallint('pay_id').notNull(),
    /** card, mobile, combini, bank, redirect, checkout. */
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    /** requires_action, pending, succeeded, failed, canceled, expired. */
    status: text('status').notNull(),
    scenario: text('scenario').notNull().default(''),
    errorCode: text('error_code').notNull().default(''),
    option: text('option').notNull().default(''),
    masked: text('masked').notNull().default(''),
    receiptNumber: text('receipt_number').notNull().default(''),
    confirmNumber: text('confirm_number').notNull().default(''),
    payerName: text('payer_name').notNull().default(''),
    /** The shop's page the member's browser returns to. */
    returnUrl: text('return_url').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }),
    /** When the shop was last told of a change (notifications). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_pay_transactions_order_idx').on(t.orderId)],
);

/** The sandbox's checkout sessions (the Amazon Pay-style wallet). */
export const sandboxCheckoutSessions = pgTable('sandbox_checkout_sessions', {
  id: text('id').primaryKey(),
  /** open (buyer chose a method), bound (an order uses it), canceled. */
  status: text('status').notNull(),
  /** The signed button payload it was started with. */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  payMethod: text('pay_method').notNull(),
  orderId: text('order_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
