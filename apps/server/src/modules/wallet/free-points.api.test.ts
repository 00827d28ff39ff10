import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestMember } from '../../testing/members.ts';
import { useTestDatabase } from '../../testing/test-database.ts';
import { CLI_ACTOR } from '../audit/audit.service.ts';
import { savePointSettings } from '../settings/settings.service.ts';
import { creditPoints, debitManyPart, debitPoints, expireDuePoints, POINT_KIND } from './wallet.service.ts';

// Decision 055: free points are lots of their own kind with their own expiry, spent before paid
// points (soonest-expiring first within a kind), and every ledger row says how much of it was free.
const database = useTestDatabase();
const DAY = 86_400_000;

async function lotsOf(userId: number) {
  return queryRows<{ kind: string; amount: number; remaining: number; expires_at: Date | string }>(
    database().db,
    sql`select kind, amount, remaining, expires_at from point_lots where user_id = ${userId} order by id`,
  );
}

/** Balance, and the ledger's paid and free sums against the open lots of each kind. */
async function sides(userId: number, now: Date) {
  const [row] = await queryRows<{ balance: number; paid_ledger: number; free_ledger: number; paid_lots: number; free_lots: number }>(
    database().db,
    sql`select (select point_balance from users where id = ${userId}) as balance,
               (select coalesce(sum(delta - free_delta), 0)::int from point_ledger where user_id = ${userId}) as paid_ledger,
               (select coalesce(sum(free_delta), 0)::int from point_ledger where user_id = ${userId}) as free_ledger,
               (select coalesce(sum(remaining), 0)::int from point_lots where user_id = ${userId} and kind = 'paid' and expires_at > ${now}) as paid_lots,
               (select coalesce(sum(remaining), 0)::int from point_lots where user_id = ${userId} and kind = 'free' and expires_at > ${now}) as free_lots`,
  );
  return row;
}

async function freeParts(userId: number) {
  const rows = await queryRows<{ reason: string; delta: number; free_delta: number }>(
    database().db,
    sql`select reason, delta, free_delta from point_ledger where user_id = ${userId} order by seq`,
  );
  return rows.map((r) => [r.reason, r.delta, r.free_delta]);
}

describe('the kind of a credit', () => {
  it('is decided by its reason in one map: paid for money and what it bought, free for what was given', () => {
    expect(POINT_KIND).toMatchObject({ purchase: 'paid', conversion: 'paid', grant: 'free', referral: 'free', login_bonus: 'free', line_friend: 'free', free_draw_conversion: 'free' });
    expect(Object.keys(POINT_KIND).filter((r) => POINT_KIND[r as keyof typeof POINT_KIND] === 'free').sort()).toEqual(['campaign', 'coupon', 'free_draw_conversion', 'grant', 'line_friend', 'login_bonus', 'referral']);
  });
});

describe('free points expire on their own date', () => {
  it('lapse after the operator’s days (90 by default) while paid points keep their 6 months', async () => {
    const db = database().db;
    const userId = await createTestMember(db);
    const jan = new Date('2026-01-10T00:00:00Z');
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 300, reason: 'grant', now: jan }));
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 700, reason: 'conversion', now: jan }));
    const lots = await lotsOf(userId);
    expect(lots.map((l) => [l.kind, new Date(l.expires_at).toISOString()])).toEqual([
      ['free', new Date(jan.getTime() + 90 * DAY).toISOString()],
      ['paid', '2026-07-10T00:00:00.000Z'],
    ]);

    // The day before the free lot's date nothing lapses; the day after, the free 300 only.
    expect(await expireDuePoints(db, new Date(jan.getTime() + 89 * DAY))).toBe(0);
    await expireDuePoints(db, new Date(jan.getTime() + 91 * DAY));
    expect(await sides(userId, new Date(jan.getTime() + 91 * DAY))).toEqual({ balance: 700, paid_ledger: 700, free_ledger: 0, paid_lots: 700, free_lots: 0 });
    expect(await freeParts(userId)).toEqual([['grant', 300, 300], ['conversion', 700, 0], ['expire', -300, -300]]);
    await expireDuePoints(db, new Date('2026-07-11T00:00:00Z'));
    expect(await freeParts(userId)).toContainEqual(['expire', -700, 0]);
  });

  it('follow the operator’s setting for lots granted after it changes', async () => {
    const db = database().db;
    const userId = await createTestMember(db);
    const now = new Date('2026-02-01T00:00:00Z');
    await savePointSettings(db, { login_bonus_enabled: false, login_bonus_points: 10, free_point_days: 7 }, CLI_ACTOR);
    try {
      await db.transaction((tx) => creditPoints(tx, { userId, amount: 50, reason: 'referral', now }));
    } finally {
      await savePointSettings(db, { login_bonus_enabled: false, login_bonus_points: 10, free_point_days: 90 }, CLI_ACTOR);
    }
    expect(new Date((await lotsOf(userId))[0]!.expires_at).toISOString()).toBe('2026-02-08T00:00:00.000Z');
  });
});

describe('the spending order: free points first, then paid; the soonest to expire first within each', () => {
  it('spends free points before paid ones even when the paid ones expire sooner', async () => {
    const db = database().db;
    const userId = await createTestMember(db);
    // Paid points of January expire on 1 July; free ones of June expire in late August and September.
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 1000, reason: 'conversion', now: new Date('2026-01-01T00:00:00Z') }));
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 200, reason: 'grant', now: new Date('2026-06-10T00:00:00Z') }));
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 100, reason: 'login_bonus', now: new Date('2026-06-01T00:00:00Z') }));
    const now = new Date('2026-06-15T00:00:00Z');

    // 150: the login bonus (expiring first of the free lots) whole, then 50 of the grant.
    await db.transaction((tx) => debitPoints(tx, { userId, amount: 150, reason: 'pack', now }));
    expect((await lotsOf(userId)).map((l) => [l.kind, l.remaining])).toEqual([['paid', 1000], ['free', 150], ['free', 0]]);
    // 400: the 150 free points left, then 250 paid.
    await db.transaction((tx) => debitPoints(tx, { userId, amount: 400, reason: 'rank', now }));
    expect((await lotsOf(userId)).map((l) => [l.kind, l.remaining])).toEqual([['paid', 750], ['free', 0], ['free', 0]]);
    expect((await freeParts(userId)).slice(3)).toEqual([['pack', -150, -150], ['rank', -400, -150]]);
    expect(await sides(userId, now)).toEqual({ balance: 750, paid_ledger: 750, free_ledger: 0, paid_lots: 750, free_lots: 0 });
  });

  it('is the same in a purchase batch, each ledger row with its own free part', async () => {
    const db = database().db;
    const userId = await createTestMember(db);
    const other = await createTestMember(db);
    const now = new Date();
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 1000, reason: 'conversion', now }));
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 150, reason: 'referral', now }));
    await db.transaction((tx) => creditPoints(tx, { userId: other, amount: 100, reason: 'conversion', now }));
    await db.transaction(async (tx) => {
      const part = debitManyPart('point', [{ userId, amount: 100 }, { userId: other, amount: 60 }, { userId, amount: 100 }, { userId, amount: 100 }], { reason: 'pack', ref: 'pack:1', memo: 'test pack', now });
      const [row] = await queryRows<{ debited: number }>(tx, sql`with ${part.ctes} select ${part.membersUpdated} as debited`);
      part.confirm(Number(row?.debited ?? 0));
    });
    expect((await freeParts(userId)).slice(2)).toEqual([['pack', -100, -100], ['pack', -100, -50], ['pack', -100, 0]]);
    expect((await lotsOf(userId)).map((l) => [l.kind, l.remaining])).toEqual([['paid', 850], ['free', 0]]);
    expect(await sides(userId, now)).toEqual({ balance: 850, paid_ledger: 850, free_ledger: 0, paid_lots: 850, free_lots: 0 });
    expect(await freeParts(other)).toEqual([['conversion', 100, 0], ['pack', -60, 0]]);
  });
});
