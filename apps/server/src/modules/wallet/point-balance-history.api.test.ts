import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { creditPoints, debitPoints, pointExpiry } from './wallet.service.ts';

// Issue 15 item 5: the point history's running balance and each grant's expiry, and the my
// page's points expiring soonest.

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

const day = 86_400_000;

async function memberWithGrants() {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  const client = shop.client();
  await signIn(db, client, userId);
  const now = Date.now();
  // Granted 170 days ago (expires in ~13 days), 100 days ago, and today: paid points (a
  // conversion's), which live 6 months; free ones have their own lifetime (decision 055).
  const first = new Date(now - 170 * day);
  const second = new Date(now - 100 * day);
  await db.transaction((tx) => creditPoints(tx, { userId, amount: 300, reason: 'conversion', memo: 'a', now: first }));
  await db.transaction((tx) => creditPoints(tx, { userId, amount: 200, reason: 'conversion', memo: 'b', now: first }));
  await db.transaction((tx) => creditPoints(tx, { userId, amount: 500, reason: 'conversion', memo: 'c', now: second }));
  await db.transaction((tx) => debitPoints(tx, { userId, amount: 120, reason: 'pack', memo: 'd' }));
  return { client, userId, first, second };
}

describe('GET /api/user/point/list/{page}: running balance and expiry', () => {
  it('gives each row the balance after it and each grant its expiry', async () => {
    const { client, first, second } = await memberWithGrants();
    const res = await client.get('/user/point/list/1');
    expect(res.body.state).toBe(200);
    const rows = res.body.list as { bonusPoint: number; balance: number; expires: string; memo: string }[];
    expect(rows.map((r) => [r.bonusPoint, r.balance])).toEqual([
      [-120, 880],
      [500, 1000],
      [200, 500],
      [300, 300],
    ]);
    expect(rows[0]?.expires).toBe('');
    expect(rows[1]?.expires).toBe(pointExpiry(second).toISOString());
    expect(rows[3]?.expires).toBe(pointExpiry(first).toISOString());
  });
});

describe('GET /api/user/point/expiring', () => {
  it('answers the points of the earliest expiry day, less what was spent from them', async () => {
    const { client, first } = await memberWithGrants();
    const res = await client.get('/user/point/expiring');
    expect(res.body.state).toBe(200);
    // 300 + 200 granted the same moment; the spend of 120 took the soonest-expiring first.
    expect(res.body).toMatchObject({ point: 380, expires: pointExpiry(first).toISOString() });
  });

  it('answers 0 and no date for a member without points, and login for a visitor', async () => {
    const client = shop.client();
    await signIn(shop.database.db, client, await createTestMember(shop.database.db));
    expect((await client.get('/user/point/expiring')).body).toMatchObject({ state: 200, point: 0, expires: '' });
    expect((await shop.client().get('/user/point/expiring')).body.state).not.toBe(200);
  });
});
