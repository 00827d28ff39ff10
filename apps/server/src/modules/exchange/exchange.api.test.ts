import { EXCHANGE_PER_PAGE, EXCHANGE_RESULT, EXCHANGE_SORT, type ExchangeCard } from '@oripa/contract/exchange';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { cardStock, coinState, createTestExchangeCard } from './exchange-testing.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function member(coins?: string): Promise<{ client: TestClient; userId: number }> {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  if (coins) await fund(db, userId, { coins });
  const client = shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  return { client, userId };
}

/** A visitor as a browser is: the first call opens the session and brings a csrf token. */
async function visitor(): Promise<TestClient> {
  const client = shop.client();
  await client.get('/user/point');
  return client;
}

const list = async (client: TestClient, page: number, payload: object) => {
  const res = await client.post(`/user/exchange_card/list/${page}`, payload);
  expect(res.body.state).toBe(200);
  return { list: res.body.list as ExchangeCard[], page: res.body.page as { page: number; all_page: number; pages: number[] } };
};

describe('POST /api/user/exchange_card/list/{page}', () => {
  // A catalogue of its own: names carry a tag so the search isolates it from other tests' cards.
  const cards = [
    { name: 'リスト 紅蓮竜', sub_coin: '1200.00', stock: 1, model_number: 'LST-001' },
    { name: 'リスト 氷結の魔女', card_name: 'リストTCG', sub_coin: '450.50', stock: 3, model_number: 'LST-002' },
    { name: 'リスト 雷獣', sub_coin: '120.00', stock: 10, model_number: 'LST-003' },
    { name: 'リスト 星詠み', sub_coin: '35.50', stock: 30, model_number: 'LST-004' },
    { name: 'リスト 売り切れ', sub_coin: '60.00', stock: 0, model_number: 'LST-005' },
  ];
  const ids = new Map<string, number>();

  beforeAll(async () => {
    for (const c of cards) ids.set(c.model_number, await createTestExchangeCard(shop.database.db, c));
    await createTestExchangeCard(shop.database.db, { name: 'リスト 非公開', model_number: 'LST-999', published: false });
  });

  const codes = (rows: ExchangeCard[]) => rows.map((c) => c.model_number);

  it('shows visitors the published cards with the spec fields, decimal coin costs and change_num 1', async () => {
    const { list: rows } = await list(await visitor(), 1, { type: '2', searchText: 'リスト', sort: EXCHANGE_SORT.priceHigh });
    expect(codes(rows)).toEqual(['LST-001', 'LST-002', 'LST-003', 'LST-005', 'LST-004']);
    expect(rows[1]).toEqual({
      id: ids.get('LST-002'),
      image: '/media/test-card.svg',
      card_name: 'リストTCG',
      name: 'リスト 氷結の魔女',
      model_number: 'LST-002',
      rarity: 5,
      rarity_label: 'SR',
      sub_coin: '450.50',
      stock: 3,
      change_num: 1,
      limit_per_member: 0,
      exchanged: 0,
    });
  });

  it('sorts by highest price, lowest price, most stock and least stock', async () => {
    const client = await visitor();
    const sorted = async (sort: string) => codes((await list(client, 1, { type: '2', searchText: 'リスト', sort })).list);
    expect(await sorted(EXCHANGE_SORT.priceHigh)).toEqual(['LST-001', 'LST-002', 'LST-003', 'LST-005', 'LST-004']);
    expect(await sorted(EXCHANGE_SORT.priceLow)).toEqual(['LST-004', 'LST-005', 'LST-003', 'LST-002', 'LST-001']);
    expect(await sorted(EXCHANGE_SORT.stockMost)).toEqual(['LST-004', 'LST-003', 'LST-002', 'LST-001', 'LST-005']);
    expect(await sorted(EXCHANGE_SORT.stockLeast)).toEqual(['LST-005', 'LST-001', 'LST-002', 'LST-003', 'LST-004']);
  });

  it('searches the name and the model number, literally', async () => {
    const client = await visitor();
    expect(codes((await list(client, 1, { type: '2', searchText: '雷獣', sort: '1' })).list)).toEqual(['LST-003']);
    expect(codes((await list(client, 1, { type: '2', searchText: 'lst-004', sort: '1' })).list)).toEqual(['LST-004']);
    expect((await list(client, 1, { type: '2', searchText: '%', sort: '1' })).list).toEqual([]);
    expect((await list(client, 1, { type: '2', searchText: '存在しないカード', sort: '1' })).list).toEqual([]);
  });

  it(`pages ${EXCHANGE_PER_PAGE} cards at a time`, async () => {
    for (let i = 0; i < EXCHANGE_PER_PAGE + 2; i += 1) {
      await createTestExchangeCard(shop.database.db, { name: `ページ送り ${i}`, sub_coin: String(1000 - i), model_number: `PGE-${i}` });
    }
    const client = await visitor();
    const first = await list(client, 1, { type: '2', searchText: 'ページ送り', sort: EXCHANGE_SORT.priceHigh });
    const second = await list(client, 2, { type: '2', searchText: 'ページ送り', sort: EXCHANGE_SORT.priceHigh });
    expect(first.list).toHaveLength(EXCHANGE_PER_PAGE);
    expect(first.page).toEqual({ page: 1, all_page: 2, pages: [1, 2] });
    expect(codes(second.list)).toEqual([`PGE-${EXCHANGE_PER_PAGE}`, `PGE-${EXCHANGE_PER_PAGE + 1}`]);
    expect(second.page.page).toBe(2);
  });

  it('refuses an unknown sort or type', async () => {
    const client = await visitor();
    expect((await client.post('/user/exchange_card/list/1', { type: '2', searchText: '', sort: '5' })).body.state).toBe(400);
    expect((await client.post('/user/exchange_card/list/1', { type: '1', searchText: '', sort: '1' })).body.state).toBe(400);
  });
});

describe('POST /api/user/exchange_card/check and /exchange', () => {
  it('asks visitors to log in', async () => {
    const cardId = await createTestExchangeCard(shop.database.db);
    const visitor = shop.client();
    await visitor.get('/user/point');
    for (const path of ['/user/exchange_card/check', '/user/exchange_card/exchange']) {
      const res = await visitor.post(path, { card_id: cardId, change_num: 1 });
      expect(res.body.state).toBe(401);
    }
    expect(await cardStock(shop.database.db, cardId)).toBe(10);
  });

  it('refuses any change_num but 1 under count, writing nothing', async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db);
    const { client, userId } = await member('500');
    for (const changeNum of [0, 2, -1, 1.5, '2', '1.0', ' 1', 'abc', null, true, undefined]) {
      for (const path of ['/user/exchange_card/check', '/user/exchange_card/exchange']) {
        const res = await client.post(path, { card_id: cardId, change_num: changeNum });
        expect(res.body.state, `${path} ${String(changeNum)}`).toBe(400);
        expect(res.body.errors.count, JSON.stringify(res.body.errors)).toEqual(['交換できるのは1枚ずつです。']);
      }
    }
    expect(await cardStock(db, cardId)).toBe(10);
    expect(await coinState(db, userId)).toMatchObject({ balance: '500.00', exchanges: 0 });
    // '1' as a string is as good as 1.
    expect((await client.post('/user/exchange_card/check', { card_id: String(cardId), change_num: '1' })).body.result).toBe('1');
  });

  it('exchanges: check, then coins, stock, shipping request with the address, and a coin-history row', async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { name: '交換 紅蓮竜', sub_coin: '120.50', stock: 2 });
    const { client, userId } = await member('300');

    const check = await client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect(check.body).toMatchObject({ state: 200, result: EXCHANGE_RESULT.ok, balance: '300.00', balance_after: '179.50' });
    expect((check.body.card as ExchangeCard).sub_coin).toBe('120.50');

    const done = await client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 });
    expect(done.body).toMatchObject({ state: 200, result: '1', balance_after: '179.50' });
    expect(done.body.card).toMatchObject({ id: cardId, stock: 1, exchanged: 1 });
    expect(await cardStock(db, cardId)).toBe(1);
    expect(await coinState(db, userId)).toEqual({ balance: '179.50', ledger: '179.50', exchanges: 1, requests: 1 });

    const [request] = await queryRows<{ address: Record<string, unknown> }>(
      db,
      sql`select s.address from exchanges e join shipping_requests s on s.id = e.shipping_request_id where e.user_id = ${userId}`,
    );
    expect(request?.address).toMatchObject({ name: expect.stringMatching(/^山田\s+花子$/), zipcode: '1500002', prefName: '東京都', shiku: '渋谷区渋谷' });

    const history = await client.get('/user/coin/list/1');
    expect(history.body.list).toContainEqual(
      expect.objectContaining({ history_id: done.body.exchange_id, reason: 'exchange', bonusCoin: '-120.50', money: 0, memo: 'カード交換 交換 紅蓮竜' }),
    );
    client.setLang('en');
    const en = await client.get('/user/coin/list/1');
    expect((en.body.list as { memo: string }[])[0]?.memo).toBe('Card exchange: 交換 紅蓮竜');
    const detail = await client.get('/user/point');
    expect(detail.body.coin).toBe('179.50');
  });

  it('a second post of one check, or an exchange without a check, exchanges nothing', async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '10' });
    const { client, userId } = await member('100');
    const unchecked = await client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 });
    expect(unchecked.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.refused });
    expect(unchecked.body.errors.count).toEqual(['交換内容を確認してから、もう一度お試しください。']);

    await client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect((await client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
    const again = await client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 });
    expect(again.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.refused });
    expect(await coinState(db, userId)).toMatchObject({ balance: '90.00', ledger: '90.00', exchanges: 1 });
  });

  it("answers '-3' at the per-member limit, with the limit in the message", async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '10', limit_per_member: 1 });
    const { client, userId } = await member('100');
    await client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect((await client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 })).body.result).toBe('1');

    const check = await client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect(check.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.limit });
    expect(check.body.errors.count).toEqual(['このカードの交換はお一人様1枚までです（交換済み1枚）。']);
    // Another member still may.
    const other = await member('100');
    expect((await other.client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
    expect(await coinState(db, userId)).toMatchObject({ balance: '90.00', exchanges: 1 });
  });

  it("answers '-1' when coins are short, and the exchange refuses too if coins went since the check", async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '100.01' });
    const poor = await member('100');
    const check = await poor.client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect(check.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.insufficient });
    expect(check.body.errors.count).toEqual(['コインが不足しています（必要100.01コイン、所持100.00コイン）。']);
    poor.client.setLang('en');
    const en = await poor.client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect(en.body.errors.count).toEqual(['You do not have enough coins (100.01 needed, you have 100.00).']);

    const spender = await member('150');
    expect((await spender.client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
    await db.execute(sql`update users set coin_balance = 50 where id = ${spender.userId}`);
    const late = await spender.client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 });
    expect(late.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.insufficient });
    expect(await cardStock(db, cardId)).toBe(10);
  });

  it("answers '-2' for a sold-out card and '0' for an unknown or hidden one", async () => {
    const db = shop.database.db;
    const soldOut = await createTestExchangeCard(db, { stock: 0 });
    const hidden = await createTestExchangeCard(db, { published: false });
    const { client } = await member('500');
    const out = await client.post('/user/exchange_card/check', { card_id: soldOut, change_num: 1 });
    expect(out.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.soldOut });
    expect(out.body.errors.count).toEqual(['この引換カードは在庫切れです。']);
    for (const cardId of [hidden, 2147483647]) {
      const res = await client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
      expect(res.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.refused });
    }
    expect((await client.post('/user/exchange_card/check', { card_id: 0, change_num: 1 })).body.state).toBe(400);
  });

  it('refuses the exchange when the card sold out or changed price after the check', async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '10', stock: 1 });
    const a = await member('100');
    const b = await member('100');
    for (const m of [a, b]) await m.client.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 });
    expect((await a.client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
    expect((await b.client.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 })).body.result).toBe(EXCHANGE_RESULT.soldOut);

    const repriced = await createTestExchangeCard(db, { sub_coin: '10' });
    await b.client.post('/user/exchange_card/check', { card_id: repriced, change_num: 1 });
    await db.execute(sql`update exchange_cards set sub_coin = 20 where id = ${repriced}`);
    const res = await b.client.post('/user/exchange_card/exchange', { card_id: repriced, change_num: 1 });
    expect(res.body).toMatchObject({ state: 400, result: EXCHANGE_RESULT.refused });
    expect(await coinState(db, b.userId)).toMatchObject({ balance: '100.00', exchanges: 0 });
  });
});
