import { verifyLot } from '@oripa/verifier';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { checkMirror, type Mirror } from '../../testing/mirror-check.ts';
import { TestClient } from '../../testing/test-client.ts';
import { openTwoInstances, type TwoInstances } from '../../testing/two-instances.ts';
import { createPack, packSpecSchema } from '../catalog/pack-admin.service.ts';
import { pumpFor } from './fairness-pump.ts';

// oripa-draw-v2 with two shop instances on one database, each with its own pump signing heads
// and drawing. On PostgreSQL each instance has its own pool, as two processes would; on PGlite
// (one process per data folder) the two apps share the one database handle and its pump.
let two: TwoInstances;
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  two = await openTwoInstances('fair_two');
  apps = [two.a, two.b];
});

afterAll(async () => {
  await two?.close();
});

const instance = (i: number) => apps[i % apps.length] as FastifyInstance;

/** A 16-pack v2 lot with a last-one prize and a milestone at pack 8. */
async function sixteenPackLot(label: string): Promise<number> {
  const spec = packSpecSchema.parse({
    name: `競合パック${label}`,
    card_type: 'テストカード',
    point: 10,
    payment_method: '1',
    lineup: [
      { name: 'トップ', rarity: 7, count: 1, buy_point: 5000 },
      { name: 'レア', rarity: 4, count: 3, buy_point: 300 },
      { name: 'ノーマル', rarity: 1, count: 12, buy_point: 30 },
    ],
    last_one: { name: 'ラストワン', rarity: 7, buy_point: 8000 },
    milestones: [{ name: '節目賞', rarity: 5, buy_point: 1000, at: 8 }],
  });
  const app = instance(0);
  return (await createPack(app.ctx.db, app.ctx.fairness, spec, process.cwd())).id;
}

/** A member signed in on instance `i` with a pending check of `count` packs of the lot. */
async function checkedBuyer(i: number, lotId: number, count: number): Promise<TestClient> {
  const db = instance(0).ctx.db;
  const userId = await createTestMember(db);
  await fund(db, userId, { points: 1000 });
  const client = new TestClient(instance(i));
  await signIn(db, client, userId);
  await client.get('/user/point');
  expect((await client.post('/user/pack/check', { count, pack_id: lotId })).body.state).toBe(200);
  return client;
}

/** Drives both pumps (a waiting tick signs at once) until a signed head covers the lot's reveal. */
async function revealedMirror(lotId: number): Promise<Mirror> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await Promise.all(apps.map((app) => pumpFor(app.ctx.db, app.ctx.fairness).kick(true)));
    const mirror = (await instance(attempt).inject({ method: 'GET', url: `/api/transparency/mirror?lot_id=${lotId}` })).json() as Mirror;
    if (mirror.entries.some((e) => e.entry.type === 'reveal' && e.entry.lot_id === lotId)) return mirror;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`lot ${lotId}: no signed head covers its reveal`);
}

describe('oripa-draw-v2 on two instances sharing the database', () => {
  it('concurrent purchases of two lots through both instances are logged and drawn in seq order, and every mirror verifies', async () => {
    // Two lots sold at once, so their entries interleave in the log; ten buyers each, every
    // other one on the other instance, all buying at the same moment.
    const counts = [1, 2, 1, 3, 1, 2, 1, 2, 1, 2];
    const lots = [await sixteenPackLot('A'), await sixteenPackLot('B')];
    const buyers = await Promise.all(
      lots.flatMap((lotId) => counts.map(async (count, i) => ({ lotId, count, client: await checkedBuyer(i, lotId, count) }))),
    );
    const bought = await Promise.all(
      buyers.map(async (b) => {
        const answer = await b.client.post('/user/pack/buy', { count: b.count, pack_id: b.lotId });
        expect(answer.body.state).toBe(200);
        return { ...b, id: answer.body.pack_history_id as number };
      }),
    );
    // Each member asks for the cards on the instance they bought on: both pumps draw at once.
    const receipts = await Promise.all(
      bought.map(async (b) => {
        const result = await b.client.get(`/user/pack/gache_result?pack_history_id=${b.id}`);
        expect(result.body.state).toBe(200);
        expect((result.body.cards as unknown[]).length).toBeGreaterThanOrEqual(b.count);
        return { lotId: b.lotId, receipt: result.body.receipt as unknown };
      }),
    );

    for (const lotId of lots) {
      const mirror = await revealedMirror(lotId);
      // The log's order: each lot's purchases by seq, each draw after its purchase, draws by seq,
      // and the reveal last.
      const mine = mirror.entries.filter((e) => e.entry.lot_id === lotId);
      const purchases = mine.filter((e) => e.entry.type === 'purchase').map((e) => e.entry.seq);
      const draws = mine.filter((e) => e.entry.type === 'draw').map((e) => e.entry.seq);
      expect(purchases).toEqual(counts.map((_, i) => i + 1));
      expect(draws).toEqual(counts.map((_, i) => i + 1));
      expect(mine.at(-1)?.entry.type).toBe('reveal');
      for (const draw of mine.filter((e) => e.entry.type === 'draw')) {
        const purchase = mine.find((e) => e.entry.type === 'purchase' && e.entry.seq === draw.entry.seq);
        expect(draw.index).toBeGreaterThan(purchase?.index as number);
      }
      // The database's seqs are the log's: each purchase row's seq is its entry's.
      const rows = await queryRows<{ id: number; seq: number }>(instance(0).ctx.db, sql`select id, seq from purchases where pack_id = ${lotId} order by seq`);
      expect(rows.map((r) => r.seq)).toEqual(purchases);

      expect(checkMirror(mirror, lotId)).toEqual([]);
      const report = verifyLot(mirror, lotId);
      expect(report.failure).toBeNull();
      expect(report.ok).toBe(true);
      // Every member's receipt, from either instance, verifies against the mirror.
      for (const r of receipts.filter((x) => x.lotId === lotId)) {
        expect(verifyLot(mirror, lotId, { receipt: r.receipt }).failure).toBeNull();
      }
      const held = await queryRows<{ n: number }>(
        instance(0).ctx.db,
        sql`select count(*)::int as n from holdings h join purchases p on p.id = h.purchase_id where p.pack_id = ${lotId}`,
      );
      expect(held[0]?.n).toBe(16 + 2);
    }
    // Twenty purchases on two instances, then 22 full verifications with BLS pairings: room for
    // a busy machine (alone it takes a few seconds).
  }, 90_000);
});
