import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, databaseUrl, freePort, httpMember, startShopServer } from './bench/harness.ts';
import type { HttpMember } from './bench/http-member.ts';
import { verifyAfterChaos, type Acknowledged } from './chaos/verify.ts';
import { openDatabase, type Database } from './db/client.ts';
import { queryRows } from './db/rows.ts';
import { ensureReferenceData } from './db/seed/reference-data.ts';
import { testEngine } from './testing/test-database.ts';
import { createTestPack } from './testing/test-pack.ts';

// Issue 16, item 3: SIGTERM during a flash sale. The shop server runs as its own process on
// PostgreSQL (PGlite allows one process per data folder, so this runs in the api-pg project only).
const onPostgres = testEngine() === 'postgres';
const MEMBERS = 16;

let database: Database;
let adminUrl: string;
let name: string;

beforeAll(async () => {
  if (!onPostgres) return;
  adminUrl = process.env.TEST_DATABASE_URL as string;
  name = `oripa_t_sigterm_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize: 4 });
  await database.migrate();
  await ensureReferenceData(database.db);
});

afterAll(async () => {
  if (!onPostgres) return;
  await database?.close();
  await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe.skipIf(!onPostgres)('SIGTERM during a flash sale', () => {
  it('answers or refuses every buy, finishes those in flight, leaves nothing half done and exits 0', async () => {
    const packId = await createTestPack(database.db, { price: 10, prizes: [{ rarity: 1, count: 100_000, buyPoint: 3 }] });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server: ChildProcess = await startShopServer(databaseUrl(adminUrl, name), port, {
      env: { LOG_LEVEL: 'silent', SHUTDOWN_TIMEOUT_MS: '15000' },
      stdio: 'ignore',
    });
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    const members = await Promise.all(Array.from({ length: MEMBERS }, () => httpMember(database.db, base, { points: 100_000 })));

    const acknowledged: Acknowledged = { purchases: [], decisions: [], payments: [] };
    let killedAt = Infinity;
    let answeredAfterKill = 0;
    const refusals = new Map<string, number>();
    const refused = (kind: string) => refusals.set(kind, (refusals.get(kind) ?? 0) + 1);

    const loop = async (userId: number, m: HttpMember) => {
      for (;;) {
        try {
          const check = await m.post('/user/pack/check', { count: 1, pack_id: packId });
          if (check.state !== 200) {
            refused(`check ${String(check.state ?? check.statusCode)}`);
            if (performance.now() > killedAt) return;
            continue;
          }
          const bought = await m.post('/user/pack/buy', { count: 1, pack_id: packId });
          if (performance.now() > killedAt) answeredAfterKill += 1;
          if (bought.state === 200) acknowledged.purchases.push({ userId, id: bought.pack_history_id as number, count: 1 });
          else refused(`buy ${String(bought.state ?? bought.statusCode)}`);
        } catch (error) {
          // Refused at the door: the listener is closed (or the idle connection was closed).
          const code = (error as { code?: string }).code ?? 'other';
          refused(code);
          expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']).toContain(code);
          if (performance.now() > killedAt) return;
        }
      }
    };
    const buying = Promise.all(members.map(({ userId, member }) => loop(userId, member)));
    await new Promise((r) => setTimeout(r, 2_000));
    killedAt = performance.now();
    server.kill('SIGTERM');
    await buying;
    const code = await exited;

    expect(code).toBe(0);
    expect(acknowledged.purchases.length).toBeGreaterThan(MEMBERS);
    // Buys in flight when the signal came were answered, not dropped.
    expect(answeredAfterKill).toBeGreaterThan(0);
    const verdict = await verifyAfterChaos(database.db, acknowledged);
    expect(verdict).toEqual({ lost: [], doubled: [], mismatched: [] });
    // Every purchase in the database was answered to its member: none committed in silence.
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from purchases`);
    expect(row?.n).toBe(acknowledged.purchases.length);
  }, 90_000);
});
