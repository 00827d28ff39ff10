/**
 * Field limits and fixed values of the account, address and referral forms, free of zod so the
 * web app can import them (for its inputs' maxLength) without loading the schema library. The
 * schemas of accounts.ts, address.ts and referrals.ts use these same constants and re-export
 * them, so each is defined here only.
 *
 * Keep this module free of imports: it is loaded by both the schemas and the web app.
 */

/** Member name parts (last, middle, first name), each. */
export const NAME_MAX = 50;
export const MAIL_MAX = 254;
/** City (shiku), street (address) and building of an address. */
export const CITY_MAX = 100;
export const STREET_MAX = 100;
export const BUILDING_MAX = 100;
/** Country of an overseas address. */
export const COUNTRY_MAX = 60;
/** Passwords are 6-20 half-width letters and digits everywhere (design decision 5). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 20;
/** Digits of an SMS verification code. */
export const SMS_CODE_LENGTH = 6;

/** pref_id of an overseas address (the English-mode form); Japanese prefectures are 1-47. */
export const OVERSEAS_PREF_ID = 99;
/** Longest overseas postal code accepted. */
export const OVERSEAS_ZIPCODE_MAX = 20;

/** Characters of a referral code. */
export const REFERRAL_CODE_LENGTH = 8;
