/**
 * Limits of the account forms, as the contract's schemas check them. They live in the contract's
 * zod-free account-limits module (the schema modules accounts, address and referrals re-export
 * them), so importing them here does not load zod into the web app.
 */
export {
  BUILDING_MAX,
  CITY_MAX,
  COUNTRY_MAX,
  MAIL_MAX,
  NAME_MAX,
  OVERSEAS_PREF_ID,
  OVERSEAS_ZIPCODE_MAX,
  PASSWORD_MAX,
  REFERRAL_CODE_LENGTH,
  SMS_CODE_LENGTH,
  STREET_MAX,
} from '@oripa/contract/account-limits';

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
