import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { users } from '../../db/schema/users.ts';
import { createTestMember } from '../../testing/members.ts';
import { testEngine, useTestDatabase } from '../../testing/test-database.ts';
import { InsufficientBalanceError } from './wallet.errors.ts';
import { creditCoins, creditPoints, debitCoins, debitManyPart, debitPoints, expireDuePoints } from './wallet.service.ts';

const database = useTestDatabase();

async function balances(userId: number) {
  const [row] = await database().db.select().from(users).where(eq(users.id, userId));
  const [sums] = await queryRows<{ ledger: number; lots: number }>(
    database().db,
    sql`select (select coalesce(sum(delta),0)::int from point_ledger where user_id = ${userId}) as ledger,
               (select coalesce(sum(remaining),0)::int from point_lots where user_id = ${userId}) as lots`,
  );
  return { point: row?.pointBalance, coin: row?.coinBalance, ledger: sums?.ledger, lots: sums?.lots };
}

describe('points ledger', () => {
  it('credits and debits with one ledger row each, balance = ledger sum = open lots', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 1000, reason: 'grant' }));
    await db.transaction((tx) => debitPoints(tx, { userId, amount: 300, reason: 'pack' }));
    expect(await balances(userId)).toMatchObject({ point: 700, ledger: 700, lots: 700 });
  });

  it('refuses a debit larger than the balance and changes nothing', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 100, reason: 'grant' }));
    await expect(
      db.transaction((tx) => debitPoints(tx, { userId, amount: 101, reason: 'pack' })),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await balances(userId)).toMatchObject({ point: 100, ledger: 100, lots: 100 });
  });

  it('applies a change with the same idempotency key once', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    const change = { userId, amount: 500, reason: 'referral' as const, idempotencyKey: `ref:${userId}` };
    const first = await db.transaction((tx) => creditPoints(tx, change));
    const second = await db.transaction((tx) => creditPoints(tx, change));
    expect(first.applied).toBe(true);
    expect(second.applied).toBe(false);
    expect(await balances(userId)).toMatchObject({ point: 500, ledger: 500 });
  });

  it('spends the soonest-expiring points first and lapses the rest after 6 months', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    const jan = new Date('2026-01-10T00:00:00Z');
    const mar = new Date('2026-03-10T00:00:00Z');
    // Paid points (a conversion's): free ones have their own lifetime (decision 055, free-points.api.test.ts).
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 400, reason: 'conversion', now: jan }));
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 600, reason: 'conversion', now: mar }));
    await db.transaction((tx) => debitPoints(tx, { userId, amount: 500, reason: 'pack', now: mar }));
    // The January lot (400) is gone, 100 came from March; 500 of March remain.
    await expireDuePoints(db, new Date('2026-08-01T00:00:00Z'));
    expect(await balances(userId)).toMatchObject({ point: 500, ledger: 500, lots: 500 });
    await expireDuePoints(db, new Date('2026-09-11T00:00:00Z'));
    expect(await balances(userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
  });

  it('lapses due points before a spend, even before the sweeper runs', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 300, reason: 'conversion', now: new Date('2026-01-01T00:00:00Z') }));
    await expect(
      db.transaction((tx) => debitPoints(tx, { userId, amount: 100, reason: 'pack', now: new Date('2026-07-02T00:00:00Z') })),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
  });
});

describe('coins ledger', () => {
  it('keeps decimal coins exact', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    await db.transaction((tx) => creditCoins(tx, { userId, amount: '0.10', reason: 'grant' }));
    await db.transaction((tx) => creditCoins(tx, { userId, amount: '0.20', reason: 'grant' }));
    const res = await db.transaction((tx) => debitCoins(tx, { userId, amount: '0.30', reason: 'exchange' }));
    expect(res.balance).toBe('0.00');
    await expect(
      db.transaction((tx) => debitCoins(tx, { userId, amount: '0.01', reason: 'exchange' })),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
  });
});

describe.runIf(testEngine() === 'postgres')('points under concurrency', () => {
  it('never overspends when 40 debits race for a balance of 10', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 1000, reason: 'grant' }));
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, () => db.transaction((tx) => debitPoints(tx, { userId, amount: 100, reason: 'pack' }))),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await balances(userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
  });

  it('credits once when 20 requests race with one idempotency key', async () => {
    const userId = await createTestMember(database().db);
    const db = database().db;
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction((tx) => creditPoints(tx, { userId, amount: 500, reason: 'referral', idempotencyKey: `race:${userId}` })),
      ),
    );
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect(await balances(userId)).toMatchObject({ point: 500, ledger: 500, lots: 500 });
  });
});

describe('a batch debit inside the caller\'s statement (a purchase batch, decision 005)', () => {
  /** Runs the debit as the batch does: its CTEs in one statement, then confirm, in a transaction. */
  const runBatchDebit = (debits: { userId: number; amount: number }[]) =>
    database().db.transaction(async (tx) => {
      const part = debitManyPart('point', debits, { reason: 'pack', ref: 'pack:1', memo: 'test pack', now: new Date() });
      const [row] = await queryRows<{ debited: number }>(tx, sql`with ${part.ctes} select ${part.membersUpdated} as debited`);
      part.confirm(Number(row?.debited ?? 0));
    });

  it('debits every member with a ledger row each; one short of points rolls back the whole batch', async () => {
    const db = database().db;
    const rich = await createTestMember(db);
    const poor = await createTestMember(db);
    await db.transaction((tx) => creditPoints(tx, { userId: rich, amount: 1000, reason: 'grant' }));
    await db.transaction((tx) => creditPoints(tx, { userId: poor, amount: 100, reason: 'grant' }));

    // The poor member's debit matches no row; confirm sees one member debited of two and throws,
    // and the rich member's debit, already written by the same statement, goes with the rollback.
    await expect(runBatchDebit([{ userId: rich, amount: 300 }, { userId: poor, amount: 500 }])).rejects.toBeInstanceOf(InsufficientBalanceError);
    expect(await balances(rich)).toMatchObject({ point: 1000, ledger: 1000, lots: 1000 });
    expect(await balances(poor)).toMatchObject({ point: 100, ledger: 100, lots: 100 });

    await runBatchDebit([{ userId: rich, amount: 300 }, { userId: rich, amount: 200 }, { userId: poor, amount: 100 }]);
    expect(await balances(rich)).toMatchObject({ point: 500, ledger: 500, lots: 500 });
    expect(await balances(poor)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
    const after = await queryRows<{ delta: number; balance_after: number }>(
      db,
      sql`select delta, balance_after from point_ledger where user_id = ${rich} order by seq`,
    );
    expect(after.map((r) => [r.delta, r.balance_after])).toEqual([[1000, 1000], [-300, 700], [-200, 500]]);
  });
});
