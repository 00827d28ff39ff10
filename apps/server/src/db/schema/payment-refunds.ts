import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './admin.ts';
import { payments, sandboxPayTransactions } from './payments.ts';
import { users } from './users.ts';

/**
 * Money given back of a succeeded payment (decision 031): asked by an owner in the console, or
 * made at the provider and reported by its refund or chargeback notification. `request_key`
 * makes each one once per payment (the console form's key, or the provider's refund id), so a
 * double or racing submit and a repeated notification record one refund. The state moves
 * requested → succeeded | failed; the points are taken back with the move to succeeded.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'operator' (the console), 'provider_refund' or 'chargeback' (the provider's notification). */
    origin: text('origin').notNull(),
    requestKey: text('request_key').notNull(),
    /** Yen given back by this refund. */
    amount: integer('amount').notNull(),
    /** Points taken back with it (set when it succeeds; capped by what is unspent). */
    pointsTaken: integer('points_taken').notNull().default(0),
    state: text('state').notNull().default('requested'),
    reason: text('reason').notNull().default(''),
    providerRefundRef: text('provider_refund_ref').notNull().default(''),
    errorCode: text('error_code').notNull().default(''),
    operatorId: integer('operator_id').references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_refunds_state', sql`${t.state} in ('requested','succeeded','failed')`),
    check('payment_refunds_origin', sql`${t.origin} in ('operator','provider_refund','chargeback')`),
    check('payment_refunds_amount', sql`${t.amount} > 0 and ${t.pointsTaken} >= 0`),
    uniqueIndex('payment_refunds_key_idx').on(t.paymentId, t.requestKey),
    index('payment_refunds_user_idx').on(t.userId, t.id),
  ],
);

/** The sandbox provider's own record of refunds and chargebacks (stands for the provider's systems). */
export const sandboxPayRefunds = pgTable(
  'sandbox_pay_refunds',
  {
    id: text('id').primaryKey(),
    transactionId: text('transaction_id')
      .notNull()
      .references(() => sandboxPayTransactions.id, { onDelete: 'cascade' }),
    /** 'refund' (asked by the shop or made on the sandbox's page) or 'chargeback'. */
    kind: text('kind').notNull(),
    /** The shop's refund id when the shop asked (idempotency), else ''. */
    shopRefundKey: text('shop_refund_key').notNull().default(''),
    amount: integer('amount').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_pay_refunds_key_idx').on(t.transactionId, t.shopRefundKey).where(sql`${t.shopRefundKey} <> ''`)],
);
