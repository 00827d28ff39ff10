import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { isMemberSuspended } from '../admin/member-status.service.ts';
import { findLogin } from './accounts.repo.ts';
import { deleteFailuresBefore } from './login-failures.repo.ts';
import { enterGate, passedGate } from './member-login-gate.ts';
import { IP_RULE, lookback, MAIL_RULE } from '../throttle/login-throttle.ts';
import { verifyPassword } from '../../kernel/passwords.ts';

/** The one failure answer: it never tells whether the address or the password was wrong. */
function loginFailed(): AppError {
  return AppError.field('mail', 'accounts.login_failed');
}

/**
 * Checks an address and password; returns the member id. Refused with state 429 while the
 * address or the client IP is locked after repeated failures (see login-throttle.ts). The
 * attempt is counted as a failure for both before the password is checked, atomically (see
 * member-login-gate.ts), so parallel guesses cannot outrun the lock; a success clears the address's
 * failures.
 */
export async function authenticate(db: Db, input: { mail: string; pass: string; ip: string; now: Date }): Promise<number> {
  const { mail, pass, ip, now } = input;
  const keys = { mail, ip, realm: 'login' };
  const gate = await enterGate(db, keys, { mail: MAIL_RULE, ip: IP_RULE }, now);
  if ('locked' in gate) {
    const minutes = Math.max(1, Math.ceil((gate.locked.getTime() - now.getTime()) / 60_000));
    throw AppError.field('mail', 'accounts.login_locked', { minutes });
  }
  const member = await findLogin(db, mail);
  const ok = await verifyPassword(member?.passHash, pass);
  if (!member || !ok) throw loginFailed();
  await passedGate(db, keys);
  // Only after the right password: a guess learns nothing about suspensions.
  if (await isMemberSuspended(db, member.id)) throw AppError.field('mail', 'accounts.suspended');
  return member.id;
}

/** Sweeper job: forgets failures too old to count. */
export function deleteOldLoginFailures(db: Db, now: Date): Promise<number> {
  const horizon = Math.max(lookback(MAIL_RULE), lookback(IP_RULE));
  return deleteFailuresBefore(db, new Date(now.getTime() - horizon));
}
