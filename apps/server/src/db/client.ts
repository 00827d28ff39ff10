import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/all.ts';

export type Schema = typeof schema;
/** The database handle every repo takes: the same type for PostgreSQL and PGlite. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; repos accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export type Engine = 'postgres' | 'pglite';

export interface Database {
  db: Db;
  engine: Engine;
  /** Human-readable location, for logs (never includes a password). */
  where: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the PGlite data; `memory` opens a throwaway in-memory database. */
  dataDir: string;
  /** Connections of the PostgreSQL pool. */
  poolSize?: number;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite persisted under dataDir/pglite. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.dataDir);
}

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that errors (server restart) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: 'postgres',
    where: redactUrl(url),
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  let client: PGlite;
  let where: string;
  if (dataDir === 'memory') {
    client = await PGlite.create();
    where = 'PGlite (in memory)';
  } else {
    const dir = path.resolve(dataDir, 'pglite');
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    client = await PGlite.create(dir);
    where = `PGlite at ${dir}`;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    where,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}

function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return `PostgreSQL at ${u.host}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}
