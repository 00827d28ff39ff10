import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Runs raw SQL and returns its rows, the same on node-postgres and PGlite. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
