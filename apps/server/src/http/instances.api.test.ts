import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from '../bench/harness.ts';
import { verifyAfterChaos } from '../chaos/verify.ts';
import { runCommand } from '../cli/run-command.ts';
import { testConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { sweep } from '../jobs/sweeper.ts';
import { CLI_ACTOR } from '../modules/audit/audit.service.ts';
import { changeSale } from '../modules/catalog/catalog-admin.service.ts';
import { SNAPSHOT_TTL_MS, STOCK_NOTICE_EVERY_MS } from '../modules/catalog/pack-snapshots.ts';
import { setMaintenance } from '../modules/settings/settings.service.ts';
import { fund } from '../testing/funds.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { TestClient } from '../testing/test-client.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { openTwoInstances, type TwoInstances } from '../testing/two-instances.ts';

// Issue 16, item 1: two shop instances on one database. On PostgreSQL each instance has its own
// pool and its own LISTEN connection, as two processes would; on PGlite (one process per data
// folder) the two apps share the one database handle.
let two: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let dbA: Database;
let dbB: Database;

beforeAll(async () => {
  two = await openTwoInstances('two');
  ({ a, b, dbA, dbB } = two);
});

afterAll(async () => {
  await two?.close();
});

/** A member signed in on instance A, and the same browser (cookies, csrf) talking to B. */
async function memberOnBoth(points: number): Promise<{ userId: number; onA: TestClient; onB: TestClient }> {
  const userId = await createTestMember(dbA.db);
  await fund(dbA.db, userId, { points });
  const onA = new TestClient(a);
  await signIn(dbA.db, onA, userId);
  await onA.get('/user/point');
  const onB = new TestClient(b);
  for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
  onB.csrf = onA.csrf;
  return { userId, onA, onB };
}

/** Keeps the csrf token the other instance issued last (a browser has one cookie jar). */
function share(from: TestClient, to: TestClient) {
  to.csrf = from.csrf;
}

async function waitFor(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now();
  while (performance.now() - started < limitMs) {
    if (await check()) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 20));
  }
  return Infinity;
}

describe('two instances on one database', () => {
  it('serves a purchase on one and its decision on the other (sessions and csrf are shared)', async () => {
    const packId = await createTestPack(dbA.db, { price: 10 });
    const { userId, onA, onB } = await memberOnBoth(1000);
    await onA.get(`/user/pack/detail/${packId}`);
    expect((await onA.post('/user/pack/check', { count: 3, pack_id: packId })).body.state).toBe(200);
    share(onA, onB);
    // The check made on A is bought on B.
    const bought = await onB.post('/user/pack/buy', { count: 3, pack_id: packId });
    expect(bought.body.state).toBe(200);
    const purchaseId = bought.body.pack_history_id as number;
    share(onB, onA);
    const result = await onA.get(`/user/pack/buy_result?pack_history_id=${purchaseId}`);
    const cards = result.body.cards as { history_id: number }[];
    expect(cards).toHaveLength(3);
    share(onA, onB);
    const decided = await onB.post('/user/pack/decision', {
      send_card: [cards[0]?.history_id],
      reduction_card: cards.slice(1).map((c) => c.history_id),
    });
    expect(decided.body.state).toBe(200);
    expect((await onA.get('/user/point')).body.state).toBe(200);
    const verdict = await verifyAfterChaos(dbA.db, {
      purchases: [{ userId, id: purchaseId, count: 3 }],
      decisions: [{ purchaseId, send: [cards[0]?.history_id as number], reduce: cards.slice(1).map((c) => c.history_id), points: decided.body.reduction_point as number }],
      payments: [],
    });
    expect(verdict).toEqual({ lost: [], doubled: [], mismatched: [] });
  });

  it('shows maintenance switched on one instance, and by the CLI, on the other within a second', async () => {
    const visitorB = new TestClient(b);
    const visitorA = new TestClient(a);
    // Both instances have read (and cached) "off".
    expect((await visitorB.get('/user/point')).body.state).toBe(200);
    expect((await visitorA.get('/user/point')).body.state).toBe(200);

    await dbA.db.transaction((tx) => setMaintenance(tx, true));
    const seenOnB = await waitFor(async () => (await visitorB.get('/user/point')).body.state === 9999, 1000);
    expect(seenOnB).toBeLessThan(1000);

    // The operator CLI opens the database itself (a third connection) while both instances run.
    const cli = await two.openAnother();
    const outcome = await runCommand({ database: cli, config: testConfig() }, ['maintenance', 'off']);
    expect(outcome.ok).toBe(true);
    const back = await waitFor(
      async () => (await visitorA.get('/user/point')).body.state === 200 && (await visitorB.get('/user/point')).body.state === 200,
      1000,
    );
    expect(back).toBeLessThan(1000);
  });

  it('shows on one instance what an operator or a buyer changed on the other, within a second', async () => {
    const packId = await createTestPack(dbA.db, { price: 10, prizes: [{ rarity: 1, count: 50, buyPoint: 3 }] });
    const { onA } = await memberOnBoth(1000);
    const watcher = new TestClient(b);
    const remainingOnB = async () => (await watcher.get(`/user/pack/detail/${packId}`)).body.pack as { pack_count: number } | undefined;
    // B holds the pack in its snapshots now (pack-snapshots.ts).
    expect((await remainingOnB())?.pack_count).toBe(50);
    expect((await remainingOnB())?.pack_count).toBe(50);
    let told = false;
    b.ctx.changes.on('packs', () => {
      told = true;
    });
    await onA.get(`/user/pack/detail/${packId}`);
    await onA.post('/user/pack/check', { count: 4, pack_id: packId });
    expect((await onA.post('/user/pack/buy', { count: 4, pack_id: packId })).body.state).toBe(200);
    // The purchase on A reaches B through the change feed, sooner than B's snapshot would
    // expire; B then reads the pack again (on PGlite the two apps share one process: at once).
    expect(await waitFor(async () => told, 1000)).toBeLessThan(SNAPSHOT_TTL_MS);
    expect((await remainingOnB())?.pack_count).toBe(46);

    // The operator hides the pack on A: the change feed tells B too.
    await new Promise((r) => setTimeout(r, STOCK_NOTICE_EVERY_MS));
    told = false;
    await changeSale(dbA.db, { id: packId, action: 'hide' }, CLI_ACTOR);
    expect(await waitFor(async () => told, 1000)).toBeLessThan(SNAPSHOT_TTL_MS);
    expect((await watcher.get(`/user/pack/detail/${packId}`)).body.state).toBe(404);

    const created = await runCommand({ database: dbA, config: testConfig() }, ['pack:create', path.join(root, 'docs/examples/pack.json')]);
    expect(created.ok).toBe(true);
    const newId = created.data.id as number;
    expect((await watcher.get(`/user/pack/detail/${newId}`)).body).toMatchObject({ state: 200, pack: { id: newId, point: 1000 } });
  });

  it('settles each overdue card once when both instances sweep at the same time', async () => {
    const packId = await createTestPack(dbA.db, { price: 10, prizes: [{ rarity: 1, count: 5_000, buyPoint: 3 }] });
    const bought: { userId: number; id: number; count: number }[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { userId, onA } = await memberOnBoth(1000);
      await onA.get(`/user/pack/detail/${packId}`);
      await onA.post('/user/pack/check', { count: 5, pack_id: packId });
      const res = await onA.post('/user/pack/buy', { count: 5, pack_id: packId });
      expect(res.body.state).toBe(200);
      bought.push({ userId, id: res.body.pack_history_id as number, count: 5 });
    }
    const ids = `{${bought.map((p) => p.id).join(',')}}`;
    await dbA.db.execute(sql`update holdings set deadline_at = now() - interval '1 minute' where purchase_id = any(${ids}::int[])`);
    const now = new Date();
    await Promise.all([sweep(dbA.db, now), sweep(dbB.db, now), sweep(dbA.db, now), sweep(dbB.db, now)]);
    const [row] = await queryRows<{ pending: number; settled: number; credits: number }>(
      dbA.db,
      sql`select (select count(*)::int from holdings where purchase_id = any(${ids}::int[]) and state = 'pending') as pending,
                 (select count(*)::int from holdings where purchase_id = any(${ids}::int[]) and state = 'converted') as settled,
                 (select count(*)::int from point_ledger where idempotency_key like 'conversion:%:sweep:%') as credits`,
    );
    expect(row).toEqual({ pending: 0, settled: 30, credits: 6 });
    const verdict = await verifyAfterChaos(dbA.db, { purchases: bought, decisions: [], payments: [] });
    expect(verdict).toEqual({ lost: [], doubled: [], mismatched: [] });
  });
});
