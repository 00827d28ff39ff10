import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { adminQuery, databaseUrl } from '../db/server-admin.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { testEngine } from './test-database.ts';

/**
 * Two shop instances on one database, as two processes would run them: on PostgreSQL each has
 * its own pool (and its own LISTEN connection) on a database made for the file; on PGlite (one
 * process per data folder) the two apps share the one in-memory database handle.
 */
export interface TwoInstances {
  a: FastifyInstance;
  b: FastifyInstance;
  dbA: Database;
  dbB: Database;
  /** One more pool on the same database (a third process: the CLI); on PGlite the same handle. */
  openAnother(): Promise<Database>;
  /** Closes the apps and every pool, and drops the PostgreSQL database. */
  close(): Promise<void>;
}

/** `label` names the PostgreSQL database (oripa_t_<label>_…); each pool has `poolSize` connections. */
export async function openTwoInstances(label: string, { poolSize = 20 }: { poolSize?: number } = {}): Promise<TwoInstances> {
  const onPostgres = testEngine() === 'postgres';
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = `oripa_t_${label}_${Date.now().toString(36)}`;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];
  if (onPostgres) await adminQuery(adminUrl, `CREATE DATABASE ${name}`);

  async function openAnother(): Promise<Database> {
    if (!onPostgres && databases[0]) return databases[0];
    const database = onPostgres
      ? await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize })
      : await openDatabase({ dataDir: 'memory' });
    databases.push(database);
    return database;
  }

  const dbA = await openAnother();
  await dbA.migrate();
  await ensureReferenceData(dbA.db);
  const dbB = await openAnother();
  // One configuration: the instances share the keys (the log's signing key, the seed key) and the beacon.
  const config = testConfig({ WEB_DIST: '/nonexistent' });
  for (const database of [dbA, dbB]) {
    const app = await buildApp(config, database);
    await app.ready();
    apps.push(app);
  }
  return {
    a: apps[0] as FastifyInstance,
    b: apps[1] as FastifyInstance,
    dbA,
    dbB,
    openAnother,
    async close() {
      for (const app of apps) await app.close();
      for (const database of databases) await database.close();
      if (onPostgres) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
