import pg from 'pg';
import type { Db } from '../db/client.ts';
import { deleteExpiredSessions } from '../modules/sessions/sessions.service.ts';
import { deleteOldLoginFailures } from '../modules/accounts/login.service.ts';
import { deleteExpiredConsoleSessions } from '../modules/admin/admin-session.ts';
import { deleteOldOperatorFailures } from '../modules/admin/login-gate.ts';
import { deleteOldResetTokens } from '../modules/accounts/password.service.ts';
import { deleteOldSmsCodes } from '../modules/accounts/sms.service.ts';
import { deleteOldOutbox } from '../modules/notifications/notifications.service.ts';
import { deliverConfiguredMail, enqueueDueReminders } from '../modules/notifications/mail-delivery.ts';
import { settleExpiredHoldings } from '../modules/holdings/decision.service.ts';
import { cancelAbandonedPayments, expireDuePayments, settleWaitingPayments } from '../modules/payments/payment-jobs.ts';
import { changeMonthlyRanks } from '../modules/ranks/ranks.service.ts';
import { deleteOldThrottleHits } from '../modules/throttle/throttle.service.ts';
import { expireDuePoints } from '../modules/wallet/wallet.service.ts';

/**
 * A time-based transition: it finds what is due at `now` and moves it, in batches, in a way
 * that is safe when several instances (or the CLI) sweep at once. Later features add theirs
 * to JOBS (holdings conversion, payment expiry, point expiry…).
 */
export interface Job {
  name: string;
  run(db: Db, now: Date): Promise<number>;
}

export const JOBS: Job[] = [
  { name: 'sessions:expire', run: deleteExpiredSessions },
  { name: 'holdings:convert', run: settleExpiredHoldings },
  { name: 'points:expire', run: expireDuePoints },
  // First: a payment approved at its provider while the shop was down is credited, not expired.
  { name: 'payments:settle', run: settleWaitingPayments },
  { name: 'payments:expire', run: expireDuePayments },
  { name: 'payments:abandon', run: cancelAbandonedPayments },
  // After the payment jobs: a purchase completed by this sweep counts toward last month's rank.
  { name: 'ranks:monthly', run: changeMonthlyRanks },
  { name: 'accounts:login-failures', run: deleteOldLoginFailures },
  { name: 'accounts:reset-tokens', run: deleteOldResetTokens },
  { name: 'accounts:sms-codes', run: deleteOldSmsCodes },
  { name: 'throttle:hits', run: deleteOldThrottleHits },
  { name: 'notifications:outbox', run: deleteOldOutbox },
  // Reminders (slip due soon, points expiring) are queued, then every due mail is delivered.
  { name: 'notifications:reminders', run: enqueueDueReminders },
  { name: 'notifications:mail', run: deliverConfiguredMail },
  { name: 'admin:sessions', run: deleteExpiredConsoleSessions },
  { name: 'admin:login-failures', run: deleteOldOperatorFailures },
];

const SWEEP_LOCK = 'oripa-sweep';

/**
 * Runs `run` as the shop's only sweep. On PostgreSQL a session advisory lock on a connection of
 * its own: every instance and the CLI may sweep, one at a time (jobs' rows are safe under row
 * locks anyway, but the monthly rank change and a conversion credit deadlock on members' rows
 * when two sweeps overlap). `wait` false answers undefined at once when another sweep runs (the
 * background sweeper: that one does the work). The lock goes with its connection if the process
 * dies. PGlite is one process, whose sweeps the caller keeps apart.
 */
async function exclusively<T>(db: Db, wait: boolean, run: () => Promise<T>): Promise<T | undefined> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return run();
  const connection = await client.connect();
  try {
    if (wait) await connection.query('select pg_advisory_lock(hashtext($1))', [SWEEP_LOCK]);
    else {
      const got = await connection.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtext($1)) as ok', [SWEEP_LOCK]);
      if (!got.rows[0]?.ok) return undefined;
    }
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
 * Runs every job once as if the clock read `now`, after any sweep in progress elsewhere;
 * returns how many items each moved.
 */
export async function sweep(db: Db, now: Date): Promise<Record<string, number>> {
  return (await exclusively(db, true, () => runJobs(db, now))) as Record<string, number>;
}

/** Like sweep, but does nothing (undefined) when another instance is sweeping right now. */
export function sweepUnlessBusy(db: Db, now: Date): Promise<Record<string, number> | undefined> {
  return exclusively(db, false, () => runJobs(db, now));
}

/**
 * Sweeps `firstDelayMs` after start (what a crash left behind — payments approved at a provider
 * meanwhile — is settled soon after a restart), then every `intervalMs` until stopped; a failing
 * sweep is logged and retried next time. Stopping waits for the sweep in flight.
 */
export function startSweeper(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void,
  firstDelayMs = 5_000,
): () => Promise<void> {
  let inFlight: Promise<void> | undefined;
  const run = () => {
    if (inFlight) return;
    inFlight = sweepUnlessBusy(db, new Date())
      .then(() => undefined)
      .catch(onError)
      .finally(() => {
        inFlight = undefined;
      });
  };
  const first = setTimeout(run, firstDelayMs);
  const timer = setInterval(run, intervalMs);
  first.unref();
  timer.unref();
  return async () => {
    clearTimeout(first);
    clearInterval(timer);
    await inFlight;
  };
}
