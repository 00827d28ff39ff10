import { POINT_BUY_RESULT } from '@oripa/contract/constants';
import type { ChildProcess } from 'node:child_process';
import {
  adminQuery,
  adminUrlFromEnv,
  databaseUrl,
  freePort,
  httpMember,
  startShopServer,
} from '../bench/harness.ts';
import type { HttpMember } from '../bench/http-member.ts';
import { openDatabase } from '../db/client.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { sweep } from '../jobs/sweeper.ts';
import { createTestCourse } from '../testing/payments.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { verifyAfterChaos, type Acknowledged } from './verify.ts';

/**
 * `npm run chaos`: crash safety on PostgreSQL, one figure a line. In a fresh database (created
 * and dropped on the server of DATABASE_URL / TEST_DATABASE_URL, default the local one), 32
 * members buy packs, decide their cards (ship one, convert the rest) and buy points (card, and a
 * wallet approved on the provider's page) over HTTP against a shop server process, which is
 * killed with SIGKILL at 3 random moments and started again. Clients retry a buy or a decision
 * whose answer a crash swallowed, as a browser would. Afterwards, once the restarted server's
 * sweeper has run (here: one sweep as the clock will read a minute later), every acknowledged
 * purchase, decision and payment must exist exactly once, every lot's stock plus sold must
 * equal the lot, and every balance its ledger (a running sum in seq order) and open lots.
 * Exits non-zero on any loss, doubling or mismatch. CHAOS_SECONDS (30) and CHAOS_MEMBERS (32)
 * change the load.
 */
const MEMBERS = Number(process.env.CHAOS_MEMBERS ?? 32);
const SECONDS = Number(process.env.CHAOS_SECONDS ?? 30);
const KILLS = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const random = (min: number, max: number) => min + Math.random() * (max - min);

interface Shop {
  base: string;
  server: ChildProcess;
}

async function main(): Promise<void> {
  const started = performance.now();
  const adminUrl = adminUrlFromEnv();
  const name = `oripa_chaos_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = databaseUrl(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir: 'memory', poolSize: 4 });
  const port = await freePort();
  const start = () => startShopServer(url, port, { env: { LOG_LEVEL: 'silent' }, stdio: 'ignore' });
  const shop: Shop = { base: `http://127.0.0.1:${port}`, server: undefined as unknown as ChildProcess };
  try {
    await database.migrate();
    await ensureReferenceData(database.db);
    const packId = await createTestPack(database.db, {
      price: 10,
      prizes: [
        { rarity: 7, count: 20, buyPoint: 500 },
        { rarity: 4, count: 2_000, buyPoint: 12 },
        { rarity: 1, count: 200_000, buyPoint: 3 },
      ],
    });
    const courseId = await createTestCourse(database.db, { point: 1000, price: 1100 });
    shop.server = await start();
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, () => httpMember(database.db, shop.base, { points: 5_000 })),
    );

    const acknowledged: Acknowledged = { purchases: [], decisions: [], payments: [] };
    const deadline = performance.now() + SECONDS * 1000;
    let restarts = 0;
    const killer = (async () => {
      for (let k = 0; k < KILLS; k += 1) {
        // One kill in each third of the run, at a random moment of it.
        const at = ((k + random(0.2, 0.8)) / KILLS) * SECONDS * 1000;
        await sleep(Math.max(0, at - (performance.now() - (deadline - SECONDS * 1000))));
        const dead = new Promise((resolve) => shop.server.once('exit', resolve));
        shop.server.kill('SIGKILL');
        await dead;
        shop.server = await start();
        restarts += 1;
      }
    })();
    await Promise.all([
      killer,
      ...members.map((m) => memberLoop(m, shop.base, { packId, courseId }, deadline, acknowledged)),
    ]);

    // Stop the load and the server, then sweep as the restarted server's sweeper does within a
    // minute (payments approved at the provider while the shop was down are settled by it).
    const stopped = new Promise((resolve) => shop.server.once('exit', resolve));
    shop.server.kill('SIGTERM');
    await stopped;
    const swept = await sweep(database.db, new Date(Date.now() + 60_000));

    const figures = await verifyAfterChaos(database.db, acknowledged);
    const total =
      acknowledged.purchases.length + acknowledged.decisions.length + acknowledged.payments.length;
    console.info(
      `acknowledged=${total} (purchases=${acknowledged.purchases.length} decisions=${acknowledged.decisions.length} payments=${acknowledged.payments.length})`,
    );
    console.info(`lost=${figures.lost.length}`);
    console.info(`doubled=${figures.doubled.length}`);
    console.info(`mismatched=${figures.mismatched.length}`);
    console.info(`settled_by_final_sweep=${swept['payments:settle'] ?? 0}`);
    console.info(
      `kills=${restarts} members=${MEMBERS} seconds=${SECONDS} elapsed_s=${((performance.now() - started) / 1000).toFixed(1)}`,
    );
    for (const problem of [...figures.lost, ...figures.doubled, ...figures.mismatched].slice(0, 20))
      console.warn(`  ${problem}`);
    if (restarts !== KILLS || figures.lost.length + figures.doubled.length + figures.mismatched.length > 0)
      process.exitCode = 1;
  } finally {
    if (shop.server && shop.server.exitCode === null && shop.server.signalCode === null)
      shop.server.kill('SIGKILL');
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

interface Targets {
  packId: number;
  courseId: number;
}

/** One member until the deadline: buy, decide, pay, at random; a crash just means "try again". */
async function memberLoop(
  who: { userId: number; member: HttpMember },
  base: string,
  targets: Targets,
  deadline: number,
  acknowledged: Acknowledged,
): Promise<void> {
  const m = who.member;
  const undecided: number[] = [];
  while (performance.now() < deadline) {
    const r = Math.random();
    try {
      if (r < 0.45 || undecided.length === 0)
        await buy(who, targets.packId, deadline, undecided, acknowledged);
      else if (r < 0.75) await decide(m, undecided, deadline, acknowledged);
      else if (r < 0.88) await payByCard(m, base, targets.courseId, acknowledged);
      else await payByWallet(m, targets.courseId, acknowledged);
    } catch {
      await sleep(100); // the server is down: a browser would show an error; try again shortly
    }
  }
}

/**
 * Retries `call` while the server cannot be reached (a crash took the answer), as a member
 * pressing again would; answers the first reply, or undefined at the deadline.
 */
async function retrying<T>(call: () => Promise<T>, deadline: number): Promise<T | undefined> {
  while (performance.now() < deadline + 15_000) {
    try {
      return await call();
    } catch {
      await sleep(150);
    }
  }
  return undefined;
}

async function buy(
  { userId, member: m }: { userId: number; member: HttpMember },
  packId: number,
  deadline: number,
  undecided: number[],
  acknowledged: Acknowledged,
) {
  const count = 1 + Math.floor(Math.random() * 3);
  const check = await m.post('/user/pack/check', { count, pack_id: packId });
  if (check.state !== 200) return;
  // The same buy again after a crash: the check is spent once, so it never buys twice.
  const bought = await retrying(() => m.post('/user/pack/buy', { pack_id: packId, count }), deadline);
  if (bought?.state !== 200) return;
  const id = bought.pack_history_id as number;
  acknowledged.purchases.push({ userId, id, count });
  undecided.push(id);
}

async function decide(m: HttpMember, undecided: number[], deadline: number, acknowledged: Acknowledged) {
  const purchaseId = undecided.shift() as number;
  let cards: { history_id: number; buy_point: number }[];
  try {
    const result = await m.get(`/user/pack/buy_result?pack_history_id=${purchaseId}`);
    cards = result.cards as typeof cards;
    if (result.state !== 200 || !Array.isArray(cards)) throw new Error('no result');
  } catch (error) {
    undecided.push(purchaseId);
    throw error;
  }
  const send = cards.slice(0, 1).map((c) => c.history_id);
  const reduce = cards.slice(1).map((c) => c.history_id);
  const decided = await retrying(
    () => m.post('/user/pack/decision', { send_card: send, reduction_card: reduce }),
    deadline,
  );
  if (decided?.state !== 200) return; // 204: an earlier, unanswered try decided it
  acknowledged.decisions.push({ purchaseId, send, reduce, points: decided.reduction_point as number });
}

async function payByCard(m: HttpMember, base: string, courseId: number, acknowledged: Acknowledged) {
  const res = await fetch(`${base}/sandbox/pay/v1/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      shop_id: 'oripa-sandbox-shop',
      kind: 'card',
      card_number: '4111111111111111',
      limit_month: '12',
      limit_year: String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0'),
      cvc: '123',
      card_name: 'HANAKO YAMADA',
    }),
  });
  const token = ((await res.json()) as { token?: string }).token;
  if (!token) return;
  const bought = await m.post('/user/point/buy', { pay_id: 1, token, point_price_id: courseId });
  if (bought.state === 200 && bought.result === POINT_BUY_RESULT.ok && bought.url === '')
    acknowledged.payments.push({ id: bought.payment_id as number });
}

/** A wallet (pay_id 12): approved on the provider's page; acknowledged once the provider took it. */
async function payByWallet(m: HttpMember, courseId: number, acknowledged: Acknowledged) {
  const bought = await m.post('/user/point/buy', { pay_id: 12, point_price_id: courseId });
  if (bought.state !== 200 || typeof bought.url !== 'string' || bought.url === '') return;
  const page = await fetch(bought.url);
  const action = /<form method="post" action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) return;
  const decided = await fetch(new URL(action.replace(/&amp;/g, '&'), bought.url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'approve' }).toString(),
    redirect: 'manual',
  });
  if (decided.status === 303) acknowledged.payments.push({ id: bought.payment_id as number });
}

main().catch((error: unknown) => {
  console.warn(error);
  process.exit(1);
});
