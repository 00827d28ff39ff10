import { END_SMS } from '@oripa/contract/constants';
import type { ChangeMemberPayload, UserDetail } from '@oripa/contract/accounts';
import { OVERSEAS_PREF_ID, OVERSEAS_PREF_NAME } from '@oripa/contract/address';
import type { Lang } from '@oripa/contract/states';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, type FieldError } from '../../kernel/errors.ts';
import { memberRankFields } from '../ranks/ranks.service.ts';
import { memberRecord } from '../users/users.service.ts';
import { findLogin, lockMember, mailTaken, updateMemberInfo } from './accounts.repo.ts';
import { mailTakenError, memberInfoOf } from './registration.service.ts';
import { voidOpenCodes } from './sms-codes.repo.ts';

/** GET /user/detail: the member's own information, balance, referral code and rank standing. */
export async function memberDetail(db: Db, userId: number, lang: Lang, now: Date): Promise<UserDetail> {
  const row = await memberRecord(db, userId);
  if (!row) throw AppError.loginRequired();
  const rank = await memberRankFields(db, userId, row.rankId, lang, now);
  const prefName =
    row.prefId === OVERSEAS_PREF_ID
      ? OVERSEAS_PREF_NAME[lang]
      : ((lang === 'en' ? row.prefNameEn : row.prefName) ?? '');
  return {
    lastName: row.lastName,
    middleName: row.middleName,
    firstName: row.firstName,
    tel: row.tel,
    mail: row.mail,
    zipcode: row.zipcode,
    pref_id: row.prefId,
    pref_name: prefName,
    country: row.country,
    shiku: row.shiku,
    address: row.address,
    building: row.building,
    availablePoint: row.pointBalance,
    end_sms: row.endSms === END_SMS.verified ? END_SMS.verified : END_SMS.unverified,
    referral_code: row.referralCode,
    ...rank,
  };
}

/**
 * POST /user/change: the member's own name, address, phone and mail. A phone verified by SMS
 * cannot change (decision 7); a new address must be free. Changing an unverified phone voids
 * codes sent to the old one.
 */
export async function changeMember(
  db: Db,
  userId: number,
  payload: ChangeMemberPayload,
  now: Date,
): Promise<void> {
  const info = memberInfoOf(payload);
  try {
    await db.transaction(async (tx) => {
      const member = await lockMember(tx, userId);
      if (!member) throw AppError.loginRequired();
      const fields: Record<string, FieldError[]> = {};
      if (member.endSms === END_SMS.verified && info.tel !== member.tel)
        fields.tel = [{ code: 'accounts.tel_locked' }];
      if (info.mail !== member.mail && (await mailTaken(tx, info.mail, userId)))
        fields.mail = [{ code: 'accounts.mail_taken' }];
      if (Object.keys(fields).length > 0) throw AppError.fields(fields);
      await updateMemberInfo(tx, userId, info);
      if (member.endSms === END_SMS.unverified && info.tel !== member.tel)
        await voidOpenCodes(tx, userId, now);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_mail_unique')) throw mailTakenError();
    throw error;
  }
}

/** The member with this address (any case), for operator commands. */
export async function memberIdByMail(db: Db, mail: string): Promise<number | undefined> {
  return (await findLogin(db, mail.trim().toLowerCase()))?.id;
}
