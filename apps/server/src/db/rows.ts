import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';

/** Runs raw SQL and returns its rows, the same on node-postgres and PGlite. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** A PostgreSQL array literal of integers, passed as one parameter (`${intArray(ids)}::int[]`). */
export function intArray(values: readonly number[]): string {
  return `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;
}
