import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { ReadinessCheck } from '../lib/outside-check.ts';

const journalFile = path.resolve(import.meta.dirname, '../db/migrations/meta/_journal.json');

/** The newest migration this code was built with (its folder timestamp, as drizzle records it). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

export interface Readiness {
  ready: boolean;
  /** Why not, in words an operator can act on. */
  reason?: string;
}

/**
 * Ready: the database answers and holds every migration this code expects (a newer one, applied
 * by a newer instance during a rolling upgrade, is fine: migrations only add), and the outside
 * services of `checks` can be reached.
 */
export async function readiness(db: Db, closing: boolean, checks: readonly ReadinessCheck[] = []): Promise<Readiness> {
  if (closing) return { ready: false, reason: 'shutting down' };
  try {
    const [row] = await queryRows<{ newest: string | null }>(
      db,
      sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
    );
    const newest = Number(row?.newest ?? 0);
    if (newest < newestMigrationMillis()) return { ready: false, reason: 'migrations pending' };
  } catch {
    return { ready: false, reason: 'database unreachable' };
  }
  // Outside services (payment and SMS providers): each check is time-limited and cached.
  const reasons = (await Promise.all(checks.map((check) => check()))).filter((r): r is string => r !== undefined);
  return reasons.length === 0 ? { ready: true } : { ready: false, reason: reasons.join('; ') };
}

/**
 * GET /healthz (the process answers) and GET /readyz (it can serve: database reachable,
 * migrations applied, not shutting down) for load balancers and orchestrators: plain JSON,
 * outside the envelope, never cached, no session.
 */
export function registerHealth(app: FastifyInstance, isClosing: () => boolean): void {
  const config = { outsideEnvelope: 'operations' as const };
  app.get('/healthz', { config, logLevel: 'warn' }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', { config, logLevel: 'warn' }, async (_request, reply) => {
    const result = await readiness(app.ctx.db, isClosing(), app.ctx.readinessChecks);
    return reply
      .code(result.ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(result.ready ? { status: 'ready' } : { status: 'not ready', reason: result.reason });
  });
}
