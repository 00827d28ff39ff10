import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './admin.ts';
import { purchases } from './gacha.ts';
import { users } from './users.ts';

/** Members' inquiries (decision 052); owned by the inquiries module. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** INQUIRY_CATEGORIES of the contract. */
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    /** 'open' | 'waiting_member' | 'answered' | 'closed' */
    status: text('status').notNull().default('open'),
    assigneeId: integer('assignee_id').references(() => operators.id, { onDelete: 'set null' }),
    /** A purchase of the same member the inquiry is about (checked when it is sent). */
    purchaseId: integer('purchase_id').references(() => purchases.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last message or change: the inbox's order. */
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inquiries_status', sql`${t.status} in ('open','waiting_member','answered','closed')`),
    check('inquiries_category', sql`${t.category} in ('shipping','points_payment','packs_cards','account','other')`),
    index('inquiries_user_idx').on(t.userId, t.id),
    index('inquiries_inbox_idx').on(t.status, t.updatedAt),
  ],
);

/** The messages of an inquiry: the member's, operators' answers and operators' internal notes. */
export const inquiryMessages = pgTable(
  'inquiry_messages',
  {
    id: serial('id').primaryKey(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    /** Null for the member's own messages. */
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    /** 'member' | 'operator' (kept when the operator is gone). */
    author: text('author').notNull(),
    /** An operators' note: never shown or sent to the member. */
    internal: boolean('internal').notNull().default(false),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('inquiry_messages_author', sql`${t.author} in ('member','operator')`),
    check('inquiry_messages_internal', sql`not ${t.internal} or ${t.author} = 'operator'`),
    index('inquiry_messages_inquiry_idx').on(t.inquiryId, t.id),
  ],
);

/** Images attached to a message, kept in the media blob store (not as public media rows). */
export const inquiryAttachments = pgTable(
  'inquiry_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => inquiryMessages.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    /** 'db' or 's3', as media.storage. */
    storage: text('storage').notNull(),
    blobKey: text('blob_key').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
  },
  (t) => [index('inquiry_attachments_message_idx').on(t.messageId)],
);
