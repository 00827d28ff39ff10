import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { testEngine } from '../../testing/test-database.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { cardStock, createTestExchangeCard } from './exchange-testing.ts';

/**
 * An operator adjusting a card's stock from the console while members exchange it (PostgreSQL,
 * real concurrency): no exchange is given back or lost, the stock never goes below zero, and
 * the audit log's adjustments plus the exchanges explain the final stock exactly.
 */

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

describe.runIf(testEngine() === 'postgres')('console stock changes racing exchanges on PostgreSQL', () => {
  it('30 members exchange while the operator adds and takes stock: stock = start + accepted changes - exchanges, never oversold', async () => {
    const db = shop.database.db;
    const start = 5;
    const cardId = await createTestExchangeCard(db, { sub_coin: '10', stock: start, limit_per_member: 0 });
    const operators: TestClient[] = [];
    for (let i = 0; i < 3; i += 1) {
      const op = shop.client();
      await signInOperator(db, op, (await createTestOperator(db, 'staff')).id);
      operators.push(op);
    }
    const tabs: TestClient[] = [];
    for (let i = 0; i < 30; i += 1) {
      const userId = await createTestMember(db);
      await fund(db, userId, { coins: '100' });
      const tab = shop.client();
      await signIn(db, tab, userId);
      await tab.get('/user/point');
      expect((await tab.post('/user/exchange_card/check', { card_id: cardId, change_num: 1 })).body.result).toBe('1');
      tabs.push(tab);
    }
    const changes = [4, -3, 6, -2, -5, 3, -4, 2, -6];
    const [exchanges, adjustments] = await Promise.all([
      Promise.all(tabs.map((t) => t.post('/user/exchange_card/exchange', { card_id: cardId, change_num: 1 }))),
      Promise.all(changes.map((change, i) => operators[i % operators.length]!.post('/admin/exchange-cards/stock', { card_id: cardId, change }))),
    ]);
    const exchanged = exchanges.filter((e) => e.body.result === '1').length;
    const soldOut = exchanges.filter((e) => e.body.result === '-2').length;
    expect(exchanged + soldOut).toBe(30);
    const accepted = changes.filter((_, i) => adjustments[i]!.body.state === 200);
    for (const [i, a] of adjustments.entries()) {
      // A refused take says the stock was too low at that moment, never anything else.
      if (a.body.state !== 200) expect(a.body.errors.change, String(changes[i])).toHaveLength(1);
    }
    const finalStock = await cardStock(db, cardId);
    expect(finalStock).toBe(start + accepted.reduce((a, b) => a + b, 0) - exchanged);
    expect(finalStock).toBeGreaterThanOrEqual(0);
    const [counted] = await queryRows<{ exchanges: number; audited: number }>(
      db,
      sql`select (select count(*)::int from exchanges where exchange_card_id = ${cardId}) as exchanges,
                 (select coalesce(sum((after->>'change')::int), 0)::int from audit_log
                   where action = 'exchange.stock' and target = ${`exchange_card:${cardId}`}) as audited`,
    );
    expect(counted).toEqual({ exchanges: exchanged, audited: accepted.reduce((a, b) => a + b, 0) });
  });
});
