import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Mails and SMS of the shop, for operators (`npm run ops -- outbox`, the console) and tests to
 * read.
 *
 * Two kinds of rows share it:
 * - 'kept': what the sandbox providers (SMS, and reset mails without SMTP) would have sent.
 * - transactional mails (issue 13, `kind` set): enqueued 'pending' in the transaction of their
 *   event, unique by `event_key` so one event mails once; the mail worker renders and delivers
 *   them ('sent'), retrying with backoff (`attempts`, `next_attempt_at`, `last_error`) until
 *   'failed'. Without SMTP the worker renders them and marks them 'kept'.
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
    /** The transactional mail's kind (MAIL_KIND); '' for sandbox rows. */
    kind: text('kind').notNull().default(''),
    /** What the mail is about, e.g. 'payment:12': one row per event and kind. */
    eventKey: text('event_key'),
    /** Language the mail is written in (the member's). */
    lang: text('lang').notNull().default('ja'),
    /** The template's facts, rendered at delivery. */
    data: jsonb('data').$type<Record<string, unknown>>(),
    html: text('html').notNull().default(''),
    state: text('state').notNull().default('kept'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastError: text('last_error').notNull().default(''),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    check('outbox_channel', sql`${t.channel} in ('mail','sms')`),
    check('outbox_state', sql`${t.state} in ('kept','pending','sent','failed')`),
    index('outbox_recipient_idx').on(t.recipient, t.id),
    index('outbox_created_idx').on(t.createdAt),
    uniqueIndex('outbox_event_idx').on(t.kind, t.eventKey),
    index('outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
  ],
);

/** Optional mails a member turned off (OPTIONAL_MAIL_KINDS); no row means the mail goes out. */
export const mailOptOuts = pgTable(
  'mail_opt_outs',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);
