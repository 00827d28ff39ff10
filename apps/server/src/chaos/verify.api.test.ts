import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/rows.ts';
import { buyPacks, fundedMember } from '../testing/buying.ts';
import { fund } from '../testing/funds.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { openTestShop, type TestShop } from '../testing/test-app.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { lotMismatches } from '../http/fuzz/shop-invariants.ts';
import { packSpecSchema } from '../modules/catalog/pack-admin.service.ts';
import { createLegacyPack } from '../testing/legacy-pack.ts';
import { verifyAfterChaos, type Acknowledged } from './verify.ts';

/** The chaos run's verdict must catch what it is there to catch (a check that cannot fail is none). */

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

describe('chaos verdict', () => {
  it('finds nothing wrong in a consistent shop, and names a lost purchase, a doubled credit and a broken ledger', async () => {
    const db = shop.database.db;
    const userId = await createTestMember(db);
    await fund(db, userId, { points: 1000 });
    const client = shop.client();
    await signIn(db, client, userId);
    await client.get('/user/point');
    const packId = await createTestPack(db, { price: 10 });
    await client.post('/user/pack/check', { count: 2, pack_id: packId });
    const bought = await client.post('/user/pack/buy');
    const purchaseId = bought.body.pack_history_id as number;
    const ack: Acknowledged = {
      purchases: [{ userId, id: purchaseId, count: 2 }],
      decisions: [],
      payments: [],
    };
    expect(await verifyAfterChaos(db, ack)).toEqual({ lost: [], doubled: [], mismatched: [] });

    const verdict = await verifyAfterChaos(db, {
      ...ack,
      purchases: [...ack.purchases, { userId, id: purchaseId + 1000, count: 1 }],
      payments: [{ id: 99_999 }],
    });
    expect(verdict.lost).toHaveLength(2);

    await db.execute(
      sql`insert into point_ledger (user_id, delta, balance_after, reason, ref, seq) values (${userId}, 5, 995, 'purchase', 'payment:77', 3), (${userId}, 5, 1000, 'purchase', 'payment:77', 4)`,
    );
    const broken = await verifyAfterChaos(db, ack);
    expect(broken.doubled).toEqual(['2 credits for payment:77']);
    // The balance no longer equals the ledger, and the replay breaks at the inserted rows.
    expect(broken.mismatched.some((m) => m.includes('balance is not its ledger'))).toBe(true);
    expect(broken.mismatched.some((m) => m.includes('point_ledger: row 3'))).toBe(true);
  });

  it('counts only cards of lot prizes: a sold-out lot with a last-one and milestone prizes is consistent', async () => {
    // A shop of its own: the test above leaves a broken ledger behind on purpose.
    const own = await openTestShop();
    try {
      await sellOutWithExtras(own);
    } finally {
      await own.close();
    }
  });
});

async function sellOutWithExtras(shop: TestShop) {
  const db = shop.database.db;
  const spec = packSpecSchema.parse({
    name: '特典付きパック',
    card_type: 'テストカード',
    point: 10,
    payment_method: '1',
    lineup: [
      { name: 'トップ', rarity: 7, count: 1, buy_point: 5000 },
      { name: 'ノーマル', rarity: 1, count: 11, buy_point: 30 },
    ],
    last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
    milestones: [{ name: '節目賞', rarity: 5, buy_point: 1000, at: 4, every: 4 }],
  });
  const { id: packId } = await createLegacyPack(db, spec);
  const purchases: Acknowledged['purchases'] = [];
  for (const count of [5, 7]) {
    const { userId, client } = await fundedMember(shop, 1000);
    const bought = await buyPacks(client, packId, count);
    purchases.push({ userId, id: bought.body.pack_history_id as number, count });
  }
  // 12 packs drawn, 16 cards held: milestones at 4, 8 and 12 and the last-one come on top.
  const [held] = await queryRows<{ n: number; extra: number }>(
    db,
    sql`select count(*)::int as n, count(*) filter (where z.kind <> 'lot')::int as extra from holdings h
          join purchases p on p.id = h.purchase_id join pack_prizes z on z.id = h.prize_id where p.pack_id = ${packId}`,
  );
  expect(held).toEqual({ n: 16, extra: 4 });
  expect(await verifyAfterChaos(db, { purchases, decisions: [], payments: [] })).toEqual({
    lost: [],
    doubled: [],
    mismatched: [],
  });
  expect((await lotMismatches(db)).filter((m) => m.pack_id === packId)).toEqual([]);

  // A lot card lost from the sold-out lot is still caught (the extras do not hide it).
  await db.execute(
    sql`delete from holdings where id = (select h.id from holdings h join pack_prizes z on z.id = h.prize_id
          where h.purchase_id = ${purchases[1]!.id} and z.kind = 'lot' order by h.id limit 1)`,
  );
  const verdict = await verifyAfterChaos(db, { purchases, decisions: [], payments: [] });
  expect(verdict.lost).toEqual([`purchase ${purchases[1]!.id}: 6 of 7 cards`]);
  expect(verdict.mismatched).toContain(`pack ${packId}: stock + sold is not the lot`);
  expect((await lotMismatches(db)).map((m) => m.pack_id)).toContain(packId);
}
