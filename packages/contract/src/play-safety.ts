import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';

/**
 * Age and spending safety (issue 26): the member's birth date, the guardian's consent of a
 * minor, and the monthly point-purchase caps for minors the operator sets (decision 037).
 */

/** Age of majority in Japan since 2022 (民法 4). */
export const ADULT_AGE = 18;
/** The younger band of minors' caps: under this age the lower cap applies. */
export const YOUNG_MINOR_AGE = 16;
/** Caps (yen, tax included) a month until the operator sets others; the game industry's norms. */
export const DEFAULT_MINOR_CAPS = { under16: 5000, under18: 20000 } as const;
/** The largest cap the console accepts (yen a month). */
export const MINOR_CAP_MAX = 1_000_000;
/** Oldest birth date accepted: nobody buying points is older than this. */
export const MAX_AGE_YEARS = 120;

const BIRTH_DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar day written YYYY-MM-DD (no 2025-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = BIRTH_DATE_PATTERN.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** A birth date as an `<input type="date">` sends it; the range against today is the server's check. */
export const birthDateField = textField()
  .trim()
  .refine((v) => v !== '', 'safety.birth_date_required')
  .refine((v) => v === '' || isCalendarDate(v), 'safety.birth_date_format');

/** Registration's optional birth date: '' (not given; asked before the first point purchase) or a real date. */
export const optionalBirthDateField = textField()
  .trim()
  .refine((v) => v === '' || isCalendarDate(v), 'safety.birth_date_format')
  .default('');

/** '1' when the member confirms a parent or guardian consents (asked of members under 18). */
export const consentField = z.enum(['0', '1'], { error: 'common.invalid' }).default('0');

/** POST /user/birth_date: recorded once; a minor must confirm the guardian's consent. */
export const birthDatePayload = z.object({ birth_date: birthDateField, guardian_consent: consentField });
export type BirthDatePayload = z.infer<typeof birthDatePayload>;

/** What the member sees of their age and this month's cap (GET /user/play_safety). */
export const ageStatusSchema = z.object({
  /** YYYY-MM-DD, or null when not given yet (asked before the next point purchase). */
  birth_date: z.string().nullable(),
  age: z.number().int().nullable(),
  minor: z.boolean(),
  guardian_consent_at: z.string().nullable(),
  /** Yen a month this member may spend on points (minors), or null: no age cap. */
  monthly_cap: z.number().int().nullable(),
  /** Yen of point purchases started this month (Japan time), pending or paid. */
  spent_this_month: z.number().int(),
  /** Yen left under the cap this month, or null: no age cap. */
  cap_left: z.number().int().nullable(),
  /** When the month (and the cap) starts again: the 1st, 00:00 Japan time (ISO). */
  resets_at: z.string(),
});
export type AgeStatus = z.infer<typeof ageStatusSchema>;
export const ageStatusResponse = z.object({ play_safety: ageStatusSchema });

/** The operator's caps for minors (yen a month); 0 refuses point purchases in that band. */
export const minorCapsSchema = z.object({
  under16: intField({ min: 0, max: MINOR_CAP_MAX, message: 'admin.minor_cap_range' }),
  under18: intField({ min: 0, max: MINOR_CAP_MAX, message: 'admin.minor_cap_range' }),
});
export type MinorCaps = z.output<typeof minorCapsSchema>;
export const minorCapsResponse = z.object({ caps: z.object({ under16: z.number().int(), under18: z.number().int() }) });

/** Support corrects a member's birth date (the member cannot): a reason is required and audited. */
export const adminBirthDatePayload = z.object({
  user_id: idField(),
  birth_date: birthDateField,
  reason: textField()
    .trim()
    .min(1, 'common.required')
    .max(500, 'common.too_long'),
});
export type AdminBirthDatePayload = z.infer<typeof adminBirthDatePayload>;
