import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { testEngine } from '../testing/test-database.ts';
import { openDatabase, type Database } from './client.ts';
import { queryRows } from './rows.ts';
import { adminQuery, databaseUrl } from './server-admin.ts';

// Drizzle applies only the migrations whose journal time is after the newest one a database
// recorded: a migration numbered (and timed) before one already applied elsewhere is skipped
// for good. A database that ran the migrations up to 0028 must reach this tree's head.
const migrations = path.resolve(import.meta.dirname, 'migrations');
const LAST_BEFORE = '0028_refunds_sms';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}
const journal = JSON.parse(fs.readFileSync(path.join(migrations, 'meta/_journal.json'), 'utf8')) as Journal & Record<string, unknown>;

/** A migrations folder holding this tree's migrations up to and including `last`. */
function migrationsUpTo(last: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-migrations-'));
  fs.mkdirSync(path.join(dir, 'meta'));
  const upTo = journal.entries.findIndex((e) => e.tag === last);
  expect(upTo).toBeGreaterThanOrEqual(0);
  const entries = journal.entries.slice(0, upTo + 1);
  for (const e of entries) fs.copyFileSync(path.join(migrations, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return dir;
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** An empty database of the suite's engine, dropped after the file. */
async function emptyDatabase(): Promise<Database> {
  if (testEngine() === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory' });
    cleanups.push(() => database.close());
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `oripa_t_upgrade_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize: 2 });
  cleanups.push(async () => {
    await database.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
  return database;
}

const tableExists = async (database: Database, table: string) =>
  (await queryRows<{ t: string | null }>(database.db, sql`select to_regclass(${table})::text as t`))[0]?.t === table;

describe('migrations journal', () => {
  it('lists every migration file in file-name order, with strictly increasing times', () => {
    const files = fs.readdirSync(migrations).filter((f) => f.endsWith('.sql')).map((f) => f.slice(0, -4)).sort();
    expect(journal.entries.map((e) => e.tag)).toEqual(files);
    expect(journal.entries.map((e) => e.idx)).toEqual(files.map((_, i) => i));
    for (let i = 1; i < journal.entries.length; i += 1) {
      expect(journal.entries[i]?.when).toBeGreaterThan(journal.entries[i - 1]?.when as number);
    }
  });

  it(`upgrades a database migrated up to ${LAST_BEFORE} to the head, with the fairness tables`, async () => {
    const database = await emptyDatabase();
    const folder = migrationsUpTo(LAST_BEFORE);
    cleanups.push(async () => fs.rmSync(folder, { recursive: true, force: true }));
    if (database.engine === 'postgres') await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
    else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    expect(await tableExists(database, 'transparency_entries')).toBe(false);

    await database.migrate();
    for (const table of ['transparency_entries', 'transparency_heads', 'beacon_rounds', 'lot_draw_state']) {
      expect(await tableExists(database, table), table).toBe(true);
    }
    const columns = await queryRows<{ column_name: string }>(
      database.db,
      sql`select column_name from information_schema.columns
          where (table_name = 'packs' and column_name in ('draw_algorithm', 'seed_sealed', 'commitment_hash'))
             or (table_name = 'purchases' and column_name in ('seq', 'buyer_tag', 'share_code'))`,
    );
    expect(columns.map((c) => c.column_name).sort()).toEqual(['buyer_tag', 'commitment_hash', 'draw_algorithm', 'seed_sealed', 'seq', 'share_code']);
    const applied = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(applied[0]?.n).toBe(journal.entries.length);
  });
});
