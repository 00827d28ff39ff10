import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../db/client.ts';

/**
 * The database of one API test file: an in-memory PGlite, or — when the suite runs in its
 * PostgreSQL project (TEST_ENGINE=postgres with TEST_DATABASE_URL) — a fresh database created
 * on that server and dropped afterwards, so files never see each other's rows.
 */
export interface TestDatabase extends Database {
  drop(): Promise<void>;
}

export function testEngine(): 'postgres' | 'pglite' {
  return process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (testEngine() === 'pglite') {
    const database = await openDatabase({ dataDir: 'memory' });
    await database.migrate();
    return { ...database, drop: () => database.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const name = `oripa_t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: 'memory', poolSize: 40 });
  await database.migrate();
  return {
    ...database,
    async drop() {
      await database.close();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
