import type { Db } from '../../db/client.ts';
import { lockedUntil, lookback, type ThrottleRule } from '../throttle/login-throttle.ts';
import { lockThrottleKeys } from '../throttle/throttle.service.ts';
import { clearFailuresOfMail, deleteFailuresBefore, failureTimes, insertFailure } from './operator-login-failures.repo.ts';

const MINUTE = 60_000;

/**
 * The console's login throttle, stricter than members': 5 failures for one address or 10 from
 * one IP within 15 minutes lock it for 30 minutes. TOTP codes are counted apart from passwords
 * (decision 033): 5 wrong codes of one operator within 15 minutes lock the code step for 30
 * minutes, and only a right code — never a right password — takes them back, so six digits
 * cannot be walked through by signing in again between guesses. Every guess counts for the IP.
 */
export const OPERATOR_MAIL_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 30 * MINUTE };
export const OPERATOR_IP_RULE: ThrottleRule = { maxFailures: 10, windowMs: 15 * MINUTE, lockMs: 30 * MINUTE };
export const OPERATOR_TOTP_RULE: ThrottleRule = { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 30 * MINUTE };

/**
 * The failure table's key of an operator's wrong codes: kept in its address column under a name
 * no address can have (no '@'), so clearing the address's password failures leaves them.
 */
export const totpFailureKey = (operatorId: number) => `totp:${operatorId}`;

export type GateResult = { locked: Date } | { entered: true };

/**
 * As the members' gate (accounts/login-gate.ts), on the console's own failures table and lock
 * keys: under the advisory locks of the address and the IP it decides whether either is locked
 * and, when not, records the attempt as a failure before it is checked. So of any number of
 * parallel guesses only as many are checked as the rule allows. A right answer takes the
 * failures of the address back (passedGate).
 */
export function enterGate(db: Db, mail: string, ip: string, now: Date): Promise<GateResult> {
  return enter(db, { key: mail, lock: `admin-login-mail:${mail}`, rule: OPERATOR_MAIL_RULE }, ip, now);
}

/** As enterGate, for a TOTP code of the operator: counted under the operator's code key. */
export function enterCodeGate(db: Db, operatorId: number, ip: string, now: Date): Promise<GateResult> {
  return enter(db, { key: totpFailureKey(operatorId), lock: `admin-totp:${operatorId}`, rule: OPERATOR_TOTP_RULE }, ip, now);
}

async function enter(db: Db, of: { key: string; lock: string; rule: ThrottleRule }, ip: string, now: Date): Promise<GateResult> {
  return db.transaction(async (tx) => {
    await lockThrottleKeys(tx, [of.lock, `admin-login-ip:${ip}`]);
    const byKey = await failureTimes(tx, { mail: of.key }, new Date(now.getTime() - lookback(of.rule)), of.rule.maxFailures);
    const byIp = await failureTimes(tx, { ip }, new Date(now.getTime() - lookback(OPERATOR_IP_RULE)), OPERATOR_IP_RULE.maxFailures);
    const ends = [lockedUntil(byKey, now, of.rule), lockedUntil(byIp, now, OPERATOR_IP_RULE)].filter((d) => d !== undefined);
    if (ends.length > 0) return { locked: new Date(Math.max(...ends.map((d) => d.getTime()))) };
    await insertFailure(tx, of.key, ip, now);
    return { entered: true };
  });
}

/** A right password: the address's password failures go (its operator's code failures stay). */
export function passedGate(db: Db, mail: string): Promise<void> {
  return clearFailuresOfMail(db, mail);
}

/** A right code: the operator's code failures go. */
export function passedCodeGate(db: Db, operatorId: number): Promise<void> {
  return clearFailuresOfMail(db, totpFailureKey(operatorId));
}

/** Sweeper job: forgets failures too old to count. */
export function deleteOldOperatorFailures(db: Db, now: Date): Promise<number> {
  const horizon = Math.max(lookback(OPERATOR_MAIL_RULE), lookback(OPERATOR_IP_RULE), lookback(OPERATOR_TOTP_RULE));
  return deleteFailuresBefore(db, new Date(now.getTime() - horizon));
}
