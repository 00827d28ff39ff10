import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Mails and SMS delivered by the built-in sandbox providers: what would have gone out, for
 * operators (`npm run ops -- outbox`) and tests to read. With SMTP configured, mails go out
 * over SMTP instead and are not kept here.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel').notNull(),
    /** Mail address or phone number. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull().default(''),
    body: text('body').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('outbox_channel', sql`${t.channel} in ('mail','sms')`),
    index('outbox_recipient_idx').on(t.recipient, t.id),
    index('outbox_created_idx').on(t.createdAt),
  ],
);
