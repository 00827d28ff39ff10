import type { Db } from '../db/client.ts';
import { deleteExpiredSessions } from '../http/session.ts';
import { deleteOldLoginFailures } from '../modules/accounts/login.service.ts';
import { deleteOldResetTokens } from '../modules/accounts/password.service.ts';
import { deleteOldSmsCodes } from '../modules/accounts/sms.service.ts';
import { deleteOldOutbox } from '../modules/notifications/notifications.service.ts';
import { settleExpiredHoldings } from '../modules/holdings/decision.service.ts';
import { cancelAbandonedPayments, expireDuePayments } from '../modules/payments/payment-jobs.ts';
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
  { name: 'payments:expire', run: expireDuePayments },
  { name: 'payments:abandon', run: cancelAbandonedPayments },
  { name: 'accounts:login-failures', run: deleteOldLoginFailures },
  { name: 'accounts:reset-tokens', run: deleteOldResetTokens },
  { name: 'accounts:sms-codes', run: deleteOldSmsCodes },
  { name: 'notifications:outbox', run: deleteOldOutbox },
];

/** Runs every job once as if the clock read `now`; returns how many items each moved. */
export async function sweep(db: Db, now: Date): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const job of JOBS) moved[job.name] = await job.run(db, now);
  return moved;
}

/** Sweeps every `intervalMs` until stopped; a failing sweep is logged and retried next time. */
export function startSweeper(
  db: Db,
  intervalMs: number,
  onError: (error: unknown) => void,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweep(db, new Date())
      .catch(onError)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
