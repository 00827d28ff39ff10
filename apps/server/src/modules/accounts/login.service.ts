import { STATE } from '@oripa/contract/states';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { findLogin } from './accounts.repo.ts';
import { clearFailuresOfMail, deleteFailuresBefore, failureTimes, insertLoginFailure } from './login-failures.repo.ts';
import { IP_RULE, lockedUntil, lookback, MAIL_RULE } from './login-throttle.ts';
import { verifyPassword } from './passwords.ts';

/** The one failure answer: it never tells whether the address or the password was wrong. */
function loginFailed(): AppError {
  return AppError.field(STATE.validation, 'mail', 'accounts.login_failed');
}

async function lockEnd(db: Db, mail: string, ip: string, now: Date): Promise<Date | undefined> {
  const [byMail, byIp] = await Promise.all([
    failureTimes(db, { mail }, new Date(now.getTime() - lookback(MAIL_RULE)), MAIL_RULE.maxFailures),
    failureTimes(db, { ip }, new Date(now.getTime() - lookback(IP_RULE)), IP_RULE.maxFailures),
  ]);
  const ends = [lockedUntil(byMail, now, MAIL_RULE), lockedUntil(byIp, now, IP_RULE)].filter((d) => d !== undefined);
  return ends.length > 0 ? new Date(Math.max(...ends.map((d) => d.getTime()))) : undefined;
}

/**
 * Checks an address and password; returns the member id. Refused with state 429 while the
 * address or the client IP is locked after repeated failures (see login-throttle.ts); a failure
 * is recorded for both, a success clears the address's failures.
 */
export async function authenticate(db: Db, input: { mail: string; pass: string; ip: string; now: Date }): Promise<number> {
  const { mail, pass, ip, now } = input;
  const until = await lockEnd(db, mail, ip, now);
  if (until) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    throw AppError.field(STATE.throttled, 'mail', 'accounts.login_locked', { minutes });
  }
  const member = await findLogin(db, mail);
  const ok = await verifyPassword(member?.passHash, pass);
  if (!member || !ok) {
    await insertLoginFailure(db, mail, ip, now);
    throw loginFailed();
  }
  await clearFailuresOfMail(db, mail);
  return member.id;
}

/** Sweeper job: forgets failures too old to count. */
export function deleteOldLoginFailures(db: Db, now: Date): Promise<number> {
  const horizon = Math.max(lookback(MAIL_RULE), lookback(IP_RULE));
  return deleteFailuresBefore(db, new Date(now.getTime() - horizon));
}
