import { PASSWORD_RESET_PATH, PASSWORD_RESET_TOKEN_PARAM, PASSWORD_RESET_TOKEN_PATTERN } from '@oripa/contract/accounts';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { endMemberSessions } from '../sessions/sessions.service.ts';
import { mailPasswordChanged } from '../notifications/mail-events.ts';
import type { MailProvider } from '../notifications/providers.ts';
import { lockThrottleKeys } from '../throttle/throttle.service.ts';
import { findLogin, findMemberContact, updatePassHash } from './accounts.repo.ts';
import { clearFailuresOfMail } from './login-failures.repo.ts';
import { passwordResetMail } from './mail-texts.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import * as tokens from './reset-tokens.repo.ts';
import { newToken, tokenDigest } from './tokens.ts';

/** A reset link works this long. */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** At most this many reset mails per member an hour; more requests are answered the same, unsent. */
export const RESET_MAILS_PER_HOUR = 3;

/** The link of a reset mail. */
export function resetLink(origin: string, token: string): string {
  return `${origin}${PASSWORD_RESET_PATH}?${PASSWORD_RESET_TOKEN_PARAM}=${token}`;
}

function tokenInvalid(): AppError {
  return AppError.field('token', 'accounts.reset_token_invalid');
}

/**
 * POST /user/reset_password: when the address is a member's, mails them a single-use link. The
 * caller answers the same either way, so nobody learns which addresses are registered.
 */
export async function requestPasswordReset(
  db: Db,
  mail: MailProvider,
  input: { mail: string; lang: Lang; origin: string; now: Date },
): Promise<void> {
  const member = await findLogin(db, input.mail);
  if (!member) return;
  const token = newToken();
  // Count and record under the member's throttle lock, so parallel requests cannot all see
  // 2 mails sent and all send a third.
  const allowed = await db.transaction(async (tx) => {
    await lockThrottleKeys(tx, [`reset-mail:${member.id}`]);
    const hourAgo = new Date(input.now.getTime() - 60 * 60 * 1000);
    if ((await tokens.countResetTokensSince(tx, member.id, hourAgo)) >= RESET_MAILS_PER_HOUR) return false;
    await storeResetToken(tx, member.id, token, input.now);
    return true;
  });
  if (!allowed) return;
  await sendResetMail(mail, { to: input.mail, userId: member.id, lang: input.lang, origin: input.origin, token });
}

/** Stores a reset link's token (its digest only), working for RESET_TOKEN_TTL_MINUTES, in the caller's transaction. */
export async function storeResetToken(tx: DbOrTx, userId: number, token: string, now: Date): Promise<void> {
  await tokens.insertResetToken(tx, {
    userId,
    tokenHash: tokenDigest(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
    createdAt: now,
  });
}

/** The reset mail with its single-use link (after the token's transaction committed). */
export async function sendResetMail(mail: MailProvider, input: { to: string; userId: number; lang: Lang; origin: string; token: string }): Promise<void> {
  const { subject, text } = passwordResetMail(input.lang, resetLink(input.origin, input.token), RESET_TOKEN_TTL_MINUTES);
  await mail.send({ to: input.to, subject, text, userId: input.userId });
}

/** POST /user/reset_password/verify: refuses under `token` unless the link still works. */
export async function verifyResetToken(db: Db, token: string, now: Date): Promise<void> {
  if (!PASSWORD_RESET_TOKEN_PATTERN.test(token) || (await tokens.findUsableToken(db, tokenDigest(token), now)) === undefined) {
    throw tokenInvalid();
  }
}

/**
 * POST /user/reset_password/complete: sets the new password with a working link. The link is
 * used up (of two concurrent uses one wins), the member's other links are void, every session
 * of the member ends and their failed logins are forgotten.
 */
export async function completePasswordReset(db: Db, input: { token: string; pass: string; now: Date }): Promise<void> {
  await verifyResetToken(db, input.token, input.now);
  const passHash = await hashPassword(input.pass);
  await db.transaction(async (tx) => {
    const userId = await tokens.consumeToken(tx, tokenDigest(input.token), input.now);
    if (userId === undefined) throw tokenInvalid();
    await tokens.voidTokensOfUser(tx, userId, input.now);
    await updatePassHash(tx, userId, passHash);
    await endMemberSessions(tx, userId);
    await mailPasswordChanged(tx, userId, input.now);
    const member = await findMemberContact(tx, userId);
    if (member) await clearFailuresOfMail(tx, member.mail);
  });
}

/**
 * POST /user/change_password: the member's new password. Their other sessions end (the one
 * that made the change stays) and open reset links become void.
 */
export async function changePassword(db: Db, input: { userId: number; sessionKey: string; pass: string; now: Date }): Promise<void> {
  const passHash = await hashPassword(input.pass);
  await db.transaction(async (tx) => {
    await updatePassHash(tx, input.userId, passHash);
    await endMemberSessions(tx, input.userId, input.sessionKey);
    await mailPasswordChanged(tx, input.userId, input.now);
    await tokens.voidTokensOfUser(tx, input.userId, input.now);
  });
}

/** Sweeper job: drops reset tokens expired or used more than a day ago. */
export function deleteOldResetTokens(db: Db, now: Date): Promise<number> {
  return tokens.deleteTokensBefore(db, new Date(now.getTime() - 24 * 60 * 60 * 1000));
}
