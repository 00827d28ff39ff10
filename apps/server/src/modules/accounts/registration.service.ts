import type { RegistrationPayload } from '@oripa/contract/accounts';
import { isJapanesePref } from '@oripa/contract/address';
import { STATE, type Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, type FieldMessage } from '../../http/errors.ts';
import { startingRankId } from '../ranks/ranks.service.ts';
import { checkReferrer, generateReferralCode } from '../referrals/referrals.service.ts';
import { insertMember, mailTaken, type MemberInfo } from './accounts.repo.ts';
import { hashPassword } from './passwords.ts';

/** The stored form of the name/address fields: an address in Japan keeps no country. */
export function memberInfoOf(p: Omit<MemberInfo, 'prefId'> & { pref_id: number }): MemberInfo {
  return {
    lastName: p.lastName,
    middleName: p.middleName,
    firstName: p.firstName,
    tel: p.tel,
    mail: p.mail,
    zipcode: p.zipcode,
    prefId: p.pref_id,
    country: isJapanesePref(p.pref_id) ? '' : p.country,
    shiku: p.shiku,
    address: p.address,
    building: p.building,
  };
}

export function mailTakenError(): AppError {
  return AppError.field(STATE.validation, 'mail', 'accounts.mail_taken');
}

/** Problems only the database can tell: the address in use, a referral code that cannot be used. */
async function registrationProblems(tx: DbOrTx, p: RegistrationPayload) {
  const fields: Record<string, FieldMessage[]> = {};
  if (await mailTaken(tx, p.mail)) fields.mail = [{ code: 'accounts.mail_taken' }];
  let referrerId: number | null = null;
  if (p.referralCode !== '') {
    const check = await checkReferrer(tx, p.referralCode);
    if (check.ok) referrerId = check.referrerId;
    else fields.referralCode = [check.params ? { code: check.code, params: check.params } : { code: check.code }];
  }
  return { fields, referrerId };
}

/**
 * POST /user/confirm: everything /user/append would check, writing nothing. The schema has
 * checked the fields; here the address must be free and a referral code (when one is sent)
 * usable.
 */
export async function confirmRegistration(db: Db, payload: RegistrationPayload): Promise<void> {
  const { fields } = await db.transaction((tx) => registrationProblems(tx, payload));
  if (Object.keys(fields).length > 0) throw new AppError(STATE.validation, fields);
}

const CODE_ATTEMPTS = 5;

/**
 * POST /user/append: creates the member (lowest rank, a new referral code, the referrer when a
 * usable code was entered) and returns the id. Two registrations with one address: the unique
 * index lets one through and the other gets the `mail` error.
 */
export async function register(db: Db, payload: RegistrationPayload, lang: Lang): Promise<number> {
  const passHash = await hashPassword(payload.pass);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const { fields, referrerId } = await registrationProblems(tx, payload);
        if (Object.keys(fields).length > 0) throw new AppError(STATE.validation, fields);
        return insertMember(tx, {
          ...memberInfoOf(payload),
          passHash,
          referralCode: generateReferralCode(),
          referredBy: referrerId,
          rankId: (await startingRankId(tx)) ?? null,
          lang,
        });
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_mail_unique')) throw mailTakenError();
      if (isUniqueViolation(error, 'users_referral_code_unique') && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}
