import type {
  NAME_MAX as NameMax,
  MAIL_MAX as MailMax,
  CITY_MAX as CityMax,
  STREET_MAX as StreetMax,
  BUILDING_MAX as BuildingMax,
  COUNTRY_MAX as CountryMax,
  PASSWORD_MAX as PasswordMax,
  SMS_CODE_LENGTH as SmsCodeLength,
} from '@oripa/contract/accounts';
import type {
  OVERSEAS_PREF_ID as OverseasPrefId,
  OVERSEAS_ZIPCODE_MAX as OverseasZipMax,
} from '@oripa/contract/address';
import type { REFERRAL_CODE_LENGTH as ReferralCodeLength } from '@oripa/contract/referrals';

/**
 * Limits of the account forms. The contract modules hold them next to their zod schemas, which
 * the web app does not load; the literal types below keep these copies equal to the contract's
 * (a change there fails the type check here).
 */
export const NAME_MAX: typeof NameMax = 50;
export const MAIL_MAX: typeof MailMax = 254;
export const CITY_MAX: typeof CityMax = 100;
export const STREET_MAX: typeof StreetMax = 100;
export const BUILDING_MAX: typeof BuildingMax = 100;
export const COUNTRY_MAX: typeof CountryMax = 60;
export const PASSWORD_MAX: typeof PasswordMax = 20;
export const SMS_CODE_LENGTH: typeof SmsCodeLength = 6;
export const OVERSEAS_PREF_ID: typeof OverseasPrefId = 99;
export const OVERSEAS_ZIPCODE_MAX: typeof OverseasZipMax = 20;
export const REFERRAL_CODE_LENGTH: typeof ReferralCodeLength = 8;
/** Japanese postal codes: 7 digits without hyphen (spec sections 5 and 9). */
export const ZIPCODE_LENGTH = 7;
/** Longest Japanese phone number (11 digits) and overseas one (15). */
export const TEL_MAX_JP = 11;
export const TEL_MAX_OVERSEAS = 15;

/**
 * The postal code as the lookup needs it, or null when it is not 7 digits: full-width digits
 * typed with an IME become half-width.
 */
export function lookupableZipcode(value: string): string | null {
  const code = value.normalize('NFKC').trim();
  return code.length === ZIPCODE_LENGTH && /^\d+$/.test(code) ? code : null;
}

/** True when Enter only confirms an IME conversion and must not submit (keyCode 229: Safari). */
export function isImeEnter(event: { nativeEvent: KeyboardEvent; keyCode: number }): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}
