import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { fund } from '../../testing/funds.ts';
import { ledgerReplayFailures } from '../../testing/ledger-audit.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { useTestShop } from '../../testing/course-shop.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { testEngine } from '../../testing/test-database.ts';
import { createTestPack } from '../../testing/test-pack.ts';

/**
 * Issue 10, defect 7: a member's ledger is a running sum in its own order (seq), even when the
 * member converts cards on one session while buying on others at the same moment.
 */

const t = useTestShop();
const { db } = t;

async function session(userId: number): Promise<TestClient> {
  const client = t.shop.client();
  await signIn(db(), client, userId);
  await client.get('/user/point');
  return client;
}

async function buy(client: TestClient, packId: number, count: number): Promise<number | undefined> {
  const check = await client.post('/user/pack/check', { count, pack_id: packId });
  if (check.body.state !== 200) return undefined;
  const bought = await client.post('/user/pack/buy');
  return bought.body.state === 200 ? (bought.body.pack_history_id as number) : undefined;
}

/** Converts every card of a purchase back to points. */
async function convertAll(client: TestClient, purchaseId: number): Promise<void> {
  const result = await client.get(`/user/pack/buy_result?pack_history_id=${purchaseId}`);
  const cards = result.body.cards as { history_id: number }[];
  const res = await client.post('/user/pack/decision', { send_card: [], reduction_card: cards.map((c) => c.history_id) });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(200);
}

/** The member's point ledger rows and how many distinct seqs they carry. */
async function pointRowsAndSeqs(userId: number) {
  const [row] = await queryRows<{ n: number; seqs: number }>(
    db(),
    sql`select count(*)::int as n, count(distinct seq)::int as seqs from point_ledger where user_id = ${userId}`,
  );
  return row;
}

describe('ledger order', () => {
  it('numbers every point and coin ledger row of a member 1, 2, 3… in the order the balance moved', async () => {
    const userId = await createTestMember(db());
    await fund(db(), userId, { points: 1000, coins: '50' });
    const client = await session(userId);
    const packId = await createTestPack(db(), { price: 10 });
    const coinPack = await createTestPack(db(), { price: 5, paymentMethod: '2' });
    const purchase = await buy(client, packId, 3);
    await buy(client, coinPack, 2);
    await convertAll(client, purchase as number);
    await fund(db(), userId, { points: 7, coins: '1.25' });
    expect(await ledgerReplayFailures(db(), 'point_ledger', [userId])).toEqual([]);
    expect(await ledgerReplayFailures(db(), 'coin_ledger', [userId])).toEqual([]);
    const [seqs] = await queryRows<{ points: number[]; coins: number[] }>(
      db(),
      sql`select (select array_agg(seq order by seq) from point_ledger where user_id = ${userId}) as points,
                 (select array_agg(seq order by seq) from coin_ledger where user_id = ${userId}) as coins`,
    );
    expect(seqs?.points).toEqual([1, 2, 3, 4]); // grant, pack, conversion, grant
    expect(seqs?.coins).toEqual([1, 2, 3]); // grant, coin purchase (one row), grant
  });
});

describe.runIf(testEngine() === 'postgres')('ledger order under concurrency (PostgreSQL)', () => {
  // In id order this member's ledger typically breaks the running sum a dozen times (rows are
  // reserved before the balance's lock); in seq order it must never.
  it('stays a running sum in seq order while one session converts and three others buy at once', async () => {
    const userId = await createTestMember(db());
    await fund(db(), userId, { points: 100_000, coins: '1000' });
    const packId = await createTestPack(db(), {
      price: 10,
      prizes: [
        { rarity: 4, count: 200, buyPoint: 7 },
        { rarity: 1, count: 800, buyPoint: 3 },
      ],
    });
    const coinPack = await createTestPack(db(), { price: 3, paymentMethod: '2', prizes: [{ rarity: 1, count: 500, buyPoint: 1 }] });
    const buyer = await session(userId);
    const earlier: number[] = [];
    for (let i = 0; i < 12; i += 1) earlier.push((await buy(buyer, packId, 2)) as number);

    const converter = await session(userId);
    const buyers = await Promise.all([session(userId), session(userId), session(userId)]);
    await Promise.all([
      (async () => {
        for (const purchaseId of earlier) await convertAll(converter, purchaseId);
      })(),
      ...buyers.map(async (b, i) => {
        for (let n = 0; n < 8; n += 1) await buy(b, i === 2 ? coinPack : packId, 1 + (n % 3));
      }),
      (async () => {
        for (let n = 0; n < 6; n += 1) await fund(db(), userId, { points: 5, coins: '0.50' });
      })(),
    ]);

    expect(await ledgerReplayFailures(db(), 'point_ledger', [userId])).toEqual([]);
    expect(await ledgerReplayFailures(db(), 'coin_ledger', [userId])).toEqual([]);
    const counts = await pointRowsAndSeqs(userId);
    expect(counts?.seqs).toBe(counts?.n);
    expect(counts?.n).toBeGreaterThan(1 + 12 + 12 + 16 + 6 - 1);
  });
});
