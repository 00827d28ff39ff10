import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { loadConfig } from '../config.ts';
import { createPack, packSpecSchema } from '../modules/catalog/pack-admin.service.ts';
import { createFairness } from '../modules/transparency/fairness.ts';
import { adminQuery, adminUrlFromEnv, BENCH_FAIRNESS_ENV, databaseUrl, freePort, httpMember, root, startShopServer } from './harness.ts';
import type { HttpMember } from './http-member.ts';
import { twoInstanceFlashSale, watchersAndBuyers } from './launch-day.ts';
import { buyFor, percentile } from './load.ts';
import { batchTotals, printBatchUse } from './batch-stats.ts';
import { committedTransactions } from './db-stats.ts';
import { CpuWatch, printCpuUse, processCpuMs } from './process-cpu.ts';

/**
 * `npm run bench`: purchase performance on PostgreSQL, one figure a line.
 *  (a) time of a 3000-pack purchase ÷ time of a 1-pack purchase (set-based writes);
 *  (b) flash sale: 32 members buying 1 pack at a time from one pack over HTTP for 10 s —
 *      purchases per second, p50 and p99, and the pgbench floor of the same machine;
 *  (c) the same flash sale split over two shop instances on the one database;
 *  (d) 500 watchers polling the pack and their balance while 32 members buy (launch-day.ts);
 * then checks that nothing was oversold and that every ledger sums to its balance.
 * BENCH_ONLY=flash runs (b) alone without the floor (quick A/B runs of the purchase path; with
 * BENCH_FLOOR=1 also the floor and the ratio);
 * BENCH_ONLY=watchers runs the floor and (d) alone (quick A/B runs of the read path).
 * BENCH_ONLY=two runs the floor and (c) alone (quick A/B runs of two instances on one database).
 * BENCH_LOG_STATEMENTS=1 has PostgreSQL log each statement's parse, bind and execute times.
 * BENCH_SHOP_ROOT=DIR starts the shop servers from another checkout of the same schema (A/B runs
 * of the server's code alone: the load, the floor and the database stay this checkout's).
 * It runs against a fresh database it creates and drops on the PostgreSQL server of
 * DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
 */
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function main(): Promise<void> {
  const adminUrl = adminUrlFromEnv();
  const name = `oripa_bench_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  // BENCH_LOG_STATEMENTS=1: PostgreSQL logs every statement of the bench's database with its
  // parse, bind (planning) and execute times, in the server's log (where the database's time goes).
  if (process.env.BENCH_LOG_STATEMENTS) await adminQuery(adminUrl, `ALTER DATABASE ${name} SET log_min_duration_statement = 0`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolSize: 4 });
  let server: ChildProcess | undefined;
  let second: ChildProcess | undefined;
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    const port = await freePort();
    // BENCH_PROFILE=DIR writes a CPU profile of the shop server to DIR (open it in Chrome DevTools).
    const nodeArgs = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
    // The second instance (launch-day figures) starts beside the first: the bench stays short.
    const port2 = await freePort();
    // The first instance serves its metrics too: the flash sale reads its batches' sizes and times.
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const secondPool = process.env.BENCH_SECOND_POOL ?? '20';
    const only = process.env.BENCH_ONLY;
    const shopRoot = process.env.BENCH_SHOP_ROOT ? path.resolve(process.env.BENCH_SHOP_ROOT) : undefined;
    const [first, other] = await Promise.all([
      startShopServer(url, port, { nodeArgs, root: shopRoot, env: { METRICS_PORT: String(metricsPort) } }),
      only && only !== 'two' ? undefined : startShopServer(url, port2, { root: shopRoot, env: { DATABASE_POOL_SIZE: secondPool } }),
    ]);
    server = first;
    second = other;
    const base = `http://127.0.0.1:${port}`;
    const bothInstances: [string, string] = [base, `http://127.0.0.1:${port2}`];
    if (only === 'flash') {
      await flashSale(database, name, base, server.pid);
      // BENCH_FLOOR=1 adds the floor and the ratio (A/B runs of the ratio itself).
      if (process.env.BENCH_FLOOR === '1') printFloorRatio(await floorTps(adminUrl));
    } else if (only === 'watchers') {
      const floor = await floorTps(adminUrl);
      await watchersAndBuyers(database, base, CLIENTS, SECONDS, floor, server.pid, name);
    } else if (only === 'two') {
      const floor = await floorTps(adminUrl);
      await twoInstanceFlashSale(database, bothInstances, CLIENTS, SECONDS, floor, { databaseName: name, pids: [server.pid, second?.pid] });
    } else {
      await ratioOfBigPurchase(database, base);
      await flashSale(database, name, base, server.pid);
      const floor = await floorTps(adminUrl);
      printFloorRatio(floor);
      // The second instance has its own pool: two instances share max_connections.
      await twoInstanceFlashSale(database, bothInstances, CLIENTS, SECONDS, floor, {
        databaseName: name,
        pids: [server.pid, second?.pid],
      });
      second?.kill('SIGTERM');
      await watchersAndBuyers(database, base, CLIENTS, SECONDS, floor, server.pid, name);
    }
    await verify(database);
  } finally {
    // Servers stop gracefully (requests in flight answered) before their database is dropped.
    await Promise.all([stopServer(second), stopServer(server)]);
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

async function member(database: Database, base: string, points: number): Promise<HttpMember> {
  return (await httpMember(database.db, base, { points })).member;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

/** (a): the buy call alone, median of 7 runs each, after a warm-up. */
async function ratioOfBigPurchase(database: Database, base: string): Promise<void> {
  const packId = await createTestPack(database.db, {
    price: 1,
    prizes: [
      { rarity: 7, count: 50, buyPoint: 1000 },
      { rarity: 4, count: 5_000, buyPoint: 10 },
      { rarity: 1, count: 200_000, buyPoint: 0 },
    ],
  });
  const m = await member(database, base, 1_000_000);
  const timeBuy = async (count: number) => {
    const check = await m.post('/user/pack/check', { count, pack_id: packId });
    if (check.state !== 200) throw new Error(`check failed: ${JSON.stringify(check)}`);
    const started = performance.now();
    const bought = await m.post('/user/pack/buy', { pack_id: packId, count });
    const elapsed = performance.now() - started;
    if (bought.state !== 200) throw new Error(`buy failed: ${JSON.stringify(bought)}`);
    return elapsed;
  };
  for (let i = 0; i < 3; i += 1) await timeBuy(1);
  await timeBuy(3000);
  const one: number[] = [];
  const big: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    one.push(await timeBuy(1));
    big.push(await timeBuy(3000));
  }
  const ratio = median(big) / median(one);
  console.log(`purchase_1_ms=${median(one).toFixed(2)}`);
  console.log(`purchase_3000_ms=${median(big).toFixed(2)}`);
  console.log(`purchase_3000_over_1=${ratio.toFixed(2)} (target <= 10)`);
}

/** Purchases per second of (b), for the floor ratio. */
let flashTps = 0;
/** The first instance's metrics (batch sizes and times). */
let metricsUrl: string | undefined;

/** (b): CLIENTS members hammer one pack for SECONDS, one pack per purchase. */
async function flashSale(database: Database, databaseName: string, base: string, serverPid: number | undefined): Promise<void> {
  // An oripa-draw-v2 lot, committed as the console commits one: purchases are recorded, and
  // their cards drawn from the local beacon's 3-second rounds (cards_known lines below).
  const packId = await createV2BenchLot(database, [
    { rarity: 7, count: 10, buyPoint: 10_000 },
    { rarity: 3, count: 990, buyPoint: 150 },
    { rarity: 1, count: 999_000, buyPoint: 20 },
  ]);
  const members = await Promise.all(
    Array.from({ length: CLIENTS }, () => member(database, base, 100_000_000)),
  );
  const cpuBefore = processCpuMs(serverPid);
  const xactsBefore = await committedTransactions(database);
  // Where the cores go during the sale: PostgreSQL (this database's backends and its shared
  // processes), the shop server, this bench's load client, and whatever else runs.
  const processes = { shop: { pid: serverPid }, client: { pid: process.pid } };
  const batchesBefore = await batchTotals(metricsUrl);
  const watch = new CpuWatch([databaseName], processes).start();
  const saleStarted = performance.now();
  const load = await buyFor(members, packId, SECONDS);
  const saleSeconds = (performance.now() - saleStarted) / 1000;
  const use = watch.stop();
  const batchesAfter = await batchTotals(metricsUrl);
  flashTps = load.purchasesPerSecond;
  console.log(
    `flash_sale_purchases_per_s=${flashTps.toFixed(1)} clients=${CLIENTS} seconds=${SECONDS} failed=${load.failures} pool=${process.env.DATABASE_POOL_SIZE ?? 40}`,
  );
  console.log(`flash_sale_p50_ms=${percentile(load.latencies, 50).toFixed(1)}`);
  console.log(`flash_sale_p99_ms=${percentile(load.latencies, 99).toFixed(1)} (target <= 50)`);
  // Work per purchase, which a loaded machine changes far less than the rate: the shop
  // server's CPU, and the database's transactions (each statement outside a batch is one).
  const bought = load.latencies.length || 1;
  const cpu = processCpuMs(serverPid);
  const xacts = await committedTransactions(database);
  if (cpu !== undefined && cpuBefore !== undefined) {
    console.log(`flash_sale_server_cpu_ms_per_purchase=${((cpu - cpuBefore) / bought).toFixed(3)}`);
  }
  console.log(`flash_sale_db_transactions_per_purchase=${((xacts - xactsBefore - 2) / bought).toFixed(3)}`);
  printCpuUse('flash', use, { unit: 'purchase', count: load.latencies.length });
  printBatchUse('flash', batchesBefore, batchesAfter, saleSeconds);
  await printCardsKnown(database, packId);
}

/** A v2 lot of these prizes, on sale now (committed with the bench's keys, no publication lead). */
async function createV2BenchLot(database: Database, prizes: { rarity: number; count: number; buyPoint: number }[]): Promise<number> {
  const fairness = await createFairness(loadConfig({ ...BENCH_FAIRNESS_ENV, NODE_ENV: 'test', LOT_PUBLISH_LEAD_MS: '0', LOG_LEVEL: 'silent' }));
  const spec = packSpecSchema.parse({
    name: 'ベンチパック',
    card_type: 'ベンチカード',
    point: 100,
    payment_method: '1',
    lineup: prizes.map((p, i) => ({ name: `カード${i + 1}`, rarity: p.rarity, count: p.count, buy_point: p.buyPoint })),
  });
  return (await createPack(database.db, fairness, spec, root)).id;
}

/**
 * From purchase to cards known: each purchase's drawn_at − created_at, once every purchase of
 * the sale is drawn (at most 60 s after it).
 */
async function printCardsKnown(database: Database, packId: number): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    const [left] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from purchases where pack_id = ${packId} and drawn_at is null`);
    if ((left?.n ?? 0) === 0 || Date.now() > until) {
      if ((left?.n ?? 0) > 0) console.log(`flash_cards_undrawn_after_60s=${left?.n}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const rows = await queryRows<{ ms: number }>(
    database.db,
    sql`select extract(epoch from (drawn_at - created_at)) * 1000 as ms from purchases where pack_id = ${packId} and drawn_at is not null`,
  );
  const ms = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
  console.log(`flash_cards_known_p50_ms=${percentile(ms, 50).toFixed(0)}`);
  console.log(`flash_cards_known_p99_ms=${percentile(ms, 99).toFixed(0)} (from purchase to cards known; target <= 5000 at 3-second rounds)`);
}

/** SIGTERM, then resolves when the process has exited (or after 15 s). */
function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}


/** The pgbench ceiling from ../shared/bench, when that folder is beside the project. */
async function floorTps(adminUrl: string): Promise<number | undefined> {
  const script = path.resolve(root, '../shared/bench/purchase-floor.sh');
  if (!fs.existsSync(script)) {
    console.log('floor_tps=skipped (../shared/bench/purchase-floor.sh is not beside the project)');
    return undefined;
  }
  // pgbench is a child of the script this process waits for: its CPU lands in our children's times.
  const floorDatabase = new URL(adminUrl).pathname.slice(1);
  const watch = new CpuWatch([floorDatabase], { pgbench: { pid: process.pid, children: true } }).start();
  const child = spawn('bash', [script, String(CLIENTS), String(SECONDS)], {
    env: { ...process.env, DATABASE_URL: adminUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  await new Promise((resolve) => child.once('close', resolve));
  // The window includes the script's table set-up and clean-up (psql), a fraction of a second.
  const use = watch.stop();
  const tps = /floor_tps=([\d.]+)/.exec(out.stdout ?? '')?.[1];
  if (!tps) {
    console.log(`floor_tps=failed (${(out.stderr || out.stdout || '').trim().split('\n').pop()})`);
    return undefined;
  }
  console.log(`floor_tps=${Number(tps).toFixed(1)} (pgbench, ${CLIENTS} clients, ${SECONDS} s)`);
  printCpuUse('floor', use, { unit: 'transaction', count: Number(tps) * SECONDS });
  return Number(tps);
}

/** The flash sale's purchases per second over the floor of the same run (issue 16 item 4). */
function printFloorRatio(floor: number | undefined): void {
  if (floor !== undefined) console.log(`flash_sale_over_floor=${(flashTps / floor).toFixed(3)} (target >= 2.0)`);
}

/** No oversell, no lost or duplicated card (cards of lot prizes: extra prizes come on top), every ledger equal to its balance. */
async function verify(database: Database): Promise<void> {
  const [lots] = await queryRows<{ bad: number }>(
    database.db,
    sql`select count(*)::int as bad from packs p
        where p.drawn_count <> coalesce((select sum(count) from purchases where pack_id = p.id), 0)
           or p.drawn_count <> (select count(*) from holdings h join purchases x on x.id = h.purchase_id
                                  join pack_prizes z on z.id = h.prize_id and z.kind = 'lot' where x.pack_id = p.id)
           or p.drawn_count > p.total_pack_count`,
  );
  const [ledgers] = await queryRows<{ bad: number }>(
    database.db,
    sql`select count(*)::int as bad from users u
        where u.point_balance <> coalesce((select sum(delta) from point_ledger where user_id = u.id), 0)
           or u.point_balance <> coalesce((select sum(remaining) from point_lots where user_id = u.id), 0)
           or u.point_balance < 0`,
  );
  const ok = lots?.bad === 0 && ledgers?.bad === 0;
  console.log(
    `verify_packs_mismatched=${lots?.bad} verify_members_mismatched=${ledgers?.bad} ${ok ? 'OK' : 'FAILED'}`,
  );
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
