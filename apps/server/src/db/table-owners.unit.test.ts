import fs from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/all.ts';
import { SHARED_WRITES, TABLE_OWNERS, type TableName } from './table-owners.ts';

const serverSrc = path.resolve(import.meta.dirname, '..');
const architectureDoc = path.resolve(serverSrc, '../../../docs/architecture.md');

/** Schema variables by name → table name (the names the code imports them by). */
const tableOfVariable = new Map(
  Object.entries(schema)
    .filter(([, value]) => is(value, PgTable))
    .map(([name, table]) => [name, getTableName(table as PgTable)]),
);
const isTable = (name: string): name is TableName => name in TABLE_OWNERS;

/**
 * The tables a source file writes: SQL text (insert into / update / delete from a table), Drizzle
 * calls (.insert(x), .update(x), .delete(x)) and the failure-log helper (failureLog(x)).
 * Comments are dropped first: prose that names a statement is no write.
 */
function tablesWritten(source: string): Set<TableName> {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
  const found = new Set<TableName>();
  for (const m of code.matchAll(/\b(?:insert\s+into|update|delete\s+from)\s+([a-z_]+)\b/gi)) {
    const name = m[1] ?? '';
    if (isTable(name)) found.add(name);
  }
  for (const m of code.matchAll(/(?:\.(?:insert|update|delete)|\bfailureLog)\(\s*(\w+)\s*\)/g)) {
    const name = tableOfVariable.get(m[1] ?? '');
    if (name && isTable(name)) found.add(name);
  }
  return found;
}

/**
 * Production code: everything under src but tests, schema and migrations, and the fixtures that
 * build data for demos, tests and benchmarks by design (db/seed, testing/, bench/, chaos/,
 * http/fuzz/, *-testing.ts).
 */
function productionFiles(dir = serverSrc): string[] {
  const skipped = ['db/schema', 'db/migrations', 'db/seed', 'testing', 'bench', 'chaos', 'http/fuzz'];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    const rel = path.relative(serverSrc, full);
    if (entry.isDirectory()) return skipped.includes(rel) ? [] : productionFiles(full);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|-testing\.ts$/.test(entry.name) ? [rel] : [];
  });
}

const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/')[1] : file.split('/')[0]);

describe('one owner per table', () => {
  const writes = productionFiles().flatMap((file) =>
    [...tablesWritten(fs.readFileSync(path.join(serverSrc, file), 'utf8'))].map((table) => ({ table, file })),
  );

  it('names an owner for every table of the schema, and owners are modules', () => {
    expect([...tableOfVariable.values()].filter((t) => !isTable(t))).toEqual([]);
    const modules = fs.readdirSync(path.join(serverSrc, 'modules'));
    expect(Object.values(TABLE_OWNERS).filter((m) => !modules.includes(m))).toEqual([]);
  });

  it('lets no module write a table it does not own, beyond the listed exceptions', () => {
    const foreign = writes.filter(
      ({ table, file }) => moduleOf(file) !== TABLE_OWNERS[table] && !SHARED_WRITES.some((w) => w.table === table && w.file === file),
    );
    expect(foreign.map(({ table, file }) => `${file} writes ${table} (owner: ${TABLE_OWNERS[table]})`)).toEqual([]);
  });

  it('lists no exception that no longer writes (the list shrinks as code moves to the owner)', () => {
    const stale = SHARED_WRITES.filter((w) => !writes.some((x) => x.table === w.table && x.file === w.file));
    expect(stale).toEqual([]);
  });

  it('finds every table written by its owner somewhere (the scanner sees the writes)', () => {
    const ownedWrites = new Set(writes.filter(({ table, file }) => moduleOf(file) === TABLE_OWNERS[table]).map((w) => w.table));
    // Reference data is written only by the seed (db/seed/reference-data.ts).
    expect(Object.keys(TABLE_OWNERS).filter((t) => !ownedWrites.has(t as TableName) && t !== 'prefectures')).toEqual([]);
  });

  it('is written down in docs/architecture.md, table by table', () => {
    const doc = fs.readFileSync(architectureDoc, 'utf8');
    const section = doc.slice(doc.indexOf('## Table owners'));
    const rows = new Map([...section.matchAll(/^\| `(\w+)` \| `(\w+)` \|/gm)].map((m) => [m[1], m[2]]));
    expect(Object.fromEntries(rows)).toEqual(TABLE_OWNERS);
    expect(SHARED_WRITES.filter((w) => !section.includes(`- \`${w.table}\` by \`${w.file}\``))).toEqual([]);
  });
});

describe('the write scanner', () => {
  it('sees SQL, Drizzle and failure-log writes, and not prose or reads', () => {
    expect(tablesWritten('sql`insert into holdings (a) values (1)`')).toEqual(new Set(['holdings']));
    expect(tablesWritten('sql`update packs p set drawn_count = 1`')).toEqual(new Set(['packs']));
    expect(tablesWritten('await tx.delete(sessions).where(x)')).toEqual(new Set(['sessions']));
    expect(tablesWritten('failureLog(loginFailures)')).toEqual(new Set(['login_failures']));
    expect(tablesWritten('// update users set x\nsql`select * from users`')).toEqual(new Set());
  });
});
