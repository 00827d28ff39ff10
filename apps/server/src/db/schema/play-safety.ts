import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A member's date of birth (issue 26, decision 037), one row a member, owned by the safety
 * module. The member writes it once; only support changes it afterwards (audited). A minor's
 * row records when the member confirmed a parent's consent. Point purchases lock this row, so
 * two payment starts of one member count each other's amounts (the monthly cap of minors).
 */
export const memberAges = pgTable(
  'member_ages',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    /** When the member (under 18 at the time) confirmed a parent's or guardian's consent. */
    guardianConsentAt: timestamp('guardian_consent_at', { withTimezone: true }),
    /** Who wrote the current date: 'member' (registration or before a purchase) or 'operator'. */
    source: text('source').notNull().default('member'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('member_ages_source', sql`${t.source} in ('member','operator')`)],
);
