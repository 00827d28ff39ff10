import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/**
 * Transactions committed in the bench database so far: the difference over a part of the bench
 * is its database work. The statistics lag a little behind the commits, hence the pause.
 */
export async function committedTransactions(database: Database): Promise<number> {
  await new Promise((r) => setTimeout(r, 600));
  const [row] = await queryRows<{ n: string }>(
    database.db,
    sql`select xact_commit::text as n from pg_stat_database where datname = current_database()`,
  );
  return Number(row?.n ?? 0);
}
