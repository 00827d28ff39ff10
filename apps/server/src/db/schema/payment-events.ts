import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './admin.ts';
import { payments } from './payments.ts';

/**
 * A payment's history: one row per thing that happened to it (created, a provider's answer or
 * notification, completed and credited, confirmed by an operator, cancelled, expired, recorded
 * by an operator for money received outside the site). Written in the transaction of the change
 * it describes, by one helper (modules/payments/payment-events.ts); a trigger refuses UPDATE and
 * DELETE while the payment exists, so the history is append-only.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** What happened (PAYMENT_EVENT_KINDS in the contract). */
    kind: text('kind').notNull(),
    /** The payment's state after the event. */
    state: text('state').notNull(),
    /** Which path brought it: member, return, notification, sweeper, operator, cli (PAYMENT_EVENT_SOURCES). */
    source: text('source').notNull(),
    /** The operator who did it (their address at the time, or 'cli'); '' for the shop itself. */
    actor: text('actor').notNull().default(''),
    operatorId: integer('operator_id').references(() => operators.id),
    /** What the event carried: provider reference, error code, points credited, the outside reference… */
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payment_events_state', sql`${t.state} in ('pending','requires_action','succeeded','failed','expired','canceled')`),
    index('payment_events_payment_idx').on(t.paymentId, t.id),
  ],
);
