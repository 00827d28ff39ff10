import type { Db } from '../../db/client.ts';
import { lockedUntil, lookback, type ThrottleRule } from '../accounts/login-throttle.ts';
import { lockThrottleKeys } from '../throttle/throttle.service.ts';
import { clearFailuresOfMail, deleteFailuresBefore, failureTimes, insertFailure } from './login-failures.repo.ts';

const MINUTE = 60_000;

/**
 * The console's login throttle, stricter than members': 5 failures for one address or 10 from
 * one IP within 15 minutes lock it for 30 minutes. Password and TOTP failures both count (a TOTP
 * guess is counted under the operator's address), so six digits cannot be walked through.
 */
export const OPERATOR_MAIL_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 30 * MINUTE };
export const OPERATOR_IP_RULE: ThrottleRule = { maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 30 * MINUTE };

export type GateResult = { locked: Date } | { entered: true };

/**
 * As the members' gate (accounts/login-gate.ts), on the console's own failures table and lock
 * keys: under the advisory locks of the address and the IP it decides whether either is locked
 * and, when not, records the attempt as a failure before it is checked. So of any number of
 * parallel guesses only as many are checked as the rule allows. A right answer takes the
 * failures of the address back (passedGate).
 */
export async function enterGate(db: Db, mail: string, ip: string, now: Date): Promise<GateResult> {
  return db.transaction(async (tx) => {
    await lockThrottleKeys(tx, [`admin-login-mail:${mail}`, `admin-login-ip:${ip}`]);
    const byMail = await failureTimes(tx, { mail }, new Date(now.getTime() - lookback(OPERATOR_MAIL_RULE)), OPERATOR_MAIL_RULE.maxFailures);
    const byIp = await failureTimes(tx, { ip }, new Date(now.getTime() - lookback(OPERATOR_IP_RULE)), OPERATOR_IP_RULE.maxFailures);
    const ends = [lockedUntil(byMail, now, OPERATOR_MAIL_RULE), lockedUntil(byIp, now, OPERATOR_IP_RULE)].filter((d) => d !== undefined);
    if (ends.length > 0) return { locked: new Date(Math.max(...ends.map((d) => d.getTime()))) };
    await insertFailure(tx, mail, ip, now);
    return { entered: true };
  });
}

export function passedGate(db: Db, mail: string): Promise<void> {
  return clearFailuresOfMail(db, mail);
}

/** Sweeper job: forgets failures too old to count. */
export function deleteOldOperatorFailures(db: Db, now: Date): Promise<number> {
  const horizon = Math.max(lookback(OPERATOR_MAIL_RULE), lookback(OPERATOR_IP_RULE));
  return deleteFailuresBefore(db, new Date(now.getTime() - horizon));
}
