import { END_SMS } from '@oripa/contract/constants';
import {
  SMS_CODE_TTL_SECONDS,
  SMS_RESEND_SECONDS,
  TEL_PATTERN_JP,
  TEL_PATTERN_OVERSEAS,
  type SendSmsResponse,
} from '@oripa/contract/accounts';
import { isJapanesePref } from '@oripa/contract/address';
import type { MessageParams } from '@oripa/contract/messages';
import type { Lang } from '@oripa/contract/states';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, type ErrorCode } from '../../kernel/errors.ts';
import type { SmsProvider } from '../notifications/providers.ts';
import { grantReferralBonus } from '../referrals/referrals.service.ts';
import { lockThrottleKeys } from '../throttle/throttle.service.ts';
import { lockMember, markPhoneVerified, telVerifiedElsewhere } from './accounts.repo.ts';
import { smsCodeText } from './mail-texts.ts';
import * as codes from './sms-codes.repo.ts';
import { digestsEqual, newSalt, newSmsCode, smsCodeDigest } from './tokens.ts';

/** Sends per member, and per phone number, within an hour. */
export const SMS_PER_HOUR = 5;
/** Wrong entries a code allows. */
export const SMS_MAX_ATTEMPTS = 5;

const HOUR_MS = 60 * 60 * 1000;

function sendRefused(code: ErrorCode, params?: MessageParams): AppError {
  return AppError.field('user_id', code, params);
}

/**
 * POST /user/send_sms: sends a new 6-digit code to `tel` (it replaces earlier codes). Refusals
 * come under user_id (decision 6): a malformed number, a member already verified, a number
 * verified on another account; throttled (state 429) to one SMS a minute and 5 an hour per
 * member and per number.
 */
export async function sendSmsCode(
  db: Db,
  sms: SmsProvider,
  input: { userId: number; tel: string; lang: Lang; now: Date },
): Promise<SendSmsResponse> {
  const { userId, tel, now } = input;
  const code = newSmsCode();
  await db.transaction(async (tx) => {
    const member = await lockMember(tx, userId); // one send of a member at a time
    if (!member) throw AppError.loginRequired();
    const japan = isJapanesePref(member.prefId);
    if (!(japan ? TEL_PATTERN_JP : TEL_PATTERN_OVERSEAS).test(tel)) {
      throw sendRefused(japan ? 'accounts.tel_format' : 'accounts.tel_format_overseas');
    }
    if (member.endSms === END_SMS.verified) throw sendRefused('accounts.sms_already_verified');
    if (await telVerifiedElsewhere(tx, tel, userId)) throw sendRefused('accounts.tel_taken');
    // Members sending to one number decide one after another, so 5 an hour per number holds
    // under parallel requests (the member's row lock above covers the per-member limits).
    await lockThrottleKeys(tx, [`sms-tel:${tel}`]);
    const hourAgo = new Date(now.getTime() - HOUR_MS);
    const sent = await codes.memberSendTimes(tx, userId, hourAgo);
    const last = sent[0];
    const wait = last ? Math.ceil((last.getTime() + SMS_RESEND_SECONDS * 1000 - now.getTime()) / 1000) : 0;
    if (wait > 0) throw sendRefused('accounts.sms_wait', { seconds: wait });
    if (sent.length >= SMS_PER_HOUR || (await codes.countSendsToTel(tx, tel, hourAgo)) >= SMS_PER_HOUR) {
      throw sendRefused('accounts.sms_throttled');
    }
    await codes.voidOpenCodes(tx, userId, now);
    const salt = newSalt();
    await codes.insertSmsCode(tx, {
      userId,
      tel,
      codeHash: smsCodeDigest(salt, code),
      salt,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
      createdAt: now,
    });
  });
  try {
    await sms.send({ to: tel, text: smsCodeText(input.lang, code), userId });
  } catch {
    await codes.voidOpenCodes(db, userId, now);
    throw sendRefused('accounts.sms_send_failed');
  }
  return { expires_in: SMS_CODE_TTL_SECONDS, resend_in: SMS_RESEND_SECONDS };
}

type CheckOutcome = 'verified' | 'wrong' | 'expired' | 'locked' | 'verified_before' | 'tel_taken';

const OUTCOME_MESSAGES: Record<Exclude<CheckOutcome, 'verified'>, ErrorCode> = {
  wrong: 'accounts.sms_code_wrong',
  expired: 'accounts.sms_code_expired',
  locked: 'accounts.sms_code_locked',
  verified_before: 'accounts.sms_already_verified',
  tel_taken: 'accounts.tel_taken',
};

/**
 * POST /user/check_sms: checks the code of the member's latest SMS. Right: the phone that got
 * it becomes the member's verified phone (end_sms 1) and the referral bonus is granted, in one
 * transaction. Wrong: the attempt is counted (5 per code). Refusals come under sms_code.
 */
export async function checkSmsCode(
  db: Db,
  input: { userId: number; code: string; now: Date },
): Promise<void> {
  const { userId, code, now } = input;
  let outcome: CheckOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<CheckOutcome> => {
      const member = await lockMember(tx, userId); // concurrent checks of one member queue here
      if (!member) throw AppError.loginRequired();
      if (member.endSms === END_SMS.verified) return 'verified_before';
      const row = await codes.lockLatestOpenCode(tx, userId);
      if (!row || row.expiresAt <= now) return 'expired';
      if (row.attempts >= SMS_MAX_ATTEMPTS) return 'locked';
      if (!digestsEqual(row.codeHash, smsCodeDigest(row.salt, code))) {
        await codes.countAttempt(tx, row.id);
        return 'wrong';
      }
      await codes.markCodeUsed(tx, row.id, now);
      if (await telVerifiedElsewhere(tx, row.tel, userId)) return 'tel_taken';
      if (!(await markPhoneVerified(tx, userId, row.tel))) return 'verified_before';
      await grantReferralBonus(tx, userId, now);
      return 'verified';
    });
  } catch (error) {
    // Another account verified the same number at the same moment: the unique index decides.
    if (isUniqueViolation(error, 'users_verified_tel_idx')) outcome = 'tel_taken';
    else throw error;
  }
  if (outcome !== 'verified') throw AppError.field('sms_code', OUTCOME_MESSAGES[outcome]);
}

/** Sweeper job: drops codes older than a day (the throttle looks back an hour). */
export function deleteOldSmsCodes(db: Db, now: Date): Promise<number> {
  return codes.deleteCodesBefore(db, new Date(now.getTime() - 24 * HOUR_MS));
}
