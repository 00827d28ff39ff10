import {
  LOGIN_LOCK_MINUTES,
  LOGIN_MAX_FAILURES_PER_IP,
  LOGIN_MAX_FAILURES_PER_MAIL,
  LOGIN_WINDOW_MINUTES,
} from '@oripa/contract/accounts';

const MINUTE = 60_000;

export interface ThrottleRule {
  /** Failures within the window that lock. */
  maxFailures: number;
  windowMs: number;
  /** How long the lock lasts from the failure that set it. */
  lockMs: number;
}

/** 5 failures for one address within 15 minutes lock that address for 15 minutes. */
export const MAIL_RULE: ThrottleRule = {
  maxFailures: LOGIN_MAX_FAILURES_PER_MAIL,
  windowMs: LOGIN_WINDOW_MINUTES * MINUTE,
  lockMs: LOGIN_LOCK_MINUTES * MINUTE,
};

/** 20 failures from one IP within 15 minutes lock that IP for 15 minutes. */
export const IP_RULE: ThrottleRule = {
  maxFailures: LOGIN_MAX_FAILURES_PER_IP,
  windowMs: LOGIN_WINDOW_MINUTES * MINUTE,
  lockMs: LOGIN_LOCK_MINUTES * MINUTE,
};

/** How far back the failures that decide a lock can lie. */
export function lookback(rule: ThrottleRule): number {
  return rule.windowMs + rule.lockMs;
}

/**
 * When the lock ends, or undefined when there is none. `failures` are the newest failure times
 * (newest first, at least `maxFailures` of them when there are that many). Locked when the
 * latest failure and the `maxFailures - 1` before it fall within the window, until `lockMs`
 * after the latest. Attempts refused while locked are not failures, so they do not extend it.
 */
export function lockedUntil(failures: readonly Date[], now: Date, rule: ThrottleRule): Date | undefined {
  const latest = failures[0];
  const oldest = failures[rule.maxFailures - 1];
  if (!latest || !oldest) return undefined;
  if (latest.getTime() - oldest.getTime() >= rule.windowMs) return undefined;
  const until = new Date(latest.getTime() + rule.lockMs);
  return until > now ? until : undefined;
}
