import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { Database } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { users } from '../db/schema/users.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../http/session.ts';
import { testMemberRow } from '../testing/members.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { httpMember } from './harness.ts';
import { HttpMember } from './http-member.ts';
import { buyFor, percentile } from './load.ts';
import { committedTransactions } from './db-stats.ts';
import { CpuWatch, printCpuUse, processCpuMs } from './process-cpu.ts';

/**
 * Launch-day figures of `npm run bench` (issue 16, item 5): the flash sale split over two shop
 * instances on one PostgreSQL, and watchers polling while members buy.
 */

const WATCHERS = Number(process.env.BENCH_WATCHERS ?? 500);
/** A watcher's page polls the pack and the balance about once a second, as an open tab would. */
const POLL_MS = 1_000;
/** The remaining count a watcher sees may lag the truth by at most this (issue 16). */
const STALE_LIMIT_MS = 1_000;

async function hotPack(database: Database, total = 1_000_000): Promise<number> {
  return createTestPack(database.db, {
    price: 100,
    prizes: [
      { rarity: 7, count: 10, buyPoint: 10_000 },
      { rarity: 3, count: 990, buyPoint: 150 },
      { rarity: 1, count: total - 1_000, buyPoint: 20 },
    ],
  });
}

function buyers(database: Database, bases: string[], count: number): Promise<HttpMember[]> {
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const base = bases[i % bases.length] as string;
      return (await httpMember(database.db, base, { points: 100_000_000 })).member;
    }),
  );
}

/** (c) The flash sale with the buyers split between two instances on one database. */
export async function twoInstanceFlashSale(
  database: Database,
  bases: [string, string],
  clients: number,
  seconds: number,
  floor: number | undefined,
  cpu?: { databaseName: string; pids: [number | undefined, number | undefined] },
): Promise<void> {
  const packId = await hotPack(database);
  const members = await buyers(database, bases, clients);
  const processes = { shop: { pid: cpu?.pids[0] }, shop2: { pid: cpu?.pids[1] }, client: { pid: process.pid } };
  const watch = cpu && new CpuWatch([cpu.databaseName], processes).start();
  const load = await buyFor(members, packId, seconds);
  const use = watch?.stop();
  console.log(
    `flash_sale_two_instances_purchases_per_s=${load.purchasesPerSecond.toFixed(1)} p99_ms=${percentile(load.latencies, 99).toFixed(1)} failed=${load.failures}`,
  );
  if (floor !== undefined) {
    console.log(`flash_sale_two_instances_over_floor=${(load.purchasesPerSecond / floor).toFixed(3)} (target >= 1.0)`);
  }
  printCpuUse('two_instances', use, { unit: 'purchase', count: load.latencies.length });
}

interface Sighting {
  sentAt: number;
  answeredAt: number;
  remaining: number;
}

/**
 * `count` members with a session each and no funds, made in two statements (500 one by one
 * took a good part of the bench's time on a loaded machine). Only the bench and tests may write
 * members and sessions directly.
 */
async function watcherMembers(database: Database, base: string, count: number, agent: http.Agent): Promise<HttpMember[]> {
  const tag = Date.now().toString(36);
  const rows = await database.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => testMemberRow(`w${tag}x${i}`)))
    .returning({ id: users.id });
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await database.db.insert(sessions).values(
    rows.map((row, i) => ({ id: createHash('sha256').update(tokens[i] as string).digest('base64url'), userId: row.id, expiresAt })),
  );
  return tokens.map((token) => new HttpMember(base, `${SESSION_COOKIE}=${token}`, agent));
}

/**
 * (d) WATCHERS members poll the pack detail and /user/point once a second while `clients`
 * members buy from the same pack. The remaining count each watcher is shown must never be above
 * the truth when it asked, nor older than a second when it is answered. The truth is bounded by
 * the buyers' own answers: after n purchases were answered at least n packs are drawn.
 */
export async function watchersAndBuyers(
  database: Database,
  base: string,
  clients: number,
  seconds: number,
  floor: number | undefined,
  serverPid?: number,
  databaseName?: string,
): Promise<void> {
  const total = 1_000_000;
  const packId = await hotPack(database, total);
  const members = await buyers(database, [base], clients);
  // Each watcher its own connection, like a browser tab.
  const agent = new http.Agent({ keepAlive: true, maxSockets: WATCHERS + 10 });
  const watchers = await watcherMembers(database, base, WATCHERS, agent);

  const sightings: Sighting[] = [];
  const readLatencies: number[] = [];
  let readFailures = 0;
  const deadline = performance.now() + seconds * 1000;
  let unanswered = 0;
  const watch = async (w: HttpMember, index: number) => {
    // Spread the first polls over a second, as tabs opened at different times would.
    await new Promise((r) => setTimeout(r, (index * POLL_MS) / WATCHERS));
    try {
      while (performance.now() < deadline) {
        const sentAt = performance.now();
        const detail = await w.get(`/user/pack/detail/${packId}`);
        const answeredAt = performance.now();
        const pack = detail.pack as { pack_count?: number } | undefined;
        if (detail.state === 200 && typeof pack?.pack_count === 'number') {
          sightings.push({ sentAt, answeredAt, remaining: pack.pack_count });
        } else readFailures += 1;
        readLatencies.push(answeredAt - sentAt);
        const pointAt = performance.now();
        const point = await w.get('/user/point');
        if (point.state !== 200) readFailures += 1;
        readLatencies.push(performance.now() - pointAt);
        const wait = POLL_MS - (performance.now() - sentAt);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    } catch {
      // Cut off at the end of the window (below): the read was still unanswered.
      unanswered += 1;
    }
  };
  const xactsBefore = await committedTransactions(database);
  const started = performance.now();
  const cpuBefore = processCpuMs(serverPid);
  const clientCpuBefore = process.cpuUsage();
  const processes = { shop: { pid: serverPid }, client: { pid: process.pid } };
  const cpuWatch = databaseName === undefined ? undefined : new CpuWatch([databaseName], processes).start();
  // Reads still unanswered a second after the window are cut off and counted, not waited for:
  // on an overloaded machine their tail would stretch the bench by tens of seconds.
  const cutOff = setTimeout(() => agent.destroy(), seconds * 1000 + POLL_MS * 2);
  const [load] = await Promise.all([buyFor(members, packId, seconds), ...watchers.map(watch)]);
  const elapsed = (performance.now() - started) / 1000;
  const cpuAfter = processCpuMs(serverPid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const use = cpuWatch?.stop();
  clearTimeout(cutOff);
  agent.destroy();

  const xacts = (await committedTransactions(database)) - xactsBefore;
  readLatencies.sort((a, b) => a - b);
  const verdict = judgeSightings(sightings, load.answeredAt, total);
  console.log(
    `watchers_reads_per_s=${(readLatencies.length / elapsed).toFixed(1)} watchers=${WATCHERS} failed=${readFailures} unanswered_at_end=${unanswered}`,
  );
  console.log(`watchers_read_p99_ms=${percentile(readLatencies, 99).toFixed(1)} p50_ms=${percentile(readLatencies, 50).toFixed(1)}`);
  console.log(`watchers_purchases_per_s=${load.purchasesPerSecond.toFixed(1)} p99_ms=${percentile(load.latencies, 99).toFixed(1)}`);
  // HTTP requests the shop answered in the window (a purchase is two: check, buy).
  const requests = readLatencies.length + 2 * load.latencies.length + load.failures;
  if (cpuBefore !== undefined && cpuAfter !== undefined) {
    // Work per request, which a loaded machine changes far less than the rates: the shop
    // server's CPU over the window.
    console.log(
      `watchers_server_cpu_ms_per_request=${((cpuAfter - cpuBefore) / requests).toFixed(3)} server_cpu_share=${((cpuAfter - cpuBefore) / (elapsed * 1000)).toFixed(2)} bench_client_cpu_share=${((clientCpu.user + clientCpu.system) / 1000 / (elapsed * 1000)).toFixed(2)}`,
    );
  }
  // Database work per request (each statement outside a transaction is one), far less sensitive
  // to a loaded machine than the rates; the bench's own two statements are taken off.
  console.log(`watchers_db_transactions_per_request=${((xacts - 2) / requests).toFixed(3)}`);
  if (floor !== undefined) {
    console.log(`watchers_purchases_over_floor=${(load.purchasesPerSecond / floor).toFixed(3)} (target >= 1.0)`);
  }
  console.log(
    `watchers_remaining_above_truth=${verdict.aboveTruth} watchers_remaining_max_stale_ms=${verdict.maxStaleMs.toFixed(0)} sightings=${sightings.length} ${verdict.aboveTruth === 0 && verdict.maxStaleMs <= STALE_LIMIT_MS ? 'OK' : 'FAILED'}`,
  );
  printCpuUse('watchers', use);
  if (verdict.aboveTruth > 0 || verdict.maxStaleMs > STALE_LIMIT_MS) process.exitCode = 1;
}


/**
 * `answeredAt` holds when each purchase was answered, in order; after the k-th answer at least
 * k packs are drawn, so `total - k` bounds the true remaining count from above from then on.
 * A sighting of `remaining` packs (the shop had drawn total - remaining) is above the truth when
 * more purchases than that were answered before it was asked; its staleness is how long before
 * its answer the truth was already below it.
 */
export function judgeSightings(
  sightings: Sighting[],
  answeredAt: number[],
  total: number,
): { aboveTruth: number; maxStaleMs: number } {
  let aboveTruth = 0;
  let maxStaleMs = 0;
  for (const s of sightings) {
    const drawnSeen = total - s.remaining;
    // The (drawnSeen + 1)-th answer: from then on fewer than `remaining` packs were left.
    const fellBelow = answeredAt[drawnSeen];
    if (fellBelow === undefined) continue;
    if (fellBelow < s.sentAt) aboveTruth += 1;
    maxStaleMs = Math.max(maxStaleMs, s.answeredAt - fellBelow);
  }
  return { aboveTruth, maxStaleMs };
}
