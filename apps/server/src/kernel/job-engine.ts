import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '../db/client.ts';

/**
 * The shop's job engine: pg-boss 10 (decision 016, "Jobs on pg-boss"). Queued and scheduled work
 * is stored in the `pgboss` schema of the shop's own database, so every instance shares it:
 * a queued job is fetched by one worker (`FOR UPDATE SKIP LOCKED`), a failing one is retried with
 * exponential backoff, and a schedule (cron) produces one job per period across every instance
 * (pg-boss's timekeeper inserts it under a per-minute singleton key).
 *
 * pg-boss runs its SQL through the `executeSql` adapter below rather than a pool of its own: on
 * PostgreSQL the shop's pool (no extra connections per instance), on PGlite the one embedded
 * database, which serializes pg-boss's statements with the shop's transactions. So the same
 * engine, queues and job functions run on both; on PGlite there is just one process polling.
 */

export interface QueueDefinition {
  /** pg-boss queue name: letters, digits, '-' and '_'. */
  name: string;
  /** A cron expression (UTC, minute precision) when the queue runs on a schedule. */
  cron?: string;
  /** Attempts after the first failure, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How long one attempt may run before the engine counts it failed (and retries it). */
  expireInSeconds?: number;
  /** The work: throws to be retried. `data` is what the sender queued (`{}` for a schedule). */
  run(job: { id: string; data: Record<string, unknown>; retryCount: number }): Promise<unknown>;
}

export interface EngineOptions {
  /** How often an idle worker asks for jobs (pg-boss polls; 2 s by default, 0.5 s minimum). */
  pollingIntervalSeconds?: number;
  /** How often an instance checks whether a schedule is due (30 s by default). */
  cronMonitorIntervalSeconds?: number;
  /** Errors the engine reports outside a job (a lost connection while polling…). */
  onError?: (error: unknown) => void;
}

export interface JobEngine {
  /** Queues a job; `singletonKey` + `singletonSeconds` make repeated sends one job per window. */
  send(queue: string, data?: Record<string, unknown>, options?: PgBoss.SendOptions): Promise<string | null>;
  /** Jobs waiting or being retried in every queue of this engine (metrics: job queue depth). */
  depth(): Promise<number>;
  /** Stops fetching, waits for the jobs in flight (up to `timeoutMs`), leaves the pool open. */
  stop(timeoutMs?: number): Promise<void>;
  readonly boss: PgBoss;
}

/** An executeSql adapter that can also run a stretch of calls alone across the shop. */
interface EngineDb extends PgBoss.Db {
  /** Runs `fn` holding a shop-wide advisory lock; the engine's SQL meanwhile uses its connection. */
  alone<T>(fn: () => Promise<T>): Promise<T>;
}

/**
 * After the engine stopped, its late calls (pg-boss completes or fails a job without awaiting
 * it) answer nothing instead of failing on the closed pool: such a rejection is unhandled and
 * would crash a process that is stopping gracefully. A job cut short this way stays active and
 * is retried by another instance after its expiry, as for an instance that died.
 */
function untilStopped(inner: EngineDb, stopped: () => boolean): EngineDb {
  // No `rows` at all: pg-boss's complete and fail read the count of affected jobs as 0 then.
  const nothing = { rows: undefined } as unknown as { rows: unknown[] };
  return {
    executeSql: (text, values) => (stopped() ? Promise.resolve(nothing) : inner.executeSql(text, values)),
    alone: (fn) => inner.alone(fn),
  };
}

const SETUP_LOCK = 'oripa-job-engine-setup';

/**
 * pg-boss's SQL goes through the shop's own database handle (pool or PGlite). Some of its
 * plans are several statements between BEGIN and COMMIT in one string: one that fails midway
 * leaves its connection inside an aborted transaction, so the adapter rolls back before the
 * connection serves anything else (the shop's pool is shared with every request).
 */
export function engineDb(db: Db): EngineDb {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    let pinned: pg.PoolClient | undefined;
    // Calls on the pinned connection go one after another (pg queues them, but deprecates that).
    let pinnedTurn: Promise<unknown> = Promise.resolve();
    const run = async (connection: pg.PoolClient, text: string, values?: unknown[]) => {
      try {
        return await connection.query(text, values);
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    };
    return {
      async executeSql(text, values) {
        if (pinned) {
          const connection = pinned;
          const result = pinnedTurn.catch(() => undefined).then(() => run(connection, text, values));
          pinnedTurn = result;
          return result;
        }
        const connection = await client.connect();
        try {
          return await run(connection, text, values);
        } finally {
          connection.release();
        }
      },
      async alone(fn) {
        const connection = await client.connect();
        try {
          await connection.query('select pg_advisory_lock(hashtext($1))', [SETUP_LOCK]);
          pinned = connection;
          try {
            return await fn();
          } finally {
            pinned = undefined;
            await connection.query('select pg_advisory_unlock(hashtext($1))', [SETUP_LOCK]);
          }
        } finally {
          connection.release();
        }
      },
    };
  }
  if (client instanceof PGlite) {
    return {
      async executeSql(text, values) {
        // One statement with parameters is atomic on its own.
        if (values && values.length > 0) return client.query(text, values);
        // Migrations and multi-statement plans come without parameters. PGlite's transaction
        // wrapper keeps the one connection to itself and rolls back on failure (the plan's own
        // BEGIN and COMMIT nest harmlessly inside it: PostgreSQL only warns).
        const results = await client.transaction((tx) => tx.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      },
      // One process: nothing else sets queues up at the same time.
      alone: (fn) => fn(),
    };
  }
  throw new Error('the job engine needs a PostgreSQL pool or PGlite database');
}

/**
 * Starts the engine on `db`: installs or upgrades the pgboss schema (pg-boss takes an advisory
 * lock, so instances starting together migrate once), creates the queues, (re)writes their
 * schedules and starts one worker per queue.
 */
export async function startJobEngine(db: Db, queues: QueueDefinition[], options: EngineOptions = {}): Promise<JobEngine> {
  let stopped = false;
  const adapter = untilStopped(engineDb(db), () => stopped);
  const boss = new PgBoss({
    db: adapter,
    cronMonitorIntervalSeconds: options.cronMonitorIntervalSeconds ?? 30,
    // Finished jobs are kept a week for operators to look at, then deleted by the engine.
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => options.onError?.(error));
  // pg-boss 10 creates a queue's partition table in create_queue (its own internal queue at
  // start too); two instances doing so at the same moment deadlock on the parent table, so
  // instances start and set their queues up in turn.
  await adapter.alone(async () => {
    await boss.start();
    await setUpQueues(boss, queues);
  });
  for (const queue of queues) {
    await boss.work<Record<string, unknown>>(
      queue.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1, includeMetadata: true },
      async (jobs) => {
        for (const job of jobs) await queue.run({ id: job.id, data: job.data ?? {}, retryCount: job.retryCount });
      },
    );
  }
  const names = queues.map((q) => q.name);
  return {
    boss,
    send: (queue, data = {}, sendOptions = {}) => boss.send(queue, data, sendOptions),
    async depth() {
      const sizes = await Promise.all(names.map((name) => boss.getQueueSize(name)));
      return sizes.reduce((a, b) => a + b, 0);
    },
    async stop(timeoutMs = 20_000) {
      try {
        await boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
      } finally {
        stopped = true;
      }
    },
  };
}

/** Creates or updates each queue's settings and writes or removes its schedule. */
async function setUpQueues(boss: PgBoss, queues: QueueDefinition[]): Promise<void> {
  for (const queue of queues) {
    const settings = {
      name: queue.name,
      // A scheduled queue holds at most one job running and one waiting (a slow sweep is not
      // stacked up); a plain queue keeps every job sent.
      policy: queue.cron ? ('stately' as const) : ('standard' as const),
      retryLimit: queue.retryLimit ?? 3,
      retryDelay: queue.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: queue.expireInSeconds ?? 300,
    };
    if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, settings);
    else await boss.createQueue(queue.name, settings);
    if (queue.cron) await boss.schedule(queue.name, queue.cron, {}, { tz: 'UTC' });
    else await boss.unschedule(queue.name);
  }
}
