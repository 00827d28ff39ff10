import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testEngine, type TestDatabase } from '../testing/test-database.ts';
import { preparedRows, queryRows } from './rows.ts';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('preparedRows', () => {
  it('answers as queryRows does, with its values as parameters', async () => {
    const rows = await preparedRows<{ n: number; t: string }>(database.db, 'probe_values', sql`select ${41}::int + 1 as n, ${"it's"}::text as t`);
    expect(rows).toEqual([{ n: 42, t: "it's" }]);
    const again = await preparedRows<{ n: number }>(database.db, 'probe_values', sql`select ${1}::int + 1 as n, ${'x'}::text as t`);
    expect(again).toEqual([{ n: 2, t: 'x' }]);
  });

  it.runIf(testEngine() === 'postgres')('prepares the statement under a name on the connection, once for its text', async () => {
    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await preparedRows(tx, 'probe_named', sql`select ${n}::int as n`);
      await preparedRows(tx, 'probe_named', sql`select ${4}::int as n, 1 as other`);
      const named = await queryRows<{ name: string; statement: string }>(
        tx,
        sql`select name, statement from pg_prepared_statements where name like 'probe_named_%' order by statement`,
      );
      // Two texts, two statements; the three calls of the first text share one.
      expect(named.map((r) => r.statement)).toEqual(['select $1::int as n', 'select $1::int as n, 1 as other']);
    });
  });
});
