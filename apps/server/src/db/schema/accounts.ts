import {
  bigserial,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Failed logins, one row each, keyed by the address tried and the client IP. Throttling counts
 * recent rows (so it holds across instances); a success clears the account's rows; the sweeper
 * drops old ones.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The address as tried (normalized to lower case), member or not. */
    mail: text('mail').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_failures_mail_idx').on(t.mail, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(t.createdAt),
  ],
);

/**
 * Single-use password reset links. Only the SHA-256 of the mailed token is stored, so a read of
 * the database gives no working link.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the link was used, or made void by a later use or a newer password. */
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_hash_idx').on(t.tokenHash),
    index('password_reset_tokens_user_idx').on(t.userId, t.createdAt),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * SMS verification codes. The 6 digits are stored only as a salted SHA-256; a code expires,
 * allows a few attempts and is used once. Rows also serve the resend throttle.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code was sent to; verifying it makes this the member's phone. */
    tel: text('tel').notNull(),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sms_codes_user_idx').on(t.userId, t.createdAt),
    index('sms_codes_tel_idx').on(t.tel, t.createdAt),
    index('sms_codes_created_idx').on(t.createdAt),
  ],
);
