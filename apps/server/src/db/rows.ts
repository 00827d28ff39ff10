import { createHash } from 'node:crypto';
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

/** The parts of a drizzle database or transaction that run a statement under a name (drizzle's own API, not in its types). */
interface NamedStatementRunner {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): {
      execute(): Promise<unknown>;
    };
  };
}

/** Texts prepared so far; a bound on them turns a caller that puts values into the text into plain statements. */
const preparedTexts = new Set<string>();
const MAX_PREPARED_TEXTS = 64;

/**
 * Runs raw SQL like queryRows, prepared under a name derived from its text: PostgreSQL parses it
 * once per pool connection rather than at every call (issue 23, point 6: the purchase batch's
 * two statements spent about 0.75 ms a batch being parsed again). For the hot path's statements
 * only, whose text never carries a value (every value a parameter), so each of their few
 * variants is one prepared statement per connection. PGlite runs it as it is.
 */
export async function preparedRows<T>(db: DbOrTx, prefix: string, query: SQL): Promise<T[]> {
  const runner = db as unknown as NamedStatementRunner;
  const built = runner.dialect.sqlToQuery(query);
  if (!preparedTexts.has(built.sql)) {
    if (preparedTexts.size >= MAX_PREPARED_TEXTS) return queryRows<T>(db, query);
    preparedTexts.add(built.sql);
  }
  const name = `${prefix}_${createHash('sha1').update(built.sql).digest('hex').slice(0, 16)}`;
  return namedStatementRows<T>(db, name, built.sql, built.params);
}

/**
 * Rows of a fixed statement `text` ($1… for `values`), prepared under `name` on each PostgreSQL
 * connection, through drizzle's session (PGlite has one connection and runs it as it is). For
 * statements written as fixed text (the purchase check); preparedRows names drizzle SQL by its text.
 */
export async function namedStatementRows<T>(db: DbOrTx, name: string, text: string, values: unknown[]): Promise<T[]> {
  const runner = db as unknown as NamedStatementRunner;
  const result = (await runner.session.prepareQuery({ sql: text, params: values }, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}
