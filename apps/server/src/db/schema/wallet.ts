import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Points granted to a member, one row per grant, so points can expire 6 months after their
 * grant and be spent oldest first. The member's point_balance always equals the sum of the
 * remaining amounts of their unexpired lots.
 */
export const pointLots = pgTable(
  'point_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    remaining: integer('remaining').notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The ledger row that granted it. */
    ledgerId: integer('ledger_id'),
    /** 'paid' (bought with money: a prepaid instrument) or 'free' (bonuses, grants…), decision 055. */
    kind: text('kind').notNull().default('paid'),
  },
  (t) => [
    check('point_lots_remaining', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.amount}`),
    check('point_lots_kind', sql`${t.kind} in ('paid', 'free')`),
    index('point_lots_user_open_idx').on(t.userId, t.expiresAt).where(sql`${t.remaining} > 0`),
    index('point_lots_expiry_idx').on(t.expiresAt).where(sql`${t.remaining} > 0`),
  ],
);

/** Every change of a member's points: append-only, written with the balance in one transaction. */
export const pointLedger = pgTable(
  'point_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    /** Why: purchase, pack, conversion, referral, grant, expire… (see wallet.service.ts). */
    reason: text('reason').notNull(),
    /** What it refers to, e.g. 'payment:123', 'purchase:45'. */
    ref: text('ref').notNull().default(''),
    /** Text for the member's point history. */
    memo: text('memo').notNull().default(''),
    /** Yen paid, for point purchases (the history's money column). */
    money: integer('money').notNull().default(0),
    /** Makes a retried or replayed change a no-op: unique when set. */
    idempotencyKey: text('idempotency_key'),
    /**
     * The row's place in the member's point ledger (1, 2, 3…), taken from users.point_seq by
     * the statement that moves the balance: balance_after read in seq order is a running sum,
     * whatever order concurrent transactions got their ids in. Null only between a row's
     * reservation and its balance move, inside one transaction.
     */
    seq: integer('seq'),
    /** The part of delta that was free points (decision 055): 0 for paid, the same sign as delta. */
    freeDelta: integer('free_delta').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('point_ledger_balance', sql`${t.balanceAfter} >= 0`),
    check(
      'point_ledger_free_part',
      sql`(${t.delta} >= 0 and ${t.freeDelta} between 0 and ${t.delta}) or (${t.delta} < 0 and ${t.freeDelta} between ${t.delta} and 0)`,
    ),
    uniqueIndex('point_ledger_idem_idx').on(t.idempotencyKey),
    uniqueIndex('point_ledger_user_seq_idx').on(t.userId, t.seq),
    index('point_ledger_user_idx').on(t.userId, t.id),
  ],
);

/** Every change of a member's coins (decimal, two places). */
export const coinLedger = pgTable(
  'coin_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    delta: numeric('delta', { precision: 14, scale: 2 }).notNull(),
    balanceAfter: numeric('balance_after', { precision: 14, scale: 2 }).notNull(),
    reason: text('reason').notNull(),
    ref: text('ref').notNull().default(''),
    memo: text('memo').notNull().default(''),
    /** Yen paid, for coins that came with a payment (rank coin-back; the history's money column). */
    money: integer('money').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** The row's place in the member's coin ledger, from users.coin_seq (see point_ledger.seq). */
    seq: integer('seq'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('coin_ledger_balance', sql`${t.balanceAfter} >= 0`),
    uniqueIndex('coin_ledger_idem_idx').on(t.idempotencyKey),
    uniqueIndex('coin_ledger_user_seq_idx').on(t.userId, t.seq),
    index('coin_ledger_user_idx').on(t.userId, t.id),
  ],
);
