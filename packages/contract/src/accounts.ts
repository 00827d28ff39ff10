import { z } from 'zod';
import { consentField, optionalBirthDateField } from './play-safety.ts';
import {
  BUILDING_MAX,
  CITY_MAX,
  COUNTRY_MAX,
  MAIL_MAX,
  NAME_MAX,
  OVERSEAS_PREF_ID,
  OVERSEAS_ZIPCODE_MAX,
  STREET_MAX,
} from './account-limits.ts';
import { isJapanesePref, normalizeDigits, ZIPCODE_PATTERN } from './address.ts';
import { intField, textField } from './fields.ts';
import { normalizeReferralCode, REFERRAL_CODE_PATTERN } from './referrals.ts';

/**
 * Member accounts (spec sections 2-9): registration, login, password, member information and
 * SMS verification. Every payload below is the `json` form field of its POST; a failure answers
 * state 400 (429 when throttled) with `errors` keyed by the payload's field names.
 */

/** Field limits: defined in the zod-free account-limits.ts, which the web app imports. */
export {
  BUILDING_MAX,
  CITY_MAX,
  COUNTRY_MAX,
  MAIL_MAX,
  NAME_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SMS_CODE_LENGTH,
  STREET_MAX,
} from './account-limits.ts';

/** Passwords are 6-20 half-width letters and digits everywhere (design decision 5). */
export const PASSWORD_PATTERN = /^[A-Za-z0-9]{6,20}$/;
/** Japanese phone numbers: 10 or 11 digits from 0, no hyphen. */
export const TEL_PATTERN_JP = /^0\d{9,10}$/;
/** Overseas phone numbers: digits only, as dialled from abroad without '+'. */
export const TEL_PATTERN_OVERSEAS = /^\d{6,15}$/;
export const SMS_CODE_PATTERN = /^\d{6}$/;
/** Seconds an SMS code stays valid, and the least time between two SMS of one member. */
export const SMS_CODE_TTL_SECONDS = 600;
export const SMS_RESEND_SECONDS = 60;

/**
 * The single-use link of a password reset mail: `<shop origin>/password-reissue?token=<token>`.
 * /password-reissue shows the request form without a token and the new-password form with one;
 * that form posts POST /user/reset_password/complete and then goes to /complete-password-reissue.
 */
export const PASSWORD_RESET_PATH = '/password-reissue';
export const PASSWORD_RESET_TOKEN_PARAM = 'token';
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Mail addresses: the usual form, lower-cased. Consecutive dots and a dot before '@' are
 * accepted because older Japanese mobile-carrier addresses have them.
 */
export const MAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

// A check never aborts: object-level rules (mismatch, Japan/overseas) must still run, so every
// problem is reported at once. Format checks skip '' so an empty field reads only 'required'.
const required = 'common.required';
const when = (pattern: RegExp) => (v: string) => v === '' || pattern.test(v);

// Names and addresses go on shipping labels: no control or bidirectional characters (fields.ts).
function requiredText(max: number) {
  return textField({ error: 'common.required', printable: true }).trim().min(1, required).max(max, 'common.too_long');
}

function optionalText(max: number) {
  return textField({ printable: true }).trim().max(max, 'common.too_long').default('');
}

const mailField = textField({ error: 'common.required' })
  .trim()
  .toLowerCase()
  .min(1, required)
  .max(MAIL_MAX, 'common.too_long')
  .refine((v) => v.length > MAIL_MAX || when(MAIL_PATTERN)(v), 'accounts.mail_format');

const passwordField = textField({ error: 'common.required' })
  .min(1, required)
  .refine(when(PASSWORD_PATTERN), 'accounts.password_format');

const confirmPassField = textField({ error: 'common.required' }).min(1, required);

/** pref_id as a number: 1-47 (Japan) or 99 (overseas); the form's select may send a string. */
const prefIdField = intField({ message: 'accounts.pref_required' }).refine(
  (v) => isJapanesePref(v) || v === OVERSEAS_PREF_ID,
  'accounts.pref_required',
);

const digitsField = (max: number) =>
  textField({ error: 'common.required' }).overwrite(normalizeDigits).min(1, required).max(max, 'common.too_long');

/** The member's name, address, phone and mail: the fields of POST /user/change. */
const memberFields = {
  lastName: requiredText(NAME_MAX),
  middleName: optionalText(NAME_MAX),
  firstName: requiredText(NAME_MAX),
  tel: digitsField(20),
  mail: mailField,
  zipcode: digitsField(OVERSEAS_ZIPCODE_MAX),
  pref_id: prefIdField,
  country: optionalText(COUNTRY_MAX),
  shiku: requiredText(CITY_MAX),
  address: requiredText(STREET_MAX),
  building: optionalText(BUILDING_MAX),
};

interface AddressValues {
  pref_id: number;
  zipcode: string;
  tel: string;
  country: string;
}

/** Rules that depend on Japan or overseas: postal code, phone and country (decision 8). */
function refineAddress(v: AddressValues, ctx: z.RefinementCtx): void {
  const issue = (field: string, message: string) => ctx.addIssue({ code: 'custom', path: [field], message });
  if (isJapanesePref(v.pref_id)) {
    if (v.zipcode !== '' && !ZIPCODE_PATTERN.test(v.zipcode)) issue('zipcode', 'address.zipcode_format');
    if (v.tel !== '' && !TEL_PATTERN_JP.test(v.tel)) issue('tel', 'accounts.tel_format');
  } else if (v.pref_id === OVERSEAS_PREF_ID) {
    if (v.tel !== '' && !TEL_PATTERN_OVERSEAS.test(v.tel)) issue('tel', 'accounts.tel_format_overseas');
    if (v.country === '') issue('country', 'accounts.country_required');
  }
}

/** Both fields show the mismatch (spec section 5). */
function refinePasswords(v: { pass: string; confirmPass: string }, ctx: z.RefinementCtx): void {
  if (v.confirmPass !== '' && v.pass !== v.confirmPass) {
    ctx.addIssue({ code: 'custom', path: ['pass'], message: 'accounts.password_mismatch' });
    ctx.addIssue({ code: 'custom', path: ['confirmPass'], message: 'accounts.password_mismatch' });
  }
}

/**
 * POST /user/confirm (checks only, writes nothing; referralCode is sent empty) and POST
 * /user/append (registers, with referralCode as entered). For pref_id 1-47 country is ignored;
 * for 99 it is required and zipcode is free-form.
 */
export const registrationPayload = z
  .object({
    ...memberFields,
    pass: passwordField,
    confirmPass: confirmPassField,
    referralCode: textField()
      .overwrite(normalizeReferralCode)
      .refine((v) => v === '' || REFERRAL_CODE_PATTERN.test(v), 'referrals.code_not_found')
      .default(''),
    /** Optional here (the spec's call without it keeps working); asked before the first point purchase otherwise (decision 037). */
    birth_date: optionalBirthDateField,
    guardian_consent: consentField,
  })
  .superRefine(refineAddress)
  .superRefine(refinePasswords);
export type RegistrationPayload = z.infer<typeof registrationPayload>;
export type RegistrationInput = z.input<typeof registrationPayload>;

/** POST /user/change: the member's own information (the member comes from the session). */
export const changeMemberPayload = z.object(memberFields).superRefine(refineAddress);
export type ChangeMemberPayload = z.infer<typeof changeMemberPayload>;
export type ChangeMemberInput = z.input<typeof changeMemberPayload>;

/** POST /user/login. save_cookie '1' ('skip input next time') keeps the login for 30 days. */
export const loginPayload = z.object({
  mail: textField({ error: 'common.required' }).trim().toLowerCase().min(1, required).max(MAIL_MAX, 'common.too_long'),
  pass: textField({ error: 'common.required' }).min(1, required).max(128, 'common.too_long'),
  save_cookie: z.enum(['0', '1'], { error: 'common.invalid' }).default('0'),
});
export type LoginPayload = z.infer<typeof loginPayload>;

/** POST /user/reset_password: always state 200 for a well-formed address, member or not. */
export const resetPasswordPayload = z.object({ mail: mailField });
export type ResetPasswordPayload = z.infer<typeof resetPasswordPayload>;

const tokenField = textField({ error: 'accounts.reset_token_invalid' }).trim().max(100, 'accounts.reset_token_invalid');

/**
 * POST /user/reset_password/verify {token}: whether the link of a reset mail still works, so the
 * form can say so before the member types (state 200, or 400 with errors.token).
 */
export const resetTokenPayload = z.object({ token: tokenField });
export type ResetTokenPayload = z.infer<typeof resetTokenPayload>;

/**
 * POST /user/reset_password/complete {token, pass, confirmPass}: sets the new password with the
 * token of the mailed link; the link then no longer works and every session of the member ends.
 * A bad, used or expired token answers errors.token.
 */
export const resetPasswordCompletePayload = z
  .object({ token: tokenField, pass: passwordField, confirmPass: confirmPassField })
  .superRefine(refinePasswords);
export type ResetPasswordCompletePayload = z.infer<typeof resetPasswordCompletePayload>;

/** POST /user/change_password (member): the member's other sessions end. */
export const changePasswordPayload = z
  .object({ pass: passwordField, confirmPass: confirmPassField })
  .superRefine(refinePasswords);
export type ChangePasswordPayload = z.infer<typeof changePasswordPayload>;

/**
 * POST /user/send_sms {tel} (member): sends a 6-digit code to tel. Every refusal (bad number,
 * already verified, number verified on another account, throttled) is under errors.user_id
 * (design decision 6); throttling is state 429.
 */
export const sendSmsPayload = z.object({
  tel: textField({ error: 'common.required' }).overwrite(normalizeDigits).max(20, 'common.too_long'),
});
export type SendSmsPayload = z.infer<typeof sendSmsPayload>;

/** Answer of POST /user/send_sms: seconds the code stays valid and until the next send. */
export const sendSmsResponse = z.object({ expires_in: z.number().int(), resend_in: z.number().int() });
export type SendSmsResponse = z.infer<typeof sendSmsResponse>;

/** Answer of POST /user/check_sms: the member's phone is now verified. */
export const checkSmsResponse = z.object({ end_sms: z.literal(1) });
export type CheckSmsResponse = z.infer<typeof checkSmsResponse>;

/** POST /user/check_sms {sms_code} (member): refusals under errors.sms_code. */
export const checkSmsPayload = z.object({
  sms_code: textField({ error: 'accounts.sms_code_format' })
    .overwrite(normalizeDigits)
    .regex(SMS_CODE_PATTERN, 'accounts.sms_code_format'),
});
export type CheckSmsPayload = z.infer<typeof checkSmsPayload>;

/**
 * GET /user/detail (member), fields at top level of the envelope. availablePoint is the point
 * balance. Rank: rank_name and rank_coin (coins that keep the rank) of the current rank;
 * rank_current_price is the yen spent on points this month (Japan time), rank_max_price the
 * monthly spend that reaches the next rank (the current rank's own threshold at the top);
 * next_month / next_month_name the rank this month's spend earns for next month.
 * is_rank_maintained: whether the rank-maintenance button shows: the current rank can be kept
 * with coins (rank_coin above 0), this month's spend does not already keep it, and it is not
 * kept yet (POST /user/buy_rank; once kept, next_month is the current rank).
 */
export const userDetailResponse = z.object({
  lastName: z.string(),
  middleName: z.string(),
  firstName: z.string(),
  tel: z.string(),
  mail: z.string(),
  zipcode: z.string(),
  pref_id: z.number().int(),
  pref_name: z.string(),
  country: z.string(),
  shiku: z.string(),
  address: z.string(),
  building: z.string(),
  availablePoint: z.number().int(),
  end_sms: z.union([z.literal(0), z.literal(1)]),
  referral_code: z.string(),
  rank_name: z.string(),
  rank_coin: z.string(),
  rank_max_price: z.number().int(),
  rank_current_price: z.number().int(),
  is_rank_maintained: z.boolean(),
  next_month_name: z.string(),
  next_month: z.string(),
});
export type UserDetail = z.infer<typeof userDetailResponse>;

/** Failed logins that lock an address, and an IP, for LOGIN_LOCK_MINUTES (see README). */
export const LOGIN_MAX_FAILURES_PER_MAIL = 5;
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_LOCK_MINUTES = 15;
