import { desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from './client.ts';

/** A table whose rows belong to a member and grow with a serial id. */
type MemberTable = PgTable & { id: PgColumn; userId: PgColumn };

/**
 * A member's latest rows of one table, newest first: the console's member page lists several
 * tables this way, each module asking its own repo with its own columns.
 */
export async function latestOfMember<F extends SelectedFields>(db: DbOrTx, table: MemberTable, fields: F, userId: number, limit: number) {
  const rows = await db
    .select(fields as SelectedFields)
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(desc(table.id))
    .limit(limit);
  // drizzle cannot infer a row type through a generic selection; it is the selection's, as in a direct select.
  return rows as SelectResultFields<F>[];
}
