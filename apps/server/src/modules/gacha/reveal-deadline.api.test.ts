import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';
import { createPack, packSpecSchema } from '../catalog/pack-admin.service.ts';
import { revealDueLots } from './reveal-jobs.ts';

// A lot's seed comes out at its reveal deadline (or its end, or its withdrawal). Every pack sold
// after that would be computable by anyone, so the sale ends by the deadline, a revealed lot
// sells nothing more, and the reveal never overtakes a purchase still waiting for its cards.

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function lotWithoutEnd(): Promise<number> {
  const spec = packSpecSchema.parse({
    name: '公開期限パック',
    card_type: 'テストカード',
    point: 10,
    payment_method: '1',
    lineup: [
      { name: 'レア', rarity: 4, count: 2, buy_point: 300 },
      { name: 'ノーマル', rarity: 1, count: 30, buy_point: 30 },
    ],
  });
  return (await createPack(shop.database.db, shop.app.ctx.fairness, spec, process.cwd())).id;
}

const lotDates = async (lotId: number) => {
  const [row] = await queryRows<{ end_at: string | null; reveal_deadline: string; revealed_at: string | null }>(
    shop.database.db,
    sql`select end_at, reveal_deadline, revealed_at from packs where id = ${lotId}`,
  );
  if (!row) throw new Error(`no lot ${lotId}`);
  return { endAt: row.end_at === null ? null : new Date(row.end_at), revealDeadline: new Date(row.reveal_deadline), revealedAt: row.revealed_at };
};

describe('a lot sells only until its seed comes out', () => {
  it('a lot committed without an end date ends its sale at its reveal deadline', async () => {
    const lotId = await lotWithoutEnd();
    const { endAt, revealDeadline } = await lotDates(lotId);
    expect(endAt?.getTime()).toBe(revealDeadline.getTime());
    expect(revealDeadline.getTime()).toBeGreaterThan(Date.now());
  });

  it('a lot whose seed is out sells nothing more, whatever its dates say (a lagging clock)', async () => {
    const lotId = await lotWithoutEnd();
    const { client } = await fundedMember(shop, 1000);
    expect((await client.post('/user/pack/check', { count: 1, pack_id: lotId })).body.state).toBe(200);
    // Another instance, its clock ahead, has revealed the seed; this one still sees the sale open.
    await shop.database.db.execute(sql`update packs set revealed_at = now() where id = ${lotId}`);
    const refused = await client.post('/user/pack/buy', { count: 1, pack_id: lotId });
    expect(refused.body.state).not.toBe(200);
    expect(JSON.stringify(refused.body.errors)).toContain('販売');
    const [sold] = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from purchases where pack_id = ${lotId}`);
    expect(sold?.n).toBe(0);
  });

  it.skipIf(testEngine() !== 'postgres')(
    'never reveals a seed while a purchase recorded under the pack lock waits for its cards',
    async () => {
      const lotId = await lotWithoutEnd();
      const { client } = await fundedMember(shop, 1000);
      const bought = await buyPacks(client, lotId, 1);
      const result = await client.get(`/user/pack/gache_result?pack_history_id=${bought.body.pack_history_id as number}`);
      expect(result.body.state).toBe(200);
      const { revealDeadline } = await lotDates(lotId);
      const pastDeadline = new Date(revealDeadline.getTime() + 60_000);

      // A purchase batch of another instance: it holds the pack row's lock while it records a
      // purchase whose cards are not drawn yet, and commits only after the reveal job has read
      // its list of due lots (which therefore does not know the purchase).
      const pool = (shop.database.db as unknown as { $client: pg.Pool }).$client;
      const batch = await pool.connect();
      try {
        await batch.query('begin');
        await batch.query('select id from packs where id = $1 for update', [lotId]);
        await batch.query(`create temp table waiting on commit drop as select * from purchases where pack_id = $1`, [lotId]);
        await batch.query(`update waiting set id = nextval('purchases_id_seq'), seq = seq + 1, drawn_at = null, beacon_round = null, share_code = md5(random()::text)`);
        await batch.query('insert into purchases select * from waiting');
        const reveal = revealDueLots(shop.database.db, shop.app.ctx.fairness, pastDeadline);
        // The job's transaction is now waiting for the pack row (bounded wait for the lock queue).
        for (let i = 0; i < 100; i += 1) {
          const waiting = await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_locks where not granted and locktype in ('transactionid', 'tuple')`,
          );
          if ((waiting.rows[0]?.n ?? 0) > 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await batch.query('commit');
        // (Other lots of this file are due at that time too and may be revealed.)
        await reveal;
      } finally {
        batch.release();
      }
      expect((await lotDates(lotId)).revealedAt).toBeNull();
      const reveals = await queryRows<{ n: number }>(
        shop.database.db,
        sql`select count(*)::int as n from transparency_entries where type = 'reveal' and lot_id = ${lotId}`,
      );
      expect(reveals[0]?.n).toBe(0);
    },
    60_000,
  );
});
