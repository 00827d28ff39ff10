import type { Db } from '../../db/client.ts';
import { lockThrottleKeys } from '../throttle/throttle.service.ts';
import { clearFailuresOfMail, failureTimes, insertLoginFailure } from './login-failures.repo.ts';
import { lockedUntil, lookback, type ThrottleRule } from '../throttle/login-throttle.ts';

/**
 * The gate in front of a password check, atomic under parallel requests: under the locks of the
 * address and the IP (held until commit) it decides whether either is locked and, when not,
 * records the attempt as a failure before the password is checked. The check then runs with
 * no transaction open; a right password takes the failure back (with the address's others).
 * So of any number of parallel guesses only as many pass the gate as the rule allows — a guess
 * is counted before it is checked, never after. Reusable for other logins (an operator console)
 * with their own key prefix and rules.
 */
export interface GateKeys {
  /** The address tried, normalized; names the address's failures. */
  mail: string;
  ip: string;
  /** Prefix of the lock keys, so two kinds of login never wait for each other. */
  realm: string;
}

export type GateResult = { locked: Date } | { attempt: number };

export async function enterGate(
  db: Db,
  keys: GateKeys,
  rules: { mail: ThrottleRule; ip: ThrottleRule },
  now: Date,
): Promise<GateResult> {
  return db.transaction(async (tx) => {
    await lockThrottleKeys(tx, [`${keys.realm}-mail:${keys.mail}`, `${keys.realm}-ip:${keys.ip}`]);
    const [byMail, byIp] = [
      await failureTimes(tx, { mail: keys.mail }, new Date(now.getTime() - lookback(rules.mail)), rules.mail.maxFailures),
      await failureTimes(tx, { ip: keys.ip }, new Date(now.getTime() - lookback(rules.ip)), rules.ip.maxFailures),
    ];
    const ends = [lockedUntil(byMail, now, rules.mail), lockedUntil(byIp, now, rules.ip)].filter((d) => d !== undefined);
    if (ends.length > 0) return { locked: new Date(Math.max(...ends.map((d) => d.getTime()))) };
    return { attempt: await insertLoginFailure(tx, keys.mail, keys.ip, now) };
  });
}

/** A right password: the address's failures (the attempt's own among them) are forgotten. */
export function passedGate(db: Db, keys: GateKeys): Promise<void> {
  return clearFailuresOfMail(db, keys.mail);
}
