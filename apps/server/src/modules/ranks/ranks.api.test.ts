import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { queryRows } from '../../db/rows.ts';
import { runCommand } from '../../cli/run-command.ts';
import { jstMonthBounds } from '../../lib/time.ts';
import { givePurchase } from '../../testing/accounts.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { cardToken, createTestCourse } from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

/**
 * Ranks (decision 011): next month's rank follows this month's point purchases (yen, JST
 * month); a member may keep the current rank with coins; the sweeper changes every rank once at
 * the start of a JST month; point purchases give coin-back at the rank's rate.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function rankId(code: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(shop.database.db, sql`select id from ranks where code = ${code}`);
  return row!.id;
}

async function member(options: { rank?: string; coins?: string; spend?: number } = {}): Promise<{ client: TestClient; userId: number }> {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  if (options.rank) await db.execute(sql`update users set rank_id = ${await rankId(options.rank)} where id = ${userId}`);
  if (options.coins) await fund(db, userId, { coins: options.coins });
  if (options.spend) await givePurchase(db, userId, options.spend);
  const client = shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  return { client, userId };
}

async function rankOf(userId: number): Promise<string | null> {
  const [row] = await queryRows<{ code: string | null }>(
    shop.database.db,
    sql`select r.code from users u left join ranks r on r.id = u.rank_id where u.id = ${userId}`,
  );
  return row?.code ?? null;
}

const detail = async (client: TestClient) => (await client.get('/user/detail')).body;
const coins = async (client: TestClient) => (await client.get('/user/point')).body.coin;

/** The first minute of next JST month, as an operator would type it. */
function nextMonthStart(): string {
  return new Date(jstMonthBounds(new Date()).end.getTime() + 60_000).toISOString();
}

describe('GET /api/user/detail rank fields', () => {
  it('shows this month’s spend, the bar’s goal and the rank it earns for next month', async () => {
    const { client } = await member({ spend: 12_000 });
    expect(await detail(client)).toMatchObject({
      rank_name: 'ブロンズ',
      rank_coin: '0.00',
      rank_current_price: 12_000,
      rank_max_price: 10_000,
      is_rank_maintained: false,
      next_month: 'silver',
      next_month_name: 'シルバー',
    });
  });

  it('offers keeping a rank only when coins keep it and this month’s spend does not', async () => {
    expect((await detail((await member({ rank: 'gold' })).client)).is_rank_maintained).toBe(true);
    expect((await detail((await member({ rank: 'gold', spend: 60_000 })).client)).is_rank_maintained).toBe(false);
    expect((await detail((await member({ rank: 'bronze' })).client)).is_rank_maintained).toBe(false);
  });
});

describe('POST /api/user/buy_rank', () => {
  it('asks visitors to log in', async () => {
    const visitor = shop.client();
    await visitor.get('/user/point');
    expect((await visitor.post('/user/buy_rank', { coin: '100.00', next_month_rank: 'gold' })).body.state).toBe(401);
  });

  it('keeps the rank for its coins once, through the coin ledger', async () => {
    const { client } = await member({ rank: 'gold', coins: '150' });
    const before = await detail(client);
    expect(before).toMatchObject({ rank_name: 'ゴールド', rank_coin: '100.00', is_rank_maintained: true, next_month: 'bronze' });

    const res = await client.post('/user/buy_rank', { coin: before.rank_coin, next_month_rank: 'gold' });
    expect(res.body).toMatchObject({ state: 200, result: '1', coin: '50.00', next_month: 'gold', next_month_name: 'ゴールド' });
    expect(await detail(client)).toMatchObject({ is_rank_maintained: false, next_month: 'gold', next_month_name: 'ゴールド' });

    const again = await client.post('/user/buy_rank', { coin: '100.00', next_month_rank: 'gold' });
    expect(again.body).toMatchObject({ state: 400, result: '0' });
    expect(again.body.errors.count).toEqual(['来月のランクはすでに維持されています。']);
    expect(await coins(client)).toBe('50.00');
    const history = (await client.get('/user/coin/list/1')).body.list as { reason: string; bonusCoin: string; memo: string }[];
    expect(history[0]).toMatchObject({ reason: 'rank', bonusCoin: '-100.00', memo: 'ランク維持（ゴールド）' });
  });

  it("refuses too few coins with 'コインが不足しています' under count", async () => {
    const { client } = await member({ rank: 'gold', coins: '99.99' });
    const res = await client.post('/user/buy_rank', { coin: '100.00', next_month_rank: 'gold' });
    expect(res.body).toMatchObject({ state: 400, result: '-1' });
    expect(res.body.errors.count).toEqual(['コインが不足しています']);
    expect(await coins(client)).toBe('99.99');
    expect((await detail(client)).is_rank_maintained).toBe(true);
  });

  it('refuses a stale coin amount or rank, a rank that needs no keeping, and bad input', async () => {
    const gold = await member({ rank: 'gold', coins: '500' });
    for (const payload of [
      { coin: '30.00', next_month_rank: 'gold' },
      { coin: '100.00', next_month_rank: 'silver' },
    ]) {
      const res = await gold.client.post('/user/buy_rank', payload);
      expect(res.body).toMatchObject({ state: 400, result: '0' });
      expect(res.body.errors.count).toEqual(['ランク維持に必要なコインが変わりました。画面を再読み込みしてください。']);
    }
    expect((await gold.client.post('/user/buy_rank', { coin: 'abc', next_month_rank: 'gold' })).body.state).toBe(400);
    // '100' and 100 are the same amount as '100.00'.
    expect((await gold.client.post('/user/buy_rank', { coin: 100, next_month_rank: 'gold' })).body.result).toBe('1');

    const spender = await member({ rank: 'gold', coins: '500', spend: 60_000 });
    const needless = await spender.client.post('/user/buy_rank', { coin: '100.00', next_month_rank: 'gold' });
    expect(needless.body.errors.count).toEqual(['今月のご利用で、来月も現在のランクが維持されます。']);
    const bronze = await member({ rank: 'bronze', coins: '500' });
    const free = await bronze.client.post('/user/buy_rank', { coin: '0', next_month_rank: 'bronze' });
    expect(free.body.errors.count).toEqual(['現在のランクはコインで維持できません。']);
    expect(await coins(bronze.client)).toBe('500.00');
  });
});

describe('the monthly rank change (ops jobs --now) and coin-back', () => {
  it('moves every member once at the JST month boundary: spend earns, coins keep, no spend falls', async () => {
    const db = shop.database.db;
    const ctx = { database: shop.database, config: testConfig() };
    // This month's change (from last month's spend) runs first, as the live sweeper did.
    const early = await runCommand(ctx, ['jobs', '--now', new Date().toISOString(), '--json']);
    expect(early.ok).toBe(true);
    const silver = await member({ spend: 12_000 });
    const gold = await member({ spend: 60_000 });
    const falls = await member({ rank: 'gold' });
    const keeps = await member({ rank: 'gold', coins: '100' });
    expect((await keeps.client.post('/user/buy_rank', { coin: '100.00', next_month_rank: 'gold' })).body.result).toBe('1');

    // Still this month: this month's change ran already; nothing moves.
    await runCommand(ctx, ['jobs', '--now', new Date().toISOString()]);
    expect(await rankOf(falls.userId)).toBe('gold');

    const out = await runCommand(ctx, ['jobs', '--now', nextMonthStart()]);
    expect(out).toMatchObject({ ok: true, exitCode: 0 });
    expect(out.message).toMatch(/ranks:monthly: [1-9]/);
    expect(await rankOf(silver.userId)).toBe('silver');
    expect(await rankOf(gold.userId)).toBe('gold');
    expect(await rankOf(falls.userId)).toBe('bronze');
    expect(await rankOf(keeps.userId)).toBe('gold');
    // The sweep at next month ended today's sessions: log in again.
    await signIn(db, silver.client, silver.userId);
    expect((await detail(silver.client)).rank_name).toBe('シルバー');

    // Once a month: again, or an older month, changes nothing.
    await db.execute(sql`update users set rank_id = ${await rankId('diamond')} where id = ${falls.userId}`);
    const twice = await runCommand(ctx, ['jobs', '--now', nextMonthStart()]);
    expect(twice.message).toContain('ranks:monthly: 0');
    await runCommand(ctx, ['jobs', '--now', new Date().toISOString()]);
    expect(await rankOf(falls.userId)).toBe('diamond');
  });

  it('gives coin-back on a point purchase at the rank’s rate, once, with the yen in the coin history', async () => {
    const db = shop.database.db;
    const courseId = await createTestCourse(db, { point: 1000, price: 1100 });
    const buy = async (rank: string) => {
      const m = await member({ rank });
      await m.client.get(`/user/point_price/detail/${courseId}`);
      const res = await m.client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, '4111111111111111') });
      expect(res.body).toMatchObject({ state: 200, result: '1' });
      // A replayed completion credits nothing more.
      await m.client.post('/user/point/append', { token: res.body.payment_id });
      const list = (await m.client.get('/user/coin/list/1')).body.list as Record<string, unknown>[];
      return { list, paymentId: res.body.payment_id, coin: await coins(m.client) };
    };
    const silver = await buy('silver');
    expect(silver.list).toEqual([
      expect.objectContaining({ reason: 'coinback', bonusCoin: '11.00', money: 1100, history_id: silver.paymentId }),
    ]);
    expect(silver.list[0]?.memo).toBe('ランク特典コインバック（シルバー 1.00%）');
    expect(silver.coin).toBe('11.00');
    expect((await buy('bronze')).coin).toBe('5.50');
    expect((await buy('diamond')).coin).toBe('55.00');
  });
});
