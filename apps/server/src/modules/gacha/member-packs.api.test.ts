import type { Pack } from '@oripa/contract/catalog';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { packs, ranks } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { jstDateKey } from '../../lib/time.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestPack } from '../../testing/test-pack.ts';

/**
 * Member-only packs and the free daily draw (decision 056) through the wire, on PGlite and on
 * PostgreSQL (the api-pg project runs this file too, where the parallel tries really race).
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

let rankSeq = 0;
/** Two ranks of this test, the second above the first. */
async function twoRanks(): Promise<{ lower: number; higher: number }> {
  rankSeq += 1;
  const tag = `${Date.now().toString(36)}${rankSeq}`;
  const rows = await shop.database.db
    .insert(ranks)
    .values([
      { code: `low-${tag}`, name: `ブロンズ${tag}`, nameEn: `Bronze${tag}`, sort: 100_000 + rankSeq * 2 },
      { code: `high-${tag}`, name: `ゴールド${tag}`, nameEn: `Gold${tag}`, sort: 100_001 + rankSeq * 2 },
    ])
    .returning({ id: ranks.id });
  return { lower: rows[0]!.id, higher: rows[1]!.id };
}

/** A signed-in tab (a session of its own) of member `userId` that has opened the shop. */
async function tab(userId: number): Promise<TestClient> {
  const client = shop.client();
  await signIn(shop.database.db, client, userId);
  await client.get('/user/point');
  return client;
}

async function member(values: { points?: number; rankId?: number; sms?: boolean; lang?: 'ja' | 'en' } = {}) {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  if (values.points) await fund(db, userId, { points: values.points });
  await db
    .update(users)
    // A verified phone is one account's only (users_verified_tel_idx): each member a number of its own.
    .set({ rankId: values.rankId ?? null, endSms: values.sms ? 1 : 0, tel: `080${String(userId).padStart(8, '0')}`, lang: values.lang ?? 'ja' })
    .where(eq(users.id, userId));
  const client = await tab(userId);
  if (values.lang === 'en') client.setLang('en');
  return { userId, client };
}

async function memberPack(terms: Partial<typeof packs.$inferInsert>, price = 100): Promise<number> {
  const packId = await createTestPack(shop.database.db, { price });
  await shop.database.db.update(packs).set(terms).where(eq(packs.id, packId));
  return packId;
}

const check = (client: TestClient, packId: number, count = 1) => client.post('/user/pack/check', { count, pack_id: packId });
const buy = (client: TestClient, packId: number, count = 1) => client.post('/user/pack/buy', { count, pack_id: packId });

async function purchasesOf(userId: number, packId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    shop.database.db,
    sql`select count(*)::int as n from purchases where user_id = ${userId} and pack_id = ${packId}`,
  );
  return row?.n ?? 0;
}

describe('rank-only packs', () => {
  it('refuses a member below the rank, naming it in their language, and sells to the rank', async () => {
    const { lower, higher } = await twoRanks();
    const packId = await memberPack({ minRankId: higher });
    const [high] = await shop.database.db.select().from(ranks).where(eq(ranks.id, higher));

    const low = await member({ points: 1000, rankId: lower });
    const refused = await check(low.client, packId);
    expect(refused.body.state).toBe(400);
    expect(refused.body.errors.count?.[0]).toBe(`このパックは${high!.name}ランク以上の会員様限定です。`);

    const lowEn = await member({ points: 1000, rankId: lower, lang: 'en' });
    const refusedEn = await check(lowEn.client, packId);
    expect(refusedEn.body.errors.count?.[0]).toBe(`This pack is for members of rank ${high!.nameEn} or above.`);

    const noRank = await member({ points: 1000 });
    expect((await check(noRank.client, packId)).body.state).toBe(400);

    const ok = await member({ points: 1000, rankId: higher });
    expect((await check(ok.client, packId)).body.state).toBe(200);
    expect((await buy(ok.client, packId)).body.state).toBe(200);
    expect(await purchasesOf(low.userId, packId)).toBe(0);
  });

  it('refuses the buy when the rank fell after the check (the batch judges again)', async () => {
    const { lower, higher } = await twoRanks();
    const packId = await memberPack({ minRankId: higher });
    const m = await member({ points: 1000, rankId: higher });
    expect((await check(m.client, packId)).body.state).toBe(200);
    await shop.database.db.update(users).set({ rankId: lower }).where(eq(users.id, m.userId));
    const refused = await buy(m.client, packId);
    expect(refused.body.state).toBe(400);
    expect(refused.body.errors.count?.[0]).toContain('ランク以上の会員様限定');
    expect(await purchasesOf(m.userId, packId)).toBe(0);
    const [user] = await shop.database.db.select().from(users).where(eq(users.id, m.userId));
    expect(user?.pointBalance).toBe(1000);
  });

  it('shows who may buy on the pack list and detail', async () => {
    const { higher } = await twoRanks();
    const packId = await memberPack({ minRankId: higher, firstPurchaseOnly: true });
    const [high] = await shop.database.db.select().from(ranks).where(eq(ranks.id, higher));
    const visitor = shop.client();
    const detail = await visitor.get(`/user/pack/detail/${packId}`);
    expect((detail.body.pack as Pack).members_only).toEqual({ min_rank: high!.name, first_purchase: true, sms_verified: false, free_daily: false });
    visitor.setLang('en');
    const en = await visitor.get(`/user/pack/detail/${packId}`);
    expect((en.body.pack as Pack).members_only?.min_rank).toBe(high!.nameEn);
    const open = await createTestPack(shop.database.db);
    expect(((await visitor.get(`/user/pack/detail/${open}`)).body.pack as Pack).members_only).toBeUndefined();
  });
});

describe('first-purchase and SMS-verified packs', () => {
  it('sells a first-purchase pack once, to a member who never bought a pack', async () => {
    const packId = await memberPack({ firstPurchaseOnly: true });
    const fresh = await member({ points: 1000 });
    expect((await check(fresh.client, packId)).body.state).toBe(200);
    expect((await buy(fresh.client, packId)).body.state).toBe(200);
    const again = await check(fresh.client, packId);
    expect(again.body.state).toBe(400);
    expect(again.body.errors.count?.[0]).toContain('初回購入限定');
  });

  it('refuses an unverified member and sells to a verified one', async () => {
    const packId = await memberPack({ smsVerifiedOnly: true });
    const unverified = await member({ points: 1000, lang: 'en' });
    const refused = await check(unverified.client, packId);
    expect(refused.body.errors.count?.[0]).toBe('This pack is for SMS-verified members only. Verify your phone number by SMS on My Page.');
    const verified = await member({ points: 1000, sms: true });
    expect((await check(verified.client, packId)).body.state).toBe(200);
    expect((await buy(verified.client, packId)).body.state).toBe(200);
  });
});

describe('the free daily draw', () => {
  it('draws one pack free once a Japan-time day, and its cards convert as free_draw_conversion', async () => {
    const packId = await memberPack({ freeDaily: true }, 500);
    const m = await member({ sms: true });
    const checked = await check(m.client, packId);
    expect(checked.body).toMatchObject({ state: 200, cost: 0, balance: '0', balance_after: '0' });
    const bought = await buy(m.client, packId);
    expect(bought.body.state).toBe(200);
    const purchaseId = bought.body.pack_history_id as number;

    const [draw] = await queryRows<{ jst_day: string; cost: number; unit_price: number }>(
      shop.database.db,
      sql`select f.jst_day::text as jst_day, p.cost, p.unit_price from free_draws f join purchases p on p.id = f.purchase_id
          where f.purchase_id = ${purchaseId}`,
    );
    expect(draw).toEqual({ jst_day: jstDateKey(new Date()), cost: 0, unit_price: 0 });

    const again = await check(m.client, packId);
    expect(again.body.state).toBe(400);
    expect(again.body.errors.count?.[0]).toContain('1日1回');
    expect((await check(m.client, packId, 2)).body.errors.count?.[0]).toBe('無料ガチャは1回ずつ引けます。');

    // Its cards: converting them credits points with the free draw's own reason.
    const result = await m.client.get('/user/pack/buy_result');
    const cards = result.body.cards as { history_id: number; buy_point: number }[];
    expect((await m.client.post('/user/pack/decision', { send_card: [], reduction_card: cards.map((c) => c.history_id) })).body.state).toBe(200);
    const ledger = await queryRows<{ reason: string; delta: number }>(
      shop.database.db,
      sql`select reason, delta from point_ledger where user_id = ${m.userId} order by id`,
    );
    expect(ledger).toEqual([{ reason: 'free_draw_conversion', delta: cards.reduce((s, c) => s + c.buy_point, 0) }]);

    // The next Japan-time day (yesterday's draw, as it were) the member draws again.
    await shop.database.db.execute(sql`update free_draws set jst_day = jst_day - 1 where purchase_id = ${purchaseId}`);
    expect((await check(m.client, packId)).body.state).toBe(200);
    expect((await buy(m.client, packId)).body.state).toBe(200);
  });

  it('refuses a member without SMS verification', async () => {
    const packId = await memberPack({ freeDaily: true });
    const m = await member({ points: 1000 });
    const refused = await check(m.client, packId);
    expect(refused.body.errors.count?.[0]).toContain('SMS認証済み');
    expect(await purchasesOf(m.userId, packId)).toBe(0);
  });

  it('gives one draw to parallel tries of one member in several tabs', async () => {
    const packId = await memberPack({ freeDaily: true });
    const m = await member({ sms: true });
    const tabs = [m.client, ...(await Promise.all([1, 2, 3, 4].map(() => tab(m.userId))))];
    for (const t of tabs) expect((await check(t, packId)).body.state).toBe(200);
    const answers = await Promise.all(tabs.map((t) => buy(t, packId)));
    const states = answers.map((a) => a.body.state as number).sort();
    expect(states).toEqual([200, 400, 400, 400, 400]);
    for (const refused of answers.filter((a) => a.body.state !== 200)) expect(refused.body.errors.count?.[0]).toContain('1日1回');
    expect(await purchasesOf(m.userId, packId)).toBe(1);
    const [drawn] = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from free_draws where user_id = ${m.userId}`);
    expect(drawn?.n).toBe(1);
  });
});
