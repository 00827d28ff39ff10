import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Db } from '../db/client.ts';
import { sessions } from '../db/schema/sessions.ts';
import { SESSION_COOKIE, SESSION_TTL_MS } from '../http/session.ts';
import { fund } from '../testing/funds.ts';
import { createTestMember } from '../testing/members.ts';
import { HttpMember } from './http-member.ts';

export { adminQuery, databaseUrl } from '../db/server-admin.ts';

/**
 * What `npm run bench` and `npm run chaos` share: a throwaway database on a PostgreSQL server,
 * the shop server as a child process on a free port, and members driven over HTTP.
 */

export const root = path.resolve(import.meta.dirname, '../../../..');

/** The PostgreSQL server to use: DATABASE_URL, TEST_DATABASE_URL, else the local one. */
export function adminUrlFromEnv(): string {
  return process.env.DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Starts `apps/server/src/server.ts` on PostgreSQL (production mode with the sandbox allowed, no
 * demo data) and resolves once it answers. `env` adds or replaces variables; `nodeArgs` go
 * before the script (e.g. a CPU profile); `root` runs the server of another checkout.
 */
/** The fairness keys of this bench run: the shop instances and the lot the bench commits share them. */
export const BENCH_FAIRNESS_ENV = {
  LOT_SEED_KEY: randomBytes(32).toString('hex'),
  LOG_SIGNING_KEY: randomBytes(32).toString('hex'),
  BEACON_LOCAL_KEY: randomBytes(32).toString('hex'),
  BEACON_ALLOW_LOCAL: '1',
};

export async function startShopServer(
  databaseUrlOfShop: string,
  port: number,
  options: { env?: NodeJS.ProcessEnv; nodeArgs?: string[]; stdio?: 'inherit' | 'ignore'; root?: string; startSeconds?: number } = {},
): Promise<ChildProcess> {
  // A fresh clone has no data/ folder yet; the server's own files go in a throwaway one.
  fs.mkdirSync(path.join(root, 'data'), { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(root, 'data', '.bench-'));
  const stdio = options.stdio ?? 'inherit';
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), '--import', 'tsx', 'apps/server/src/server.ts'], {
    // Another checkout's server may be measured (bench:media's before figure).
    cwd: options.root ?? root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrlOfShop,
      // One connection per concurrent buyer and some to spare (the flash sale runs 32).
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '40',
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENT_ALLOW_SANDBOX: '1',
      DATA_DIR: dataDir,
      // Every instance shares the bench's fairness keys and runs the local beacon (3 s rounds).
      ...BENCH_FAIRNESS_ENV,
      ...options.env,
    },
    stdio: ['ignore', stdio, stdio],
  });
  child.once('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
  for (let i = 0; i < (options.startSeconds ?? 30) * 10; i += 1) {
    if (child.exitCode !== null || child.signalCode !== null) break;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/user/point`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error('the shop server did not start');
}

/** A member with a session (made directly) and funds (through the ledger), driven over HTTP. */
export async function httpMember(db: Db, base: string, funds: { points?: number; coins?: string }): Promise<{ userId: number; member: HttpMember }> {
  const userId = await createTestMember(db);
  await fund(db, userId, funds);
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    id: createHash('sha256').update(token).digest('base64url'),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  const member = new HttpMember(base, `${SESSION_COOKIE}=${token}`);
  await member.get('/user/point');
  return { userId, member };
}
