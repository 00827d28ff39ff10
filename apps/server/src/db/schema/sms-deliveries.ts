import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every SMS the shop hands to a provider (decision 031): the number in E.164 form, the adapter,
 * the provider's message id once accepted, and the attempts of the job that sends it. The text
 * itself is not kept here (it carries a one-time code); the sandbox's outbox keeps its own copy.
 */
export const smsDeliveries = pgTable(
  'sms_deliveries',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    provider: text('provider').notNull(),
    providerMessageId: text('provider_message_id').notNull().default(''),
    /** queued → sent | failed. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('sms_deliveries_state', sql`${t.state} in ('queued','sent','failed')`), index('sms_deliveries_created_idx').on(t.createdAt)],
);
