import type { RegistrationPayload } from '@oripa/contract/accounts';
import { isJapanesePref } from '@oripa/contract/address';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError, type FieldError } from '../../kernel/errors.ts';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { enqueueMail } from '../notifications/mail-outbox.ts';
import { startingRankId } from '../ranks/ranks.service.ts';
import { checkReferrer, generateReferralCode } from '../referrals/referrals.service.ts';
import { checkBirthDate, recordBirthDate } from '../safety/safety.service.ts';
import { takeHit } from '../throttle/throttle.service.ts';
import { insertMember, mailTaken, type MemberInfo } from './accounts.repo.ts';
import { hashPassword } from '../../kernel/passwords.ts';

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
  return AppError.field('mail', 'accounts.mail_taken');
}

/** Who calls a registration step: the client IP (Fastify's request.ip) and the hourly limit. */
export interface RegistrationClient {
  ip: string;
  /** Calls per IP an hour; 0 means no limit (REGISTRATIONS_PER_IP_HOUR). */
  perHour: number;
  now: Date;
}

const REGISTRATION_RULE = { scope: 'registration-ip', windowMs: 60 * 60 * 1000 };

/**
 * Counts a /user/confirm or /user/append call against its IP's hourly limit (atomically: parallel
 * calls cannot all pass) and refuses it with state 429 over the limit.
 */
async function countRegistrationCall(db: Db, client: RegistrationClient): Promise<void> {
  if (client.perHour === 0) return;
  if (!(await takeHit(db, { ...REGISTRATION_RULE, max: client.perHour }, client.ip, client.now))) {
    throw AppError.field('mail', 'accounts.registration_throttled');
  }
}

/** Problems only the database can tell: the address in use, a referral code that cannot be used. */
async function registrationProblems(tx: DbOrTx, p: RegistrationPayload) {
  const fields: Record<string, FieldError[]> = {};
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
export async function confirmRegistration(db: Db, payload: RegistrationPayload, client: RegistrationClient): Promise<void> {
  await countRegistrationCall(db, client);
  birthDateCheck(payload, client.now);
  const { fields } = await db.transaction((tx) => registrationProblems(tx, payload));
  if (Object.keys(fields).length > 0) throw AppError.fields(fields);
}

/** A birth date given at registration follows the rules of one given later (range, a minor's consent). */
function birthDateCheck(payload: RegistrationPayload, now: Date): void {
  if (payload.birth_date !== '') checkBirthDate({ birth_date: payload.birth_date, guardian_consent: payload.guardian_consent }, now);
}

const CODE_ATTEMPTS = 5;

/**
 * POST /user/append: creates the member (lowest rank, a new referral code, the referrer when a
 * usable code was entered) and returns the id. Two registrations with one address: the unique
 * index lets one through and the other gets the `mail` error.
 */
export async function register(db: Db, payload: RegistrationPayload, lang: Lang, client: RegistrationClient): Promise<number> {
  await countRegistrationCall(db, client);
  birthDateCheck(payload, client.now);
  const passHash = await hashPassword(payload.pass);
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction(async (tx) => {
        const { fields, referrerId } = await registrationProblems(tx, payload);
        if (Object.keys(fields).length > 0) throw AppError.fields(fields);
        const userId = await insertMember(tx, {
          ...memberInfoOf(payload),
          passHash,
          referralCode: generateReferralCode(),
          referredBy: referrerId,
          rankId: (await startingRankId(tx)) ?? null,
          lang,
        });
        if (payload.birth_date !== '') {
          await recordBirthDate(tx, userId, { birth_date: payload.birth_date, guardian_consent: payload.guardian_consent }, client.now);
        }
        await enqueueMail(tx, { userId, kind: MAIL_KIND.welcome, key: `user:${userId}`, data: {} });
        return userId;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_mail_unique')) throw mailTakenError();
      if (isUniqueViolation(error, 'users_referral_code_unique') && attempt < CODE_ATTEMPTS) continue;
      throw error;
    }
  }
}
