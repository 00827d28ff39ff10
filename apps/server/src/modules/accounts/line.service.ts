import type { ChangeMemberPayload } from '@oripa/contract/accounts';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../kernel/errors.ts';
import { isMemberSuspended } from '../admin/member-status.service.ts';
import { enqueueMail } from '../notifications/mail-outbox.ts';
import { startingRankId } from '../ranks/ranks.service.ts';
import { generateReferralCode } from '../referrals/referrals.service.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import { insertMember } from './accounts.repo.ts';
import { findLinkedMember, findMemberLink, insertIdentity, lockMemberPassword, markUnlinked } from './line-identities.repo.ts';
import { mailTakenError, memberInfoOf } from './registration.service.ts';

/**
 * LINE Login's rules (decision 057): a LINE user links to one member and a member to one LINE
 * user; a member created through LINE has no password (the stored hash is no argon2 hash, so no
 * password ever matches) until one is set by password reissue; unlinking must leave a way to sign
 * in; the friend bonus is credited once per member.
 */

/** Stored in place of a password hash for a member created through LINE: no password matches it. */
const NO_PASSWORD = 'line-only';

/** A LINE sign-in by a user new to the shop, kept in the session until the member information is sent. */
export interface LinePending {
  sub: string;
  name: string;
  mail: string;
  friend: boolean;
  /** ms since the epoch; a pending sign-in older than PENDING_TTL_MS is void. */
  at: number;
}

export const PENDING_TTL_MS = 30 * 60 * 1000;

export function pendingIsLive(pending: LinePending | undefined, now: Date): pending is LinePending {
  return pending !== undefined && now.getTime() - pending.at < PENDING_TTL_MS;
}

export type SignInOutcome = { userId: number } | { suspended: true } | { unknown: true };

/** The member a LINE user signs in as, if any (a suspended member is refused). */
export async function lineSignIn(db: Db, sub: string): Promise<SignInOutcome> {
  const userId = await findLinkedMember(db, sub);
  if (userId === undefined) return { unknown: true };
  if (await isMemberSuspended(db, userId)) return { suspended: true };
  return { userId };
}

/** Credits the friend bonus once per member (idempotency key), inside the linking transaction. */
async function creditFriendBonus(tx: DbOrTx, userId: number, friend: boolean, points: number, now: Date): Promise<void> {
  if (!friend || points <= 0) return;
  await creditPoints(tx, {
    userId,
    amount: points,
    reason: 'line_friend',
    ref: `line_friend:${userId}`,
    memo: 'LINE友だち連携ボーナス',
    idempotencyKey: `line_friend:${userId}`,
    now,
  });
}

export type LinkOutcome = 'linked' | 'taken' | 'already';

/** Links a LINE user to a signed-in member, crediting the friend bonus when due. */
export async function linkLine(
  db: Db,
  input: { userId: number; sub: string; name: string; friend: boolean; bonusPoints: number; now: Date },
): Promise<LinkOutcome> {
  try {
    await db.transaction(async (tx) => {
      await insertIdentity(tx, { userId: input.userId, subject: input.sub, displayName: input.name, signedUp: false, now: input.now });
      await creditFriendBonus(tx, input.userId, input.friend, input.bonusPoints, input.now);
    });
    return 'linked';
  } catch (error) {
    if (isUniqueViolation(error, 'member_identities_subject_idx')) return 'taken';
    if (isUniqueViolation(error, 'member_identities_member_idx')) return 'already';
    throw error;
  }
}

const CODE_ATTEMPTS = 5;

/**
 * POST /line/register: creates the member of a pending LINE sign-in with the member information
 * given (no password, no SMS verification: buying waits for the SMS verification), links the
 * LINE user and credits the friend bonus, in one transaction. Returns the new member's id.
 */
export async function registerWithLine(
  db: Db,
  input: { pending: LinePending; payload: ChangeMemberPayload; lang: Lang; bonusPoints: number; now: Date },
): Promise<number> {
  const { pending, payload, now } = input;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const userId = await insertMember(tx, {
          ...memberInfoOf(payload),
          passHash: NO_PASSWORD,
          referralCode: generateReferralCode(),
          referredBy: null,
          rankId: (await startingRankId(tx)) ?? null,
          lang: input.lang,
        });
        await insertIdentity(tx, { userId, subject: pending.sub, displayName: pending.name, signedUp: true, now });
        await creditFriendBonus(tx, userId, pending.friend, input.bonusPoints, now);
        await enqueueMail(tx, { userId, kind: MAIL_KIND.welcome, key: `user:${userId}`, data: {} });
        return userId;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_mail_unique')) throw mailTakenError();
      if (isUniqueViolation(error, 'member_identities_subject_idx')) throw AppError.field('request', 'accounts.line_taken');
      if (isUniqueViolation(error, 'users_referral_code_unique') && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}

/** GET /line/account: the member's link, and whether unlinking leaves a password to sign in with. */
export async function lineAccount(db: Db, userId: number) {
  const link = await findMemberLink(db, userId);
  const linked = link?.linked ?? false;
  const hasPassword = link?.hasPassword ?? false;
  return { linked, displayName: link?.displayName ?? '', hasPassword, canUnlink: linked && hasPassword };
}

/** The display name of the member's linked LINE account, or null (the console's member page). */
export async function linkedLineName(db: DbOrTx, userId: number): Promise<string | null> {
  const link = await findMemberLink(db, userId);
  return link?.linked ? link.displayName || 'LINE' : null;
}

/** The member's live LINE link for the console's member page (decision 062), or null. */
export async function lineLinkForConsole(db: DbOrTx, userId: number) {
  const link = await findMemberLink(db, userId);
  if (!link?.linked || !link.linkedAt) return null;
  return { display_name: link.displayName || 'LINE', linked_at: link.linkedAt.toISOString(), has_password: link.hasPassword };
}

/** POST /line/unlink: refused while LINE is the member's only way to sign in. */
export async function unlinkLine(db: Db, userId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const hasPassword = await lockMemberPassword(tx, userId);
    if (!hasPassword) throw AppError.field('request', 'accounts.line_unlink_needs_password');
    if (!(await markUnlinked(tx, userId, now))) throw AppError.field('request', 'accounts.line_not_linked');
  });
}
