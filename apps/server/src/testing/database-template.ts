import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { adminQuery, databaseUrl } from '../db/server-admin.ts';

/**
 * Vitest global set-up of the API projects: the migrated database every API test file starts
 * from, made once per run instead of once per file.
 *
 * - PGlite (project `api`): a fresh in-memory PGlite spends ~2 s of CPU in initdb and ~0.5 s in
 *   the migrations; loading a dumped, migrated data directory takes ~0.7 s. The dump is written
 *   to a temporary file whose path the files receive as `pgliteTemplate`.
 * - PostgreSQL (project `api-pg`): a migrated database `oripa_tpl_…` that each file copies with
 *   CREATE DATABASE … TEMPLATE (`pgTemplate`).
 *
 * Only the migrations are in the template: what a file adds (reference data, its own rows) it
 * still adds itself, exactly as on a fresh database.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env?.TEST_ENGINE === 'postgres') return setupPostgres(project);
  return setupPglite(project);
}

async function setupPglite(project: TestProject): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory' });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', file);
  return async () => fs.rmSync(dir, { recursive: true, force: true });
}

async function setupPostgres(project: TestProject): Promise<() => Promise<void>> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  // Without a server the files fail with their own message (test-database.ts); nothing to prepare.
  if (!adminUrl) return async () => undefined;
  const name = `oripa_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'memory', poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    // A template must have no sessions while it is copied.
    await database.close();
  }
  project.provide('pgTemplate', name);
  return () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

