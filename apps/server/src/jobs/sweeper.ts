import pg from 'pg';
import type { Db } from '../db/client.ts';
import { deleteExpiredSessions } from '../modules/sessions/sessions.service.ts';
import { deleteOldLoginFailures } from '../modules/accounts/login.service.ts';
import { deleteExpiredConsoleSessions } from '../modules/admin/admin-session.ts';
import { deleteOldOperatorFailures } from '../modules/admin/operator-login-gate.ts';
import { deleteOldResetTokens } from '../modules/accounts/password.service.ts';
import { deleteOldSmsCodes } from '../modules/accounts/sms.service.ts';
import { deleteOldOutbox } from '../modules/notifications/notifications.service.ts';
import { deliverConfiguredMail, enqueueDueReminders } from '../modules/notifications/mail-delivery.ts';
import { settleExpiredHoldings } from '../modules/holdings/decision.service.ts';
import { cancelAbandonedPayments, expireDuePayments, settleWaitingPayments } from '../modules/payments/payment-jobs.ts';
import { changeMonthlyRanks } from '../modules/ranks/ranks.service.ts';
import { deleteOldThrottleHits } from '../modules/throttle/throttle.service.ts';
import { expireDuePoints } from '../modules/wallet/wallet.service.ts';
import { checkAlerts } from '../modules/alerts/alerts.service.ts';

/**
 * A time-based transition: it finds what is due at `now` and moves it, in batches, in a way
 * that is safe when several instances (or the CLI) sweep at once. Later features add theirs
 * to JOBS (holdings conversion, payment expiry, point expiry…).
 *
 * On the job engine (jobs/schedule.ts) every job runs as its own queue, every minute, with
 * retries and backoff; jobs naming the same `queue` run together in JOBS order (a transition
 * that must follow another). A job added here runs on the engine with nothing else to wire.
 */
export interface Job {
  name: string;
  run(db: Db, now: Date): Promise<number>;
  /** The engine queue it runs in; by default one of its own. */
  queue?: string;
  /**
   * Safe beside any other sweep (it claims its rows with SKIP LOCKED and inserts idempotently):
   * on the engine it runs without the shop-wide sweep lock, so a slow mail server delays no
   * other transition.
   */
  alongside?: boolean;
}

/** Provider reconciliation and what must follow it, in order, as one engine job. */
const PAYMENTS_QUEUE = 'payments-and-ranks';

export const JOBS: Job[] = [
  { name: 'sessions:expire', run: deleteExpiredSessions },
  { name: 'holdings:convert', run: settleExpiredHoldings },
  { name: 'points:expire', run: expireDuePoints },
  // First: a payment approved at its provider while the shop was down is credited, not expired.
  { name: 'payments:settle', run: settleWaitingPayments, queue: PAYMENTS_QUEUE },
  { name: 'payments:expire', run: expireDuePayments, queue: PAYMENTS_QUEUE },
  { name: 'payments:abandon', run: cancelAbandonedPayments, queue: PAYMENTS_QUEUE },
  // After the payment jobs: a purchase completed by this sweep counts toward last month's rank.
  { name: 'ranks:monthly', run: changeMonthlyRanks, queue: PAYMENTS_QUEUE },
  { name: 'accounts:login-failures', run: deleteOldLoginFailures },
  { name: 'accounts:reset-tokens', run: deleteOldResetTokens },
  { name: 'accounts:sms-codes', run: deleteOldSmsCodes },
  { name: 'throttle:hits', run: deleteOldThrottleHits },
  { name: 'notifications:outbox', run: deleteOldOutbox },
  // Reminders (slip due soon, points expiring) are queued, then every due mail is delivered.
  { name: 'notifications:reminders', run: enqueueDueReminders, queue: 'mail', alongside: true },
  { name: 'notifications:mail', run: deliverConfiguredMail, queue: 'mail', alongside: true },
  // Operators' alerts: each condition recorded once per period (a unique row), so safe anywhere.
  { name: 'alerts:check', run: checkAlerts, alongside: true },
  { name: 'admin:sessions', run: deleteExpiredConsoleSessions },
  { name: 'admin:login-failures', run: deleteOldOperatorFailures },
];

const SWEEP_LOCK = 'oripa-sweep';

/** Sweeps of this process waiting their turn, per pool (tests open several databases). */
const localTurns = new WeakMap<object, Promise<unknown>>();

/**
 * Runs `run` as the shop's only sweep. On PostgreSQL a session advisory lock on a connection of
 * its own: every instance, every engine queue and the CLI may sweep, one at a time (jobs' rows
 * are safe under row locks anyway, but the monthly rank change and a conversion credit deadlock
 * on members' rows when two sweeps overlap). The lock goes with its connection if the process
 * dies. Within a process sweeps queue in memory first, so only one connection per instance ever
 * waits for the lock (the engine's queues fetch their jobs together: each holding a connection
 * while waiting would empty the pool the waiting sweep needs). PGlite is one connection, which
 * runs one transaction at a time anyway.
 */
async function exclusively<T>(db: Db, run: () => Promise<T>): Promise<T> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return run();
  const before = localTurns.get(client) ?? Promise.resolve();
  const mine = before.catch(() => undefined).then(() => withLock(client, run));
  localTurns.set(client, mine);
  return mine;
}

async function withLock<T>(pool: pg.Pool, run: () => Promise<T>): Promise<T> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock(hashtext($1))', [SWEEP_LOCK]);
    try {
      return await run();
    } finally {
      await connection.query('select pg_advisory_unlock(hashtext($1))', [SWEEP_LOCK]);
    }
  } finally {
    connection.release();
  }
}

async function runJobs(db: Db, now: Date): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const job of JOBS) moved[job.name] = await job.run(db, now);
  return moved;
}

/**
 * Runs `jobs` in order as one sweep (after any sweep in progress elsewhere), each attempted even
 * when one before it failed; throws the failures together afterwards so the engine retries (a
 * retry moves only what is still due). Returns how many items each moved.
 */
export async function sweepJobs(db: Db, jobs: Job[], now: Date): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  const failures: unknown[] = [];
  const runAll = async () => {
    for (const job of jobs) {
      try {
        moved[job.name] = await job.run(db, now);
      } catch (error) {
        failures.push(error);
      }
    }
  };
  if (jobs.every((job) => job.alongside)) await runAll();
  else await exclusively(db, runAll);
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, `${failures.length} jobs failed`);
  return moved;
}

/**
 * Runs every job once as if the clock read `now`, after any sweep in progress elsewhere;
 * returns how many items each moved.
 */
export async function sweep(db: Db, now: Date): Promise<Record<string, number>> {
  return exclusively(db, () => runJobs(db, now));
}
