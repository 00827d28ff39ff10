import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type Database } from '../db/client.ts';
import { adminQuery, databaseUrl } from '../db/server-admin.ts';

/**
 * The database of one API test file: an in-memory PGlite, or — when the suite runs in its
 * PostgreSQL project (TEST_ENGINE=postgres with TEST_DATABASE_URL) — a fresh database created
 * on that server and dropped afterwards, so files never see each other's rows. Both start from
 * the run's migrated template (database-template.ts) when there is one; migrate() then finds
 * nothing left to apply.
 */
export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

export function testEngine(): 'postgres' | 'pglite' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

let pgliteTemplate: Blob | undefined;

function loadPgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (!file) return undefined;
  pgliteTemplate ??= new Blob([fs.readFileSync(file)]);
  return pgliteTemplate;
}

/** Connections of a test file's PostgreSQL pool: two files run at once on a server of 100 (decision 053). */
export const TEST_POOL_SIZE = 20;

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory', template: loadPgliteTemplate() });
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `oripa_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await createDatabase(adminUrl, name, inject('pgTemplate'));
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize: TEST_POOL_SIZE });
  await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/**
 * CREATE DATABASE, as a copy of the template when there is one. PostgreSQL refuses to copy a
 * database another session is in (SQLSTATE 55006), which a copy made at the same moment by the
 * other worker can briefly be: try again shortly.
 */
async function createDatabase(adminUrl: string, name: string, template: string | undefined): Promise<void> {
  const sql = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await adminQuery(adminUrl, sql);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

/**
 * A test file's own database, opened before its tests and dropped after them; the returned
 * function answers it (inside tests and hooks).
 */
export function useTestDatabase(): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error('the test database is not open yet');
    return database;
  };
}
