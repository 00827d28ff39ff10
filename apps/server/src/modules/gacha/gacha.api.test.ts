import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { queryRows } from '../../db/rows.ts';
import { holdings, purchases, shippingRequests } from '../../db/schema/gacha.ts';
import { packPrizes, packs } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { fund } from '../../testing/funds.ts';
import { settleExpiredHoldings } from '../holdings/decision.service.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { testEngine } from '../../testing/test-database.ts';
import { createTestPack } from '../../testing/test-pack.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function member(
  funds: { points?: number; coins?: string } = {},
): Promise<{ client: TestClient; userId: number }> {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  await fund(db, userId, funds);
  const client = shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  return { client, userId };
}

async function ledgerSum(userId: number) {
  const [row] = await queryRows<{ points: number; coins: string }>(
    shop.database.db,
    sql`select (select coalesce(sum(delta),0)::int from point_ledger where user_id = ${userId}) as points,
               (select coalesce(sum(delta),0)::text from coin_ledger where user_id = ${userId}) as coins`,
  );
  const [user] = await shop.database.db.select().from(users).where(eq(users.id, userId));
  return {
    points: row?.points,
    coins: row?.coins,
    pointBalance: user?.pointBalance,
    coinBalance: user?.coinBalance,
  };
}

async function remaining(packId: number) {
  const [p] = await shop.database.db.select().from(packs).where(eq(packs.id, packId));
  return (p?.totalPackCount ?? 0) - (p?.drawnCount ?? 0);
}

async function buy(client: TestClient, packId: number, count: number) {
  await client.get(`/user/pack/detail/${packId}`);
  const check = await client.post('/user/pack/check', { count });
  if (check.body.state !== 200) return check;
  return client.post('/user/pack/buy');
}

describe('POST /api/user/pack/check', () => {
  it('asks a visitor to log in', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const res = await client.post('/user/pack/check', { count: 1, pack_id: 1 });
    expect(res.body.state).toBe(401);
  });

  it('answers result 1 with the cost and balances for the confirmation', async () => {
    const packId = await createTestPack(shop.database.db, { price: 150 });
    const { client } = await member({ points: 1000 });
    await client.get(`/user/pack/detail/${packId}`);
    const res = await client.post('/user/pack/check', { count: 3 });
    expect(res.body).toMatchObject({
      state: 200,
      result: '1',
      cost: 450,
      balance: '1000',
      balance_after: '550',
    });
  });

  it('refuses counts outside 1-3000 under count', async () => {
    const packId = await createTestPack(shop.database.db);
    const { client } = await member({ points: 1000 });
    for (const count of [0, -1, 3001, 1.5, 'abc']) {
      const res = await client.post('/user/pack/check', { count, pack_id: packId });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.count).toHaveLength(1);
    }
  });

  it('refuses more packs than remain, and more than max_buy_count', async () => {
    const db = shop.database.db;
    const small = await createTestPack(db, { prizes: [{ rarity: 1, count: 5, buyPoint: 10 }] });
    const capped = await createTestPack(db, { maxBuyCount: 10 });
    const { client } = await member({ points: 100_000 });
    const over = await client.post('/user/pack/check', { count: 6, pack_id: small });
    expect(over.body.errors.count?.[0]).toContain('5');
    const overMax = await client.post('/user/pack/check', { count: 11, pack_id: capped });
    expect(overMax.body.errors.count?.[0]).toContain('10');
  });

  it('answers result -1 when points are short, and -1 for coins on a coin pack', async () => {
    const db = shop.database.db;
    const pointPack = await createTestPack(db, { price: 500 });
    const coinPack = await createTestPack(db, { price: 50, paymentMethod: '2' });
    const { client } = await member({ points: 400, coins: '49.99' });
    const points = await client.post('/user/pack/check', { count: 1, pack_id: pointPack });
    expect(points.body).toMatchObject({ state: 400, result: '-1' });
    expect(points.body.errors.count?.[0]).toBe('ポイントが不足しています。');
    const coins = await client.post('/user/pack/check', { count: 1, pack_id: coinPack });
    expect(coins.body).toMatchObject({ state: 400, result: '-1' });
    expect(coins.body.errors.count?.[0]).toBe('コインが不足しています。');
  });

  it('refuses a pack before its sale starts', async () => {
    const packId = await createTestPack(shop.database.db, { startAt: new Date(Date.now() + 3600_000) });
    const { client } = await member({ points: 1000 });
    const res = await client.post('/user/pack/check', { count: 1, pack_id: packId });
    expect(res.body).toMatchObject({ state: 400, result: '0' });
  });
});

describe('POST /api/user/pack/buy', () => {
  it('refuses a buy without a check', async () => {
    const { client } = await member({ points: 1000 });
    const res = await client.post('/user/pack/buy');
    expect(res.body.state).toBe(409);
  });

  it('debits through the ledger, takes packs off the lot and records one holding per card', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 100 });
    const { client, userId } = await member({ points: 1000 });
    const res = await buy(client, packId, 10);
    expect(res.body).toMatchObject({ state: 200, result: '1', pack_history_id: expect.any(Number) });
    expect(await remaining(packId)).toBe(90);
    expect(await ledgerSum(userId)).toMatchObject({ points: 0, pointBalance: 0 });
    const cards = await db.select().from(holdings).where(eq(holdings.userId, userId));
    expect(cards).toHaveLength(10);
    expect(cards.every((c) => c.state === 'pending')).toBe(true);
  });

  it('does not buy twice on a double click or a retry', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 100 });
    const { client, userId } = await member({ points: 1000 });
    await client.post('/user/pack/check', { count: 2, pack_id: packId });
    const first = await client.post('/user/pack/buy');
    const second = await client.post('/user/pack/buy');
    expect(first.body.state).toBe(200);
    expect(second.body.state).toBe(409);
    expect(await remaining(packId)).toBe(98);
    expect(await ledgerSum(userId)).toMatchObject({ points: 800, pointBalance: 800 });
  });

  it('refuses a buy whose pack or count differs from the check', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const { client } = await member({ points: 1000 });
    await client.post('/user/pack/check', { count: 2, pack_id: packId });
    expect((await client.post('/user/pack/buy', { count: 3 })).body.state).toBe(409);
    expect((await client.post('/user/pack/buy', { pack_id: packId + 999 })).body.state).toBe(409);
  });

  it('keeps the per-member limit', async () => {
    const packId = await createTestPack(shop.database.db, { price: 10, limitPerMember: 3 });
    const { client } = await member({ points: 1000 });
    expect((await buy(client, packId, 2)).body.state).toBe(200);
    const over = await buy(client, packId, 2);
    expect(over.body.state).toBe(400);
    expect(over.body.errors.count?.[0]).toContain('3');
    expect((await buy(client, packId, 1)).body.state).toBe(200);
  });

  it('buys 3000 packs in one purchase', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, {
      price: 1,
      prizes: [
        { rarity: 7, count: 3, buyPoint: 100 },
        { rarity: 1, count: 4997, buyPoint: 0 },
      ],
    });
    const { client, userId } = await member({ points: 3000 });
    expect((await buy(client, packId, 3000)).body.state).toBe(200);
    const [n] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from holdings where user_id = ${userId}`,
    );
    expect(n?.n).toBe(3000);
    expect(await remaining(packId)).toBe(2000);
  });

  it('pays a coin pack with coins and ships its cards at once', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 10, paymentMethod: '2' });
    const { client, userId } = await member({ coins: '25.50' });
    expect((await buy(client, packId, 2)).body.state).toBe(200);
    expect(await ledgerSum(userId)).toMatchObject({ coins: '5.50', coinBalance: '5.50' });
    const cards = await db.select().from(holdings).where(eq(holdings.userId, userId));
    expect(cards.map((c) => c.state)).toEqual(['ship', 'ship']);
    const [request] = await db.select().from(shippingRequests).where(eq(shippingRequests.userId, userId));
    expect(request?.address).toMatchObject({ zipcode: '1500002', shiku: '渋谷区渋谷' });
    const result = await client.get('/user/pack/buy_result');
    expect(result.body).toMatchObject({ is_buy_coin: 1, cards: [{ status: '1' }, { status: '1' }] });
  });
});

describe('POST /api/user/pack/buy naming pack and count (as the web app does)', () => {
  it('asks a visitor to log in, and a member whose session has expired', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const visitor = shop.client();
    await visitor.get(`/user/pack/detail/${packId}`);
    expect((await visitor.post('/user/pack/buy', { pack_id: packId, count: 1 })).body.state).toBe(401);

    const { client, userId } = await member({ points: 1000 });
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);
    await shop.database.db.execute(sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${userId}`);
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 1 })).body.state).toBe(401);
    expect(await remaining(packId)).toBe(100);
  });

  it('still demands the session’s csrf token', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const { client } = await member({ points: 1000 });
    const other = await member({ points: 1000 });
    const foreign = (await other.client.get('/user/point')).body.csrf as string;
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId }, { csrf: foreign })).body.state).toBe(403);
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 1 }, { csrf: null })).body.state).toBe(403);
    expect(await remaining(packId)).toBe(100);
  });

  it('answers with the request’s own csrf token while it is under 10 minutes old, else with a fresh one', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const { client } = await member({ points: 1000 });
    const young = client.csrf;
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body).toMatchObject({ state: 200, csrf: young });
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 1 })).body).toMatchObject({ state: 200, csrf: young });
    // A refusal on the same call reuses it too; a refused token is never handed back.
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 1 })).body).toMatchObject({ state: 409, csrf: young });
    const forged = `${young.slice(0, young.lastIndexOf('.'))}.forged`;
    const refused = await client.post('/user/pack/check', { count: 1, pack_id: packId }, { csrf: forged });
    expect(refused.body.state).toBe(403);
    expect(refused.body.csrf).not.toBe(forged);
    // An 11-minute-old token is still accepted, and replaced by a fresh one.
    const key = createHash('sha256').update(client.cookies.get(SESSION_COOKIE) ?? '').digest('base64url');
    const older = shop.app.ctx.csrf.issue(key, Date.now() - 11 * 60_000);
    const check = await client.post('/user/pack/check', { count: 1, pack_id: packId }, { csrf: older });
    expect(check.body.state).toBe(200);
    expect(check.body.csrf).not.toBe(older);
    // Other calls still rotate it on every answer.
    const list = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: young });
    expect(list.body.state).toBe(200);
    expect(list.body.csrf).not.toBe(young);
  });

  it('refuses without a check, or with another count, and buys once with the checked ones', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const { client, userId } = await member({ points: 1000 });
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 1 })).body.state).toBe(409);
    expect((await client.post('/user/pack/check', { count: 2, pack_id: packId })).body.state).toBe(200);
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 3 })).body.state).toBe(409);
    const bought = await client.post('/user/pack/buy', { pack_id: packId, count: 2 });
    expect(bought.body).toMatchObject({ state: 200, result: '1', pack_history_id: expect.any(Number) });
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 2 })).body.state).toBe(409);
    expect(await remaining(packId)).toBe(98);
    expect(await ledgerSum(userId)).toMatchObject({ points: 800, pointBalance: 800 });
    const result = await client.get('/user/pack/buy_result');
    expect(result.body.cards).toHaveLength(2);
  });

  it('takes a refused check back: the approved one before it still buys, the refused one never does', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const other = await createTestPack(shop.database.db, { price: 100 });
    const { client, userId } = await member({ points: 500 });
    expect((await client.post('/user/pack/check', { count: 2, pack_id: packId })).body.state).toBe(200);
    // Too many for the balance, then a pack of another id: both refused, both written and undone.
    expect((await client.post('/user/pack/check', { count: 6, pack_id: packId })).body).toMatchObject({ result: '-1' });
    expect((await client.post('/user/pack/check', { count: 9, pack_id: other })).body).toMatchObject({ result: '-1' });
    expect((await client.post('/user/pack/buy', { pack_id: packId, count: 6 })).body.state).toBe(409);
    expect((await client.post('/user/pack/buy', { pack_id: other, count: 9 })).body.state).toBe(409);
    // The bare call (the session's check and pack) buys what was approved.
    expect((await client.post('/user/pack/buy')).body).toMatchObject({ state: 200, result: '1' });
    expect(await remaining(packId)).toBe(98);
    expect(await remaining(other)).toBe(100);
    expect(await ledgerSum(userId)).toMatchObject({ points: 300, pointBalance: 300 });
  });

  it('refuses a checked buy when the price changed since the check', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 100 });
    const { client } = await member({ points: 1000 });
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);
    await db.update(packs).set({ price: 150 }).where(eq(packs.id, packId));
    const res = await client.post('/user/pack/buy', { pack_id: packId, count: 1 });
    expect(res.body).toMatchObject({ state: 400, result: '0' });
    expect(await remaining(packId)).toBe(100);
  });

  it('lapses points past their date before paying, and answers -1 when too few remain', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 100 });
    const userId = await createTestMember(db);
    const old = new Date(Date.now() - 200 * 24 * 3600_000);
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 300, reason: 'grant', now: old }));
    await fund(db, userId, { points: 50 });
    const client = shop.client();
    await signIn(db, client, userId);
    await client.get('/user/point');
    // The sweeper has not run: the balance still shows 350, so the check approves.
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);
    const res = await client.post('/user/pack/buy', { pack_id: packId, count: 1 });
    expect(res.body).toMatchObject({ state: 400, result: '-1' });
    expect(await ledgerSum(userId)).toMatchObject({ points: 50, pointBalance: 50 });
    expect(await remaining(packId)).toBe(100);
  });
});

describe('checks fired at once (they share one statement, decision 005)', () => {
  it('answers each member for their own session: balance, pack and count', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const other = await createTestPack(shop.database.db, { price: 50 });
    const rich = await Promise.all(Array.from({ length: 6 }, () => member({ points: 1000 })));
    const poor = await Promise.all(Array.from({ length: 4 }, () => member({ points: 120 })));
    const visitor = shop.client();
    await visitor.get('/user/point');
    const answers = await Promise.all([
      ...rich.map((m, i) => m.client.post('/user/pack/check', { count: i + 1, pack_id: i % 2 ? other : packId })),
      ...poor.map((m) => m.client.post('/user/pack/check', { count: 2, pack_id: packId })),
      visitor.post('/user/pack/check', { count: 1, pack_id: packId }),
    ]);
    rich.forEach((_m, i) => {
      const cost = (i % 2 ? 50 : 100) * (i + 1);
      expect(answers[i]?.body).toMatchObject({ state: 200, cost, balance: '1000', balance_after: String(1000 - cost) });
    });
    for (const answer of answers.slice(6, 10)) expect(answer.body).toMatchObject({ result: '-1' });
    expect(answers[10]?.body.state).toBe(401);
    // Each approved check buys its own pack and count, once; the refused ones buy nothing.
    const bought = await Promise.all([
      ...rich.map((m, i) => m.client.post('/user/pack/buy', { pack_id: i % 2 ? other : packId, count: i + 1 })),
      ...poor.map((m) => m.client.post('/user/pack/buy', { pack_id: packId, count: 2 })),
    ]);
    expect(bought.map((b) => b.body.state)).toEqual([200, 200, 200, 200, 200, 200, 409, 409, 409, 409]);
    expect(await remaining(packId)).toBe(100 - (1 + 3 + 5));
    expect(await remaining(other)).toBe(100 - (2 + 4 + 6));
    for (const m of [...rich, ...poor]) {
      const sums = await ledgerSum(m.userId);
      expect(sums.points).toBe(sums.pointBalance);
    }
  });

  it('keeps one check per session when a session checks twice at once: exactly one of the two buys', async () => {
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const { client, userId } = await member({ points: 1000 });
    const checks = await Promise.all([
      client.post('/user/pack/check', { count: 1, pack_id: packId }),
      client.post('/user/pack/check', { count: 2, pack_id: packId }),
    ]);
    expect(checks.map((c) => c.body.state)).toEqual([200, 200]);
    const one = await client.post('/user/pack/buy', { pack_id: packId, count: 1 });
    const two = await client.post('/user/pack/buy', { pack_id: packId, count: 2 });
    expect([one.body.state, two.body.state].sort()).toEqual([200, 409]);
    const spent = one.body.state === 200 ? 100 : 200;
    expect(await ledgerSum(userId)).toMatchObject({ points: 1000 - spent, pointBalance: 1000 - spent });
  });
});

describe('keys of won cards', () => {
  it('keeps the prizes of a committed lot, sold or not, and a holding with its purchase’s member', async () => {
    const db = shop.database.db;
    const cause = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
    // Every lot is committed by the transaction creating it (migration 0013): even unsold, its lineup stays.
    const unsold = await createTestPack(db, { price: 10 });
    expect(await db.delete(packPrizes).where(eq(packPrizes.packId, unsold)).catch(cause)).toMatch(/lot_committed/);
    const sold = await createTestPack(db, { price: 10 });
    const { client } = await member({ points: 100 });
    const bought = await buy(client, sold, 1);
    expect(bought.body.state).toBe(200);
    const deleting = await db.delete(packPrizes).where(eq(packPrizes.packId, sold)).catch(cause);
    expect(deleting).toMatch(/lot_committed/);
    const recounting = await db
      .update(packPrizes)
      .set({ count: sql`${packPrizes.count} + 1` })
      .where(eq(packPrizes.packId, sold))
      .catch(cause);
    expect(recounting).toMatch(/lot_committed/);
    const other = await createTestMember(db);
    const moving = await db
      .execute(sql`update holdings set user_id = ${other} where purchase_id = ${bought.body.pack_history_id as number}`)
      .catch(cause);
    expect(moving).toMatch(/holdings_purchase_member_fk/);
  });
});

describe('GET /api/user/pack/gache_result and buy_result', () => {
  it('shows the cards of the session’s latest purchase, and of a named one of the member’s', async () => {
    const packId = await createTestPack(shop.database.db, { price: 10 });
    const { client } = await member({ points: 100 });
    const bought = await buy(client, packId, 3);
    const result = await client.get('/user/pack/gache_result');
    expect(result.body).toMatchObject({
      state: 200,
      title: 'テストパック',
      is_buy_coin: 0,
      pack_id: packId,
      pack_history_id: bought.body.pack_history_id,
    });
    const cards = result.body.cards as {
      history_id: number;
      rarity: number;
      action_type: string;
      status: string;
    }[];
    expect(cards).toHaveLength(3);
    expect(cards.every((c) => c.status === '0' && c.rarity >= 1 && c.rarity <= 7)).toBe(true);
    const named = await client.get(`/user/pack/buy_result?pack_history_id=${bought.body.pack_history_id}`);
    expect(named.body.cards).toHaveLength(3);
  });

  it('never shows another member’s purchase', async () => {
    const packId = await createTestPack(shop.database.db, { price: 10 });
    const owner = await member({ points: 100 });
    const bought = await buy(owner.client, packId, 1);
    const other = await member();
    const res = await other.client.get(
      `/user/pack/buy_result?pack_history_id=${bought.body.pack_history_id}`,
    );
    expect(res.body.state).toBe(404);
  });
});

describe('POST /api/user/pack/decision', () => {
  async function purchased(count: number, options: Parameters<typeof createTestPack>[1] = {}) {
    const packId = await createTestPack(shop.database.db, { price: 10, ...options });
    const m = await member({ points: 10 * count });
    const bought = await buy(m.client, packId, count);
    const result = await m.client.get('/user/pack/buy_result');
    const cards = result.body.cards as { history_id: number; buy_point: number; action_type: string }[];
    return { ...m, cards, purchaseId: bought.body.pack_history_id as number };
  }

  it('ships the chosen cards, converts the rest through the ledger, and records the address', async () => {
    const { client, userId, cards, purchaseId } = await purchased(4);
    const [a, b, c, d] = cards;
    const res = await client.post('/user/pack/decision', {
      send_card: [a?.history_id],
      reduction_card: [b?.history_id, c?.history_id, d?.history_id],
    });
    const expected = (b?.buy_point ?? 0) + (c?.buy_point ?? 0) + (d?.buy_point ?? 0);
    expect(res.body).toMatchObject({
      state: 200,
      result: '1',
      send_count: 1,
      reduction_count: 3,
      reduction_point: expected,
    });
    expect(await ledgerSum(userId)).toMatchObject({ points: expected, pointBalance: expected });
    const [request] = await shop.database.db
      .select()
      .from(shippingRequests)
      .where(eq(shippingRequests.purchaseId, purchaseId));
    expect(request?.status).toBe('requested');
    const again = await client.post('/user/pack/decision', {
      send_card: [a?.history_id],
      reduction_card: [b?.history_id, c?.history_id, d?.history_id],
    });
    expect(again.body).toMatchObject({ state: 204, result: '-1' });
    expect(await ledgerSum(userId)).toMatchObject({ points: expected });
  });

  it('refuses a decision that leaves out an undecided card, and changes nothing', async () => {
    const { client, userId, cards } = await purchased(3);
    const res = await client.post('/user/pack/decision', {
      send_card: [cards[0]?.history_id],
      reduction_card: [cards[1]?.history_id],
    });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.card).toHaveLength(1);
    expect(await ledgerSum(userId)).toMatchObject({ points: 0 });
  });

  it('refuses cards of another member', async () => {
    const owner = await purchased(2);
    const other = await member();
    const res = await other.client.post('/user/pack/decision', {
      send_card: [],
      reduction_card: owner.cards.map((c) => c.history_id),
    });
    expect(res.body.state).toBe(400);
    expect(await ledgerSum(other.userId)).toMatchObject({ points: 0 });
    expect(await ledgerSum(owner.userId)).toMatchObject({ points: 0 });
  });

  it('refuses to convert a ship-only card', async () => {
    const { client, cards } = await purchased(2, {
      prizes: [{ rarity: 5, count: 10, buyPoint: 100, actionType: '2' }],
    });
    const res = await client.post('/user/pack/decision', {
      send_card: [],
      reduction_card: cards.map((c) => c.history_id),
    });
    expect(res.body.state).toBe(400);
  });

  it('converts cards left undecided for 24 hours, once, and a late decision changes nothing', async () => {
    const { client, userId, cards } = await purchased(3);
    const db = shop.database.db;
    const later = new Date(Date.now() + 25 * 3600_000);
    // Only the holdings job: a full sweep 25 hours on would also end the test's session.
    expect(await settleExpiredHoldings(db, later)).toBeGreaterThanOrEqual(3);
    const total = cards.reduce((sum, c) => sum + c.buy_point, 0);
    expect(await ledgerSum(userId)).toMatchObject({ points: total, pointBalance: total });
    await settleExpiredHoldings(db, later);
    expect(await ledgerSum(userId)).toMatchObject({ points: total });
    const late = await client.post('/user/pack/decision', {
      send_card: [],
      reduction_card: cards.map((c) => c.history_id),
    });
    expect(late.body.state).toBe(204);
  });

  it('settles the cards at once when a decision comes after the 24 hours, before the sweeper', async () => {
    const { client, userId, cards, purchaseId } = await purchased(3);
    const db = shop.database.db;
    // The 24 hours ran out a minute ago; the sweeper has not been by yet.
    await db.execute(sql`update holdings set deadline_at = now() - interval '1 minute' where purchase_id = ${purchaseId}`);
    const late = await client.post('/user/pack/decision', {
      send_card: [cards[0]?.history_id],
      reduction_card: cards.slice(1).map((c) => c.history_id),
    });
    expect(late.body).toMatchObject({ state: 409, result: '0' });
    expect(late.body.errors.card?.[0]).toContain('ポイントに変換');
    // What the answer says is already true: every card converted, credited once.
    const states = await db.select({ state: holdings.state }).from(holdings).where(eq(holdings.purchaseId, purchaseId));
    expect(states.map((h) => h.state)).toEqual(['converted', 'converted', 'converted']);
    const total = cards.reduce((sum, c) => sum + c.buy_point, 0);
    expect(await ledgerSum(userId)).toMatchObject({ points: total, pointBalance: total });
    await settleExpiredHoldings(db, new Date(Date.now() + 25 * 3600_000));
    expect(await ledgerSum(userId)).toMatchObject({ points: total, pointBalance: total });
    expect((await client.get('/user/pack/buy_result')).body.cards ?? []).toHaveLength(0);
  });
});

describe('pack history', () => {
  it('lists purchases by shipping state and shows a detail to its owner only', async () => {
    const packId = await createTestPack(shop.database.db, { price: 10 });
    const { client } = await member({ points: 100 });
    const first = await buy(client, packId, 2);
    const cards = (await client.get('/user/pack/buy_result')).body.cards as { history_id: number }[];
    await client.post('/user/pack/decision', {
      send_card: cards.map((c) => c.history_id),
      reduction_card: [],
    });
    await buy(client, packId, 1);

    const all = await client.post('/user/history/list/1', { mode: '0' });
    expect(all.body.list).toHaveLength(2);
    expect(all.body.page).toMatchObject({ page: 1, all_page: 1 });
    const notSelected = await client.post('/user/history/list/1', { mode: '1' });
    expect((notSelected.body.list as { status: string }[]).map((r) => r.status)).toEqual(['0']);
    const notShipped = await client.post('/user/history/list/1', { mode: '2' });
    expect(notShipped.body.list).toMatchObject([
      { id: first.body.pack_history_id, send_state: '1', status: '1', send_card: 2 },
    ]);
    expect((await client.post('/user/history/list/1', { mode: '3' })).body.list).toEqual([]);
    expect((await client.post('/user/history/list/1', { mode: '9' })).body.state).toBe(400);

    const detail = await client.get(`/user/history/detail/${first.body.pack_history_id}`);
    expect(detail.body.cards).toHaveLength(2);
    const other = await member();
    expect((await other.client.get(`/user/history/detail/${first.body.pack_history_id}`)).body.state).toBe(
      404,
    );
  });
});

describe.runIf(testEngine() === 'postgres')('purchases under concurrency', () => {
  it('never oversells: 40 parallel single buys on a pack with 15 left, exactly 15 succeed', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, {
      price: 100,
      prizes: [{ rarity: 1, count: 100, buyPoint: 10 }],
      drawnCount: 85,
    });
    const members = await Promise.all(Array.from({ length: 40 }, () => member({ points: 100 })));
    for (const m of members) {
      await m.client.get(`/user/pack/detail/${packId}`);
      expect((await m.client.post('/user/pack/check', { count: 1 })).body.state).toBe(200);
    }
    const results = await Promise.all(members.map((m) => m.client.post('/user/pack/buy')));
    expect(results.filter((r) => r.body.state === 200)).toHaveLength(15);
    expect(await remaining(packId)).toBe(0);
    const [n] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from holdings h join purchases p on p.id = h.purchase_id where p.pack_id = ${packId}`);
    expect(n?.n).toBe(15);
    for (const m of members) {
      const sums = await ledgerSum(m.userId);
      expect(sums.points).toBe(sums.pointBalance);
    }
  });

  it('lets one member with points for 3 packs buy at most 3 when firing 10 buys at once', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 100 });
    const { userId, client: first } = await member({ points: 300 });
    // Ten tabs of the same member, each with its own approved check.
    const tabs = [first];
    for (let i = 1; i < 10; i += 1) {
      const tab = shop.client();
      await signIn(db, tab, userId);
      await tab.get('/user/point');
      tabs.push(tab);
    }
    for (const tab of tabs) expect((await tab.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);
    // Half the tabs call the bare buy, half name pack and count (the web app's form).
    const results = await Promise.all(
      tabs.map((tab, i) => tab.post('/user/pack/buy', i % 2 ? { pack_id: packId, count: 1 } : undefined)),
    );
    const bought = results.filter((r) => r.body.state === 200).length;
    expect(bought).toBeLessThanOrEqual(3);
    expect(bought).toBeGreaterThan(0);
    expect(await remaining(packId)).toBe(100 - bought);
    expect(await ledgerSum(userId)).toMatchObject({ points: 300 - 100 * bought, pointBalance: 300 - 100 * bought });
  });

  it.each([
    ['bare, as the spec calls it', undefined],
    ['naming pack and count, as the web app calls it', 'named'],
  ])('buys once when one session fires the buy five times at once (%s)', async (_form, named) => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 100 });
    const { client, userId } = await member({ points: 1000 });
    await client.post('/user/pack/check', { count: 1, pack_id: packId });
    const payload = named ? { pack_id: packId, count: 1 } : undefined;
    const results = await Promise.all(Array.from({ length: 5 }, () => client.post('/user/pack/buy', payload)));
    expect(results.filter((r) => r.body.state === 200)).toHaveLength(1);
    const bought = await db.select().from(purchases).where(eq(purchases.userId, userId));
    expect(bought).toHaveLength(1);
    expect(await ledgerSum(userId)).toMatchObject({ points: 900, pointBalance: 900 });
  });

  it('runs checks and buys of 24 members interleaved for 10 rounds without a deadlock or a lost purchase', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 10, prizes: [{ rarity: 1, count: 1000, buyPoint: 1 }] });
    const members = await Promise.all(Array.from({ length: 24 }, () => member({ points: 1000 })));
    const outcomes = await Promise.all(
      members.map(async (m) => {
        let bought = 0;
        for (let round = 0; round < 10; round += 1) {
          const check = await m.client.post('/user/pack/check', { count: 1, pack_id: packId });
          expect(check.body.state).toBe(200);
          const buy = await m.client.post('/user/pack/buy', { pack_id: packId, count: 1 });
          expect(buy.body.state).toBe(200);
          bought += 1;
        }
        return bought;
      }),
    );
    expect(outcomes.reduce((a, b) => a + b, 0)).toBe(240);
    expect(await remaining(packId)).toBe(1000 - 240);
    for (const m of members) expect(await ledgerSum(m.userId)).toMatchObject({ points: 900, pointBalance: 900 });
  });

  it('credits once when a decision races the sweeper', async () => {
    const db = shop.database.db;
    const packId = await createTestPack(db, { price: 10 });
    const { client, userId } = await member({ points: 50 });
    await buy(client, packId, 5);
    const cards = (await client.get('/user/pack/buy_result')).body.cards as {
      history_id: number;
      buy_point: number;
    }[];
    const total = cards.reduce((s, c) => s + c.buy_point, 0);
    // A sweep that believes the 24 hours are over races three identical decisions made in time:
    // each card moves once, whoever locks it first, and the points are credited once.
    const decision = { send_card: [], reduction_card: cards.map((c) => c.history_id) };
    await Promise.allSettled([
      settleExpiredHoldings(db, new Date(Date.now() + 25 * 3600_000)),
      client.post('/user/pack/decision', decision),
      client.post('/user/pack/decision', decision),
      client.post('/user/pack/decision', decision),
    ]);
    const [conversions] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from point_ledger where user_id = ${userId} and reason = 'conversion'`,
    );
    expect(conversions?.n).toBe(total > 0 ? 1 : 0);
    expect(await ledgerSum(userId)).toMatchObject({ points: total, pointBalance: total });
  });
});
