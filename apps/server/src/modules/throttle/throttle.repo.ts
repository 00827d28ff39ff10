import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { throttleHits } from '../../db/schema/throttle.ts';

/**
 * Takes the transaction-scoped advisory locks of `keys` (64-bit hashes of the strings), in one
 * statement and in hash order, so two transactions never wait for each other crosswise. They
 * hold until commit or rollback, on every instance sharing the database.
 */
export async function lockKeys(tx: DbOrTx, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await queryRows(
    tx,
    sql`select pg_advisory_xact_lock(h)::text as locked
        from (select distinct hashtextextended(k, 0) as h
              from unnest(${`{${keys.map((k) => `"${k.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]) as k
              order by h) as ordered`,
  );
}

export async function countHitsSince(tx: DbOrTx, scope: string, key: string, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(throttleHits)
    .where(and(eq(throttleHits.scope, scope), eq(throttleHits.key, key), gt(throttleHits.createdAt, since)));
  return row?.n ?? 0;
}

export async function insertHit(tx: DbOrTx, scope: string, key: string, at: Date): Promise<void> {
  await tx.insert(throttleHits).values({ scope, key, createdAt: at });
}

export async function deleteHitsBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(throttleHits).where(lt(throttleHits.createdAt, before)).returning({ id: throttleHits.id });
  return gone.length;
}
