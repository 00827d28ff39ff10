import type { DbOrTx, Db } from '../../db/client.ts';
import * as repo from './throttle.repo.ts';

/**
 * Throttles that hold under parallel requests. A throttle's decision (count what happened
 * recently) and its record (one more) must not interleave with another request's, or 50
 * parallel requests all count the same 4 and all pass. So every decision runs inside a
 * transaction that first takes a lock per key (PostgreSQL advisory locks, held until commit),
 * which makes requests sharing a key decide one after another — across instances too.
 * Used by login (address and IP), SMS (number), reset mail (member) and registration (IP);
 * an operator login can gate itself the same way with its own keys.
 */

/** Makes the rest of `tx` run alone among transactions that lock any of `keys`. */
export function lockThrottleKeys(tx: DbOrTx, keys: readonly string[]): Promise<void> {
  return repo.lockKeys(tx, keys);
}

export interface HitRule {
  /** Names the throttle, e.g. 'registration-ip'. */
  scope: string;
  /** Requests let through per window. */
  max: number;
  windowMs: number;
}

/**
 * Counts one request for `key` if fewer than `rule.max` were counted within the window, and
 * says whether it may go on — atomically, so no more than `max` ever pass per window.
 */
export async function takeHit(db: Db, rule: HitRule, key: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    await repo.lockKeys(tx, [`${rule.scope}:${key}`]);
    const since = new Date(now.getTime() - rule.windowMs);
    if ((await repo.countHitsSince(tx, rule.scope, key, since)) >= rule.max) return false;
    await repo.insertHit(tx, rule.scope, key, now);
    return true;
  });
}

/** Sweeper job: drops counted requests older than a day (no throttle looks further back). */
export function deleteOldThrottleHits(db: Db, now: Date): Promise<number> {
  return repo.deleteHitsBefore(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}
