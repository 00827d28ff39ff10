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
  /**
   * Subscribes to NOTIFY on `channel` (db/change-feed.ts): on PostgreSQL over a connection of its
   * own, reconnected after a loss (`onLost` then `onRestored` say so: notifications may have been
   * missed in between); on PGlite in this process.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    events?: { onLost?(): void; onRestored?(): void },
  ): Promise<() => Promise<void>>;
  /** Connections of the PostgreSQL pool (metrics); PGlite has no pool. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
}

const migrationsFolder = path.resolve(import.meta.dirname, 'migrations');

export interface OpenOptions {
  databaseUrl?: string | undefined;
  /** Folder of the PGlite data; `memory` opens a throwaway in-memory database. */
  dataDir: string;
  /** Connections of the PostgreSQL pool. */
  poolSize?: number;
  /**
   * For an in-memory PGlite: a data directory dumped by PGlite's dumpDataDir() to start from
   * (tests load an already migrated one instead of running initdb and the migrations per file).
   */
  template?: Blob;
}

/** Opens PostgreSQL when a URL is given, else embedded PGlite persisted under dataDir/pglite. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 20);
  return openPglite(options.dataDir, options.template);
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
    listen: (channel, onMessage, events) => listenPostgres(url, channel, onMessage, events),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
  };
}

async function openPglite(dataDir: string, template?: Blob): Promise<Database> {
  let client: PGlite;
  let where: string;
  if (dataDir === 'memory') {
    client = await PGlite.create(template ? { loadDataDir: template } : {});
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
    listen: (channel, onMessage) => client.listen(channel, onMessage),
  };
}

const RECONNECT_MS = 1000;

/** LISTEN on a dedicated connection (a pooled one may be handed to a query at any time). */
async function listenPostgres(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  events: { onLost?(): void; onRestored?(): void } = {},
): Promise<() => Promise<void>> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => undefined);
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    c.on('end', () => {
      if (stopped || client !== c) return;
      client = undefined;
      events.onLost?.();
      schedule();
    });
    await c.connect();
    await c.query(`LISTEN ${channel}`);
    client = c;
  };
  const schedule = () => {
    retry = setTimeout(() => {
      connect().then(
        () => events.onRestored?.(),
        () => schedule(),
      );
    }, RECONNECT_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
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
