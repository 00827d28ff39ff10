import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './admin.ts';

/** The alerts an operator chose to get by mail (ALERT_KIND), one row a choice; owned by alerts. */
export const operatorAlertMails = pgTable(
  'operator_alert_mails',
  {
    operatorId: integer('operator_id')
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.operatorId, t.kind] })],
);

/**
 * Every alert sent: its condition (kind and subject, e.g. 'pack:12') and period (e.g. the JST
 * day); the unique index makes each go at most once, whichever instance notices it first.
 */
export const alertsSent = pgTable(
  'alerts_sent',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    period: text('period').notNull(),
    message: jsonb('message').$type<{ ja: string; en: string }>().notNull(),
    /** 'none' (no webhook for this kind), 'sent', or 'failed' (the webhook refused or timed out). */
    webhookState: text('webhook_state').notNull().default('none'),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('alerts_sent_webhook_state', sql`${t.webhookState} in ('none','sent','failed')`),
    uniqueIndex('alerts_sent_once_idx').on(t.kind, t.subject, t.period),
    index('alerts_sent_at_idx').on(t.sentAt),
  ],
);
