import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyer, cardToken, createTestCourse } from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { creditCoins, creditPoints, debitCoins } from './wallet.service.ts';

let shop: TestShop;
let courseId: number;

beforeAll(async () => {
  shop = await openTestShop();
  courseId = await createTestCourse(shop.database.db, { point: 1000, price: 1100 });
});

afterAll(async () => {
  await shop?.close();
});

interface PointRow {
  id: number;
  history_id: number | null;
  reason: string;
  created: string;
  memo: string;
  bonusPoint: number;
  money: number;
}

describe('GET /api/user/point/list/{page}', () => {
  it('lists purchases with money, pack spending and grants, newest first, in the member’s language', async () => {
    const db = shop.database.db;
    const { client, userId } = await buyer(shop, courseId);
    const bought = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, '4111111111111111') });
    const packId = await createTestPack(db, { price: 300 });
    await client.get(`/user/pack/detail/${packId}`);
    await client.post('/user/pack/check', { count: 1 });
    const purchase = await client.post('/user/pack/buy');
    await db.transaction((tx) => creditPoints(tx, { userId, amount: 50, reason: 'grant', memo: 'お詫び' }));

    const res = await client.get('/user/point/list/1');
    expect(res.body.state).toBe(200);
    const list = res.body.list as PointRow[];
    expect(list.map((r) => [r.reason, r.bonusPoint, r.money])).toEqual([
      ['grant', 50, 0],
      ['pack', -300, 0],
      ['purchase', 1000, 1100],
    ]);
    expect(list[2]).toMatchObject({ history_id: bought.body.payment_id, memo: 'ポイント購入（クレジットカード）' });
    expect(purchase.body.state).toBe(200);
    expect(list[1]).toMatchObject({ history_id: null, memo: 'テストパック' });
    expect(list[0]?.memo).toBe('お詫び');
    expect(list[0]?.created).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}$/);
    expect(res.body.page).toEqual({ page: 1, all_page: 1, pages: [1] });

    client.setLang('en');
    const en = (await client.get('/user/point/list/1')).body.list as PointRow[];
    expect(en.map((r) => r.memo)).toEqual(['お詫び', 'Pack purchase: テストパック', 'Points purchased']);
  });

  it('pages 20 rows at a time and shows a member only their own rows', async () => {
    const db = shop.database.db;
    const { client, userId } = await buyer(shop, courseId);
    for (let i = 0; i < 25; i += 1) await db.transaction((tx) => creditPoints(tx, { userId, amount: i + 1, reason: 'referral', memo: '紹介ボーナス' }));
    const second = await client.get('/user/point/list/2');
    expect((second.body.list as PointRow[]).map((r) => r.bonusPoint)).toEqual([5, 4, 3, 2, 1]);
    expect(second.body.page).toMatchObject({ page: 2, all_page: 2 });
    const other = await buyer(shop, courseId);
    expect((await other.client.get('/user/point/list/1')).body.list).toEqual([]);
    expect((await shop.client().get('/user/point/list/1')).body.state).toBe(401);
  });
});

describe('GET /api/user/coin/list/{page}', () => {
  it('shows coin changes as exact decimal strings, never floats', async () => {
    const db = shop.database.db;
    const { client, userId } = await buyer(shop, courseId);
    await db.transaction((tx) => creditCoins(tx, { userId, amount: '0.10', reason: 'grant', memo: 'キャンペーン' }));
    await db.transaction((tx) => creditCoins(tx, { userId, amount: '0.20', reason: 'bonus' }));
    await db.transaction((tx) => debitCoins(tx, { userId, amount: '0.30', reason: 'exchange', memo: 'カード交換' }));
    const res = await client.get('/user/coin/list/1');
    expect(res.body.state).toBe(200);
    expect((res.body.list as { bonusCoin: string; reason: string; memo: string }[]).map((r) => [r.bonusCoin, r.reason, r.memo])).toEqual([
      ['-0.30', 'exchange', 'カード交換'],
      ['0.20', 'bonus', 'ボーナス'],
      ['0.10', 'grant', 'キャンペーン'],
    ]);
    expect(res.raw.body).toContain('"bonusCoin":"-0.30"');
    expect((await shop.client().get('/user/coin/list/1')).body.state).toBe(401);
  });
});
