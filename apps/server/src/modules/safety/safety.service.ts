import { FLAG } from '@oripa/contract/constants';
import type { AgeStatus, BirthDatePayload } from '@oripa/contract/play-safety';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { pointSpending } from '../payments/spending.service.ts';
import { minorCaps } from '../settings/settings.service.ts';
import { ageOn, birthDateInRange, capRefusal, formatJst, isMinor, jstMonth, monthlyCapFor } from './age-rules.ts';
import { assertNotPaused, assertWithinOwnLimits } from './limits.service.ts';
import { hasSmsHold } from '../../db/member-pause.ts';
import { findLimits } from './limits.repo.ts';
import { findMemberAge, insertMemberAge, lockMemberAge, upsertMemberAgeByOperator, type MemberAgeRow } from './safety.repo.ts';

/**
 * Age and spending safety (issue 26, decision 037). A member enters a birth date once (at
 * registration or before the first point purchase); a member under 18 confirms a guardian's
 * consent, which is recorded with its time. Point purchases of minors are capped a month
 * (Japan time) by the operator's caps; the cap is checked in the payment start's transaction
 * under the member's age-row lock.
 */

/** Refuses a birth date out of range, or a minor's without the guardian's consent; answers the consent's time. */
function consentFor(birthDate: string, consent: (typeof FLAG)[keyof typeof FLAG], now: Date): Date | null {
  if (!birthDateInRange(birthDate, now)) throw AppError.field('birth_date', 'safety.birth_date_range');
  if (!isMinor(ageOn(birthDate, now))) return null;
  if (consent !== FLAG.yes) throw AppError.field('guardian_consent', 'safety.consent_required');
  return now;
}

/** Checks a birth date given at registration before the member exists (nothing is written). */
export function checkBirthDate(payload: BirthDatePayload, now: Date): void {
  consentFor(payload.birth_date, payload.guardian_consent, now);
}

/**
 * Records the member's birth date (POST /user/birth_date, or registration in its transaction).
 * Once recorded it cannot be changed by the member: a second call is refused.
 */
export async function recordBirthDate(db: DbOrTx, userId: number, payload: BirthDatePayload, now: Date): Promise<void> {
  const guardianConsentAt = consentFor(payload.birth_date, payload.guardian_consent, now);
  const inserted = await insertMemberAge(db, { userId, birthDate: payload.birth_date, guardianConsentAt, now });
  if (!inserted) throw AppError.field('birth_date', 'safety.birth_date_locked');
}

async function statusOf(db: DbOrTx, userId: number, row: MemberAgeRow | undefined, now: Date): Promise<AgeStatus> {
  const month = jstMonth(now);
  const spent = await pointSpending(db, userId, month.start, month.next);
  const age = row ? ageOn(row.birthDate, now) : null;
  const cap = age === null ? null : monthlyCapFor(age, await minorCaps(db));
  return {
    birth_date: row?.birthDate ?? null,
    age,
    minor: age !== null && isMinor(age),
    guardian_consent_at: row?.guardianConsentAt?.toISOString() ?? null,
    monthly_cap: cap,
    spent_this_month: spent,
    cap_left: cap === null ? null : Math.max(0, cap - spent),
    resets_at: month.next.toISOString(),
  };
}

/** GET /user/play_safety: the member's birth date, age band cap and this month's spending. */
export async function ageStatus(db: Db, userId: number, now: Date): Promise<AgeStatus> {
  return statusOf(db, userId, await findMemberAge(db, userId), now);
}

/**
 * Inside a payment start's transaction, before the order is written: locks the member's age
 * row (parallel starts of one member, from any tab or instance, queue here), then refuses the
 * purchase during a time-out or self-exclusion (decision 043), before a member who signed up
 * through LINE has verified a phone by SMS (decision 057), when no birth date is recorded,
 * when `amount` yen would pass the minor's cap of this Japan-time month, or the member's own
 * daily or monthly limit, counting pending and paid purchases.
 */
export async function assertMayBuyPoints(tx: DbOrTx, userId: number, amount: number, now: Date, extra: Record<string, unknown> = {}): Promise<void> {
  const row = await lockMemberAge(tx, userId);
  const limits = await findLimits(tx, userId);
  assertNotPaused(limits, now, extra);
  if (await hasSmsHold(tx, userId)) throw AppError.field('payment', 'accounts.sms_required', undefined, extra);
  if (!row) throw AppError.field('birth_date', 'safety.birth_date_required', undefined, extra);
  const month = jstMonth(now);
  let monthSpent: number | undefined;
  const spentThisMonth = async () => (monthSpent ??= await pointSpending(tx, userId, month.start, month.next));
  const cap = monthlyCapFor(ageOn(row.birthDate, now), await minorCaps(tx));
  const refusal = cap === null ? null : capRefusal(cap, await spentThisMonth(), amount);
  if (cap !== null && refusal) {
    const params = { cap: cap.toLocaleString('en-US'), left: refusal.left.toLocaleString('en-US'), reset: formatJst(month.next) };
    throw AppError.field('payment', 'safety.minor_cap_reached', params, extra);
  }
  await assertWithinOwnLimits(tx, userId, limits, amount, now, spentThisMonth, extra);
}

/** Support corrects a member's birth date (the member cannot), with the reason in the audit log. */
export async function correctBirthDate(db: Db, actor: Actor, userId: number, birthDate: string, reason: string, now: Date): Promise<void> {
  if (!birthDateInRange(birthDate, now)) throw AppError.field('birth_date', 'safety.birth_date_range');
  await db.transaction(async (tx) => {
    const before = await lockMemberAge(tx, userId);
    await upsertMemberAgeByOperator(tx, userId, birthDate, now);
    await recordAudit(tx, actor, {
      action: 'member.birth_date',
      target: `user:${userId}`,
      before: before ? { birth_date: before.birthDate } : null,
      after: { birth_date: birthDate, reason },
    });
  });
}
