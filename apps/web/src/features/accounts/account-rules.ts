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

/** Characters a hyphen in 「100-0001」 may be typed as (ASCII, dashes, minus, the IME's long mark). */
const ZIP_HYPHEN = '[-\u2010-\u2015\u2212\u30fc\uff0d]';
const HYPHENATED_ZIPCODE = new RegExp(`^(\\d{3})${ZIP_HYPHEN}?(\\d{4})$`);

/**
 * A Japanese postal code as the shop keeps it (issue 15): full-width digits become half-width and
 * 「100-0001」 (any hyphen after the third digit) becomes 1000001; anything else is returned as
 * typed (NFKC, trimmed) for the server to judge.
 */
export function normalizeZipcode(value: string): string {
  const text = value.normalize('NFKC').trim();
  const match = HYPHENATED_ZIPCODE.exec(text);
  return match ? `${match[1]}${match[2]}` : text;
}

/** Characters the Japanese postal code field takes: 7 digits and a hyphen. */
export const ZIPCODE_INPUT_MAX = ZIPCODE_LENGTH + 1;

/** The postal code as the lookup needs it (normalizeZipcode), or null when it is not 7 digits. */
export function lookupableZipcode(value: string): string | null {
  const code = normalizeZipcode(value);
  return code.length === ZIPCODE_LENGTH && /^\d+$/.test(code) ? code : null;
}

/** True when Enter only confirms an IME conversion and must not submit (keyCode 229: Safari). */
export function isImeEnter(event: { nativeEvent: KeyboardEvent; keyCode: number }): boolean {
  return event.nativeEvent.isComposing || event.keyCode === 229;
}
