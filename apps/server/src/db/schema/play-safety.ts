import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { operators } from './admin.ts';
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

/**
 * The member's own limits (issue 26 point 3, decision 043), one row a member, owned by the safety
 * module: daily and monthly spending limits (yen; null: none), each with a raise waiting for its
 * time (`*_pending_from`; the pending amount null means the limit is removed then), and a
 * time-out or self-exclusion (`block_kind`) until `blocked_until`. The purchase statements of
 * packs read `blocked_until` and `block_kind` in the statements they already make (decision 043).
 */
export const memberLimits = pgTable(
  'member_limits',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dailyLimit: integer('daily_limit'),
    dailyPending: integer('daily_pending'),
    dailyPendingFrom: timestamp('daily_pending_from', { withTimezone: true }),
    monthlyLimit: integer('monthly_limit'),
    monthlyPending: integer('monthly_pending'),
    monthlyPendingFrom: timestamp('monthly_pending_from', { withTimezone: true }),
    /** 'timeout' | 'exclusion', or null: never paused. */
    blockKind: text('block_kind'),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_limits_block_kind', sql`${t.blockKind} is null or ${t.blockKind} in ('timeout','exclusion')`),
    check(
      'member_limits_amounts',
      sql`coalesce(${t.dailyLimit}, 0) >= 0 and coalesce(${t.dailyPending}, 0) >= 0 and coalesce(${t.monthlyLimit}, 0) >= 0 and coalesce(${t.monthlyPending}, 0) >= 0`,
    ),
  ],
);

/**
 * Every change of a member's own limits, one row each (decision 043): who (the member, or an
 * operator with the family's reason), what (a limit's new amount, null: removed; a pause's
 * period and end), when it was asked and from when it applies.
 */
export const memberLimitChanges = pgTable(
  'member_limit_changes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'daily_limit' | 'monthly_limit' | 'timeout' | 'exclusion' */
    kind: text('kind').notNull(),
    /** A limit's new amount in yen; null: the limit is removed (or the row is a pause). */
    amount: integer('amount'),
    /** A pause's period ('24h', '7d', '30d', '6m', '1y', '5y'). */
    period: text('period'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    /** A pause's end. */
    until: timestamp('until', { withTimezone: true }),
    /** 'member' | 'operator' */
    actor: text('actor').notNull(),
    operatorId: integer('operator_id').references(() => operators.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('member_limit_changes_kind', sql`${t.kind} in ('daily_limit','monthly_limit','timeout','exclusion')`),
    check('member_limit_changes_actor', sql`${t.actor} in ('member','operator')`),
    index('member_limit_changes_user').on(t.userId, t.id),
  ],
);
