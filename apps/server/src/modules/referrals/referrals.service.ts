import { END_SMS } from '@oripa/contract/constants';
import { randomInt } from 'node:crypto';
import type { MessageParams } from '@oripa/contract/messages';
import {
  REFERRAL_BONUS_POINTS,
  REFERRAL_CODE_ALPHABET,
  REFERRAL_CODE_LENGTH,
  REFERRAL_MAX_FRIENDS,
} from '@oripa/contract/referrals';
import type { DbOrTx } from '../../db/client.ts';
import type { ErrorCode } from '../../kernel/errors.ts';
import { creditPoints, hasMadePayment } from '../wallet/wallet.service.ts';
import * as repo from './referrals.repo.ts';

const BONUS_MEMO = '友達紹介ボーナス';

/** A new referral code (8 characters, about 40 bits); the unique index catches the rare clash. */
export function generateReferralCode(): string {
  let code = '';
  for (let i = 0; i < REFERRAL_CODE_LENGTH; i += 1) {
    code += REFERRAL_CODE_ALPHABET[randomInt(REFERRAL_CODE_ALPHABET.length)];
  }
  return code;
}

export type ReferrerCheck =
  | { ok: true; referrerId: number }
  | { ok: false; code: ErrorCode; params?: MessageParams };

/**
 * Whether a friend may register with `code` (design decision 6): the code's owner completed SMS
 * verification, made at least one payment and has fewer than 25 friends. Run inside the
 * registration transaction: the owner's row stays locked until the friend is inserted, so two
 * registrations cannot both take the 25th place.
 */
export async function checkReferrer(tx: DbOrTx, code: string): Promise<ReferrerCheck> {
  const owner = await repo.lockCodeOwner(tx, code);
  if (!owner) return { ok: false, code: 'referrals.code_not_found' };
  if (owner.endSms !== END_SMS.verified || !(await hasMadePayment(tx, owner.id))) {
    return { ok: false, code: 'referrals.code_not_eligible' };
  }
  if ((await repo.countFriends(tx, owner.id)) >= REFERRAL_MAX_FRIENDS) {
    return { ok: false, code: 'referrals.code_full', params: { limit: REFERRAL_MAX_FRIENDS } };
  }
  return { ok: true, referrerId: owner.id };
}

/**
 * Grants the referral bonus when `friendId` completes SMS verification, inside that
 * transaction: 500 points to the friend and 500 to the referrer, once (the friend's row is
 * marked and both credits carry idempotency keys). The referrer's row is locked and their
 * rewarded friends counted, so the 25-friend cap holds under concurrency too. Returns whether
 * the bonus was granted.
 */
export async function grantReferralBonus(tx: DbOrTx, friendId: number, now: Date): Promise<boolean> {
  const friend = await repo.findReferrerOf(tx, friendId);
  const referrerId = friend?.referredBy ?? null;
  if (referrerId === null || friend?.rewardedAt) return false;
  if (!(await repo.lockReferrer(tx, referrerId))) return false;
  if ((await repo.countRewardedFriends(tx, referrerId)) >= REFERRAL_MAX_FRIENDS) return false;
  if (!(await repo.markRewarded(tx, friendId, now))) return false;
  const common = { amount: REFERRAL_BONUS_POINTS, reason: 'referral' as const, ref: `referral:${friendId}`, memo: BONUS_MEMO, now };
  await creditPoints(tx, { ...common, userId: friendId, idempotencyKey: `referral:${friendId}:friend` });
  await creditPoints(tx, { ...common, userId: referrerId, idempotencyKey: `referral:${friendId}:referrer` });
  return true;
}
