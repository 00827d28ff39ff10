import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Server-side sessions. The cookie holds a random token; the row is keyed by its SHA-256 so a
 * leaked database does not leak live cookies. Visitors get a cookie but a row only when
 * something must be remembered (login, the pack last opened).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'skip input next time': a long-lived session. */
    remember: boolean('remember').notNull().default(false),
    /** Small per-session state, such as the pack last opened (design decision 1). */
    data: jsonb('data').$type<SessionData>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export interface SessionData {
  packId?: number;
  pointPriceId?: number;
  /** The pack /buy-point came from (query packId), kept with the payment for the completion screens. */
  pointPackId?: number | null;
  /** The member's payment the completion screens show when a call names none. */
  lastPaymentId?: number;
  /** The checkout-session wallet's session at the provider (set_checkout_session). */
  checkoutSessionId?: string;
  [key: string]: unknown;
}
