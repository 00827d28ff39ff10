import { z } from 'zod';
import { textField } from './fields.ts';

/**
 * Addresses (spec sections 3 and 5, design decision 8). Japanese addresses name a prefecture
 * (pref_id 1-47, see GET /user/pref_list) and a 7-digit postal code without hyphen; an overseas
 * address (the English-mode form) has pref_id 99, a free-form postal code and a country.
 */
export const PREF_ID_MIN = 1;
export const PREF_ID_MAX = 47;
/**
 * pref_id 99 of an overseas address and its longest postal code: defined in the zod-free
 * account-limits.ts, which the web app imports.
 */
export { OVERSEAS_PREF_ID, OVERSEAS_ZIPCODE_MAX } from './account-limits.ts';

/** What GET /user/detail shows as pref_name for an overseas address. */
export const OVERSEAS_PREF_NAME = { ja: '海外', en: 'Overseas' } as const;

export const ZIPCODE_PATTERN = /^\d{7}$/;

export function isJapanesePref(prefId: number): boolean {
  return Number.isInteger(prefId) && prefId >= PREF_ID_MIN && prefId <= PREF_ID_MAX;
}

/** Full-width digits and hyphens typed with a Japanese IME become half-width. */
export function normalizeDigits(value: string): string {
  return value.normalize('NFKC').trim();
}

/**
 * POST /address/zipcode {zipcode}: the postal code, 7 digits (a hyphen after the third digit
 * and full-width digits are accepted and ignored).
 */
export const zipcodePayload = z.object({
  zipcode: textField({ error: 'common.required' })
    .overwrite((v) => normalizeDigits(v).replace(/^(\d{3})[-ー－‐](\d{4})$/, '$1$2'))
    .min(1, 'common.required')
    .regex(ZIPCODE_PATTERN, 'address.zipcode_format'),
});
export type ZipcodePayload = z.infer<typeof zipcodePayload>;

/**
 * One address a postal code stands for: prefcode is the prefecture id (1-47), address2 the city
 * (市区町村, e.g. '渋谷区'), address3 the town (町域, e.g. '神宮前', '' when the code covers the
 * whole city). The registration form fills pref_id with prefcode and shiku with
 * address2 + address3. A code can stand for several towns (rarely in two prefectures).
 */
export const zipcodeEntrySchema = z.object({
  prefcode: z.number().int(),
  address2: z.string(),
  address3: z.string(),
});
export type ZipcodeEntry = z.infer<typeof zipcodeEntrySchema>;

/** Answer of POST /address/zipcode; an unknown code is state 404 with errors.zipcode. */
export const zipcodeResponse = z.object({ result: z.array(zipcodeEntrySchema) });
export type ZipcodeResponse = z.infer<typeof zipcodeResponse>;
