import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * SQL: how many packs of `pack` the member `user` bought so far (a lot's per-member limit). The
 * one spelling of this count: the checks' fixed statement takes its text (packsBoughtText), the
 * purchase batch and the single reads take the fragment.
 */
export function packsBought(user: SQLWrapper | number, pack: SQLWrapper | number): SQL {
  return sql`(select coalesce(sum(count), 0)::int from purchases where user_id = ${user} and pack_id = ${pack})`;
}

/** packsBought over two column references, as plain text for a statement whose text is fixed. */
export function packsBoughtText(userColumn: string, packColumn: string): string {
  return new PgDialect().sqlToQuery(packsBought(sql.raw(userColumn), sql.raw(packColumn))).sql;
}
