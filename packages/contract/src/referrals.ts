/**
 * Referrals (spec sections 6 and 9, design decision 6). Every member has a referral code; a
 * friend enters it at registration. Only members who completed SMS verification and made at
 * least one payment may refer, up to REFERRAL_MAX_FRIENDS friends. When the friend completes
 * SMS verification, both receive REFERRAL_BONUS_POINTS points, once.
 */
export const REFERRAL_BONUS_POINTS = 500;
export const REFERRAL_MAX_FRIENDS = 25;

/** Referral codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I). */
export const REFERRAL_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export { REFERRAL_CODE_LENGTH } from './account-limits.ts';
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

/** A code as typed: spaces dropped, full-width and lower case letters accepted. */
export function normalizeReferralCode(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}
