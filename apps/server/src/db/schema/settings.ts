import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop-wide switches and secrets (maintenance flag, csrf key), one row a key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Generated images (card, pack and banner art) and operator uploads, served under /media. */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
