import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl } from '../bench/harness.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { openTestShop, type TestShop } from '../testing/test-app.ts';
import { fund } from '../testing/funds.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { testEngine } from '../testing/test-database.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { startJobEngine, type JobEngine, type QueueDefinition } from './job-engine.ts';
import { sweepQueues } from '../jobs/schedule.ts';
import { JOBS } from '../jobs/sweeper.ts';

// Issue 16, item 2: jobs on pg-boss. Two engines stand for two shop instances: on PostgreSQL
// each has its own pool on one database (as two processes would); on PGlite (one process per
// data folder) both run on the one embedded database.
const onPostgres = testEngine() === 'postgres';

let shop: TestShop;
let adminUrl: string;
let name: string;
const extra: Database[] = [];
const engines: JobEngine[] = [];

/** The database as a second instance sees it: its own pool on PostgreSQL, the same PGlite. */
async function secondHandle(): Promise<Database> {
  if (!onPostgres) return shop.database;
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize: 8 });
  extra.push(database);
  return database;
}

async function twoEngines(queues: (db: Database) => QueueDefinition[], cronSeconds = 30): Promise<[JobEngine, JobEngine]> {
  const other = await secondHandle();
  const options = { pollingIntervalSeconds: 0.5, cronMonitorIntervalSeconds: cronSeconds };
  const [one, two] = await Promise.all([
    startJobEngine(shop.database.db, queues(shop.database), options),
    startJobEngine(other.db, queues(other), options),
  ]);
  engines.push(one, two);
  return [one, two];
}

async function stopAll(): Promise<void> {
  await Promise.all(engines.splice(0).map((engine) => engine.stop(5_000)));
}

async function waitUntil(check: () => boolean | Promise<boolean>, limitMs: number): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  shop = await openTestShop();
  if (onPostgres) {
    adminUrl = process.env.TEST_DATABASE_URL as string;
    // 'PostgreSQL at host:port/name': the test database's name, for a second pool on it.
    name = shop.database.where.split('/').pop() as string;
  }
});

afterAll(async () => {
  await stopAll();
  for (const database of extra) await database.close();
  await shop?.close();
});

describe('the job engine with two instances on one database', () => {
  it('runs a job queued by one instance once, and retries a failing job with backoff', async () => {
    const ran: { instance: number; data: Record<string, unknown>; retry: number }[] = [];
    let failuresLeft = 1;
    const queues = (instance: number): QueueDefinition[] => [
      { name: 'test-once', run: async ({ data, retryCount }) => void ran.push({ instance, data, retry: retryCount }) },
      {
        name: 'test-flaky',
        retryDelaySeconds: 1,
        run: async ({ data, retryCount }) => {
          if (failuresLeft-- > 0) throw new Error('provider down');
          ran.push({ instance, data, retry: retryCount });
        },
      },
    ];
    let instance = 0;
    const [one, two] = await twoEngines(() => queues((instance += 1)));
    for (let i = 0; i < 10; i += 1) await (i % 2 ? one : two).send('test-once', { n: i });
    await one.send('test-flaky', { n: 'flaky' });
    await waitUntil(() => ran.length === 11, 20_000);
    // Both instances poll the queue; every job ran exactly once (and some on each, usually).
    await new Promise((r) => setTimeout(r, 1_500));
    const once = ran.filter((r) => r.data.n !== 'flaky').map((r) => r.data.n as number);
    expect(once.sort((x, y) => x - y)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(ran.filter((r) => r.data.n === 'flaky')).toEqual([expect.objectContaining({ retry: 1 })]);
    expect(await one.depth()).toBe(0);
    await stopAll();
  }, 40_000);

  it('runs the sweeper transitions on the engine: an overdue card is converted once', async () => {
    const packId = await createTestPack(shop.database.db, { price: 10, prizes: [{ rarity: 1, count: 1_000, buyPoint: 3 }] });
    const userId = await createTestMember(shop.database.db);
    await fund(shop.database.db, userId, { points: 1_000 });
    const client = shop.client();
    await signIn(shop.database.db, client, userId);
    await client.get(`/user/pack/detail/${packId}`);
    await client.post('/user/pack/check', { count: 4, pack_id: packId });
    const bought = await client.post('/user/pack/buy', { count: 4, pack_id: packId });
    expect(bought.body.state).toBe(200);
    await shop.database.db.execute(sql`update holdings set deadline_at = now() - interval '1 minute' where user_id = ${userId}`);

    // Cron monitors check every second; the first check of a minute queues one sweep per queue.
    await twoEngines((database) => sweepQueues(database.db), 1);
    const settled = async () => {
      const [row] = await queryRows<{ pending: number; credits: number }>(
        shop.database.db,
        sql`select (select count(*)::int from holdings where user_id = ${userId} and state = 'pending') as pending,
                   (select count(*)::int from point_ledger where user_id = ${userId} and idempotency_key like 'conversion:%:sweep:%') as credits`,
      );
      return row;
    };
    await waitUntil(async () => (await settled())?.pending === 0, 20_000);
    expect(await settled()).toEqual({ pending: 0, credits: 1 });
    // Every transition has its queue; the ordered payment jobs and the rank change share one.
    const queues = await engines[0]!.boss.getQueues();
    const names = queues.map((q) => q.name).filter((n) => n.startsWith('sweep-'));
    expect(names).toEqual(
      expect.arrayContaining(['sweep-holdings-convert', 'sweep-payments-and-ranks', 'sweep-sessions-expire', 'sweep-mail']),
    );
    expect(names).not.toContain('sweep-payments-settle');
    expect(names.length).toBeLessThan(JOBS.length);
    await stopAll();
  }, 40_000);

  it('runs a scheduled job once per period, whatever the number of instances', async () => {
    const runs: { instance: number; minute: number }[] = [];
    let instance = 0;
    // Minute precision (pg-boss cron): two periods are the current minute and the next.
    const [one] = await twoEngines(() => {
      const me = (instance += 1);
      return [
        {
          name: 'test-every-minute',
          cron: '* * * * *',
          run: async () => void runs.push({ instance: me, minute: Math.floor(Date.now() / 60_000) }),
        },
      ];
    }, 1);
    await waitUntil(() => runs.length >= 1, 15_000);
    const first = runs[0]!.minute;
    // Through the next minute's boundary and some cron checks of both instances after it.
    await waitUntil(() => Math.floor(Date.now() / 60_000) > first, 61_000);
    await waitUntil(() => runs.length >= 2, 15_000);
    await new Promise((r) => setTimeout(r, 4_000));
    expect(runs.map((r) => r.minute)).toEqual([first, first + 1]);
    expect(await one.boss.getSchedules()).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'test-every-minute', cron: '* * * * *' })]),
    );
    await stopAll();
  }, 100_000);
});

describe('stopping the engine', () => {
  it('lets a job outlive a stop and its pool without an unhandled failure (retried later)', async () => {
    if (!onPostgres) return; // PGlite: the one database handle is the test's own
    const own = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize: 4 });
    let finished = false;
    const engine = await startJobEngine(
      own.db,
      [{ name: 'test-slow', run: async () => new Promise<void>((r) => setTimeout(() => ((finished = true), r()), 2_500)) }],
      { pollingIntervalSeconds: 0.5 },
    );
    await engine.send('test-slow');
    await waitUntil(async () => (await engine.boss.getQueueSize('test-slow', { before: 'active' })) === 0, 10_000);
    // The stop gives up after a second; the pool closes under the job, as at a timed-out SIGTERM.
    await engine.stop(1_000);
    await own.close();
    await waitUntil(() => finished, 5_000);
    await new Promise((r) => setTimeout(r, 300));
    // The stop marked it failed: it waits for its retry, for any instance to run.
    const [row] = await queryRows<{ state: string }>(shop.database.db, sql`select state from pgboss.job where name = 'test-slow'`);
    expect(row?.state).toBe('retry');
  }, 30_000);
});

describe('the engine on a database of its own', () => {
  it('installs its schema once when instances start together', async () => {
    if (!onPostgres) return;
    const fresh = `${name}_fresh`;
    await adminQuery(adminUrl, `CREATE DATABASE ${fresh}`);
    const handles = await Promise.all(
      [0, 1, 2].map(() => openDatabase({ databaseUrl: databaseUrl(adminUrl, fresh), dataDir: 'memory', poolSize: 4 })),
    );
    try {
      await handles[0]!.migrate();
      await ensureReferenceData(handles[0]!.db);
      const started = await Promise.all(handles.map((h) => startJobEngine(h.db, [{ name: 'test-start', run: async () => 0 }])));
      await Promise.all(started.map((e) => e.stop(2_000)));
    } finally {
      for (const h of handles) await h.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${fresh} WITH (FORCE)`);
    }
  }, 30_000);
});
