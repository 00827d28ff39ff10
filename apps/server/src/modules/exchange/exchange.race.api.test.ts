import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { testEngine } from '../../testing/test-database.ts';
import { cardStock, coinState, createTestExchangeCard } from './exchange-testing.ts';

/**
 * The exchange under real concurrency (PostgreSQL): however many members, tabs and double
 * clicks arrive at once, stock never goes below zero, coins never below zero, the per-member
 * limit holds, one check exchanges once, and every balance equals its ledger.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

/** A signed-in browser tab of member `userId` (a session of its own) that has opened the shop. */
async function tab(userId: number): Promise<TestClient> {
  const client = shop.client();
  await signIn(shop.database.db, client, userId);
  await client.get('/user/point');
  return client;
}

const exchangeOnce = { card_id: 0, change_num: 1 };

async function checkedTabs(userId: number, cardId: number, n: number): Promise<TestClient[]> {
  const tabs: TestClient[] = [];
  for (let i = 0; i < n; i += 1) {
    const t = await tab(userId);
    const check = await t.post('/user/exchange_card/check', { ...exchangeOnce, card_id: cardId });
    expect(check.body.result).toBe('1');
    tabs.push(t);
  }
  return tabs;
}

const exchangeAll = (tabs: TestClient[], cardId: number) =>
  Promise.all(tabs.map((t) => t.post('/user/exchange_card/exchange', { ...exchangeOnce, card_id: cardId })));

const succeeded = (answers: { body: { state: number; result?: unknown } }[]) =>
  answers.filter((a) => a.body.state === 200 && a.body.result === '1').length;

describe.runIf(testEngine() === 'postgres')('racing exchanges on PostgreSQL', () => {
  it('20 members exchanging the last 3 of a card: exactly 3 get one', async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '50', stock: 3 });
    const members: number[] = [];
    const tabs: TestClient[] = [];
    for (let i = 0; i < 20; i += 1) {
      const userId = await createTestMember(db);
      await fund(db, userId, { coins: '100' });
      members.push(userId);
      tabs.push(...(await checkedTabs(userId, cardId, 1)));
    }
    const answers = await exchangeAll(tabs, cardId);
    expect(succeeded(answers)).toBe(3);
    expect(answers.filter((a) => a.body.result === '-2')).toHaveLength(17);
    expect(await cardStock(db, cardId)).toBe(0);
    let exchanged = 0;
    for (const userId of members) {
      const state = await coinState(db, userId);
      expect(state?.ledger).toBe(state?.balance);
      expect(state?.requests).toBe(state?.exchanges);
      exchanged += state?.exchanges ?? 0;
      expect(state?.balance).toBe(state?.exchanges === 1 ? '50.00' : '100.00');
    }
    expect(exchanged).toBe(3);
  });

  it("one member's 10 tabs with coins for 2: exactly 2 exchanges, coins never below zero", async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '40.25', stock: 100 });
    const userId = await createTestMember(db);
    await fund(db, userId, { coins: '100' });
    const answers = await exchangeAll(await checkedTabs(userId, cardId, 10), cardId);
    expect(succeeded(answers)).toBe(2);
    expect(answers.filter((a) => a.body.result === '-1'), JSON.stringify(answers.map((a) => a.body))).toHaveLength(8);
    expect(await coinState(db, userId)).toEqual({ balance: '19.50', ledger: '19.50', exchanges: 2, requests: 2 });
    expect(await cardStock(db, cardId)).toBe(98);
  });

  it("one member's 10 tabs on a card limited to 2 a member: exactly 2", async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '1', stock: 100, limit_per_member: 2 });
    const userId = await createTestMember(db);
    await fund(db, userId, { coins: '100' });
    const answers = await exchangeAll(await checkedTabs(userId, cardId, 10), cardId);
    expect(succeeded(answers)).toBe(2);
    expect(answers.filter((a) => a.body.result === '-3')).toHaveLength(8);
    expect(await coinState(db, userId)).toEqual({ balance: '98.00', ledger: '98.00', exchanges: 2, requests: 2 });
  });

  it('a double-posted exchange (10 posts of one check at once) exchanges once', async () => {
    const db = shop.database.db;
    const cardId = await createTestExchangeCard(db, { sub_coin: '10', stock: 100 });
    const userId = await createTestMember(db);
    await fund(db, userId, { coins: '100' });
    const [single] = await checkedTabs(userId, cardId, 1);
    const answers = await exchangeAll(Array.from({ length: 10 }, () => single!), cardId);
    expect(succeeded(answers)).toBe(1);
    expect(answers.filter((a) => a.body.result === '0')).toHaveLength(9);
    expect(await coinState(db, userId)).toEqual({ balance: '90.00', ledger: '90.00', exchanges: 1, requests: 1 });
    expect(await cardStock(db, cardId)).toBe(99);
  });
});

describe.runIf(testEngine() === 'postgres')('racing rank keeps on PostgreSQL', () => {
  it('10 tabs keeping one rank at once debit once', async () => {
    const db = shop.database.db;
    const userId = await createTestMember(db);
    await fund(db, userId, { coins: '1000' });
    await db.execute(sql`update users set rank_id = (select id from ranks where code = 'gold') where id = ${userId}`);
    const tabs = await Promise.all(Array.from({ length: 10 }, () => tab(userId)));
    const answers = await Promise.all(tabs.map((t) => t.post('/user/buy_rank', { coin: '100.00', next_month_rank: 'gold' })));
    expect(succeeded(answers)).toBe(1);
    expect(await coinState(db, userId)).toMatchObject({ balance: '900.00', ledger: '900.00' });
  });
});
