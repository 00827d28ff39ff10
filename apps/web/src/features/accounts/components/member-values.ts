import { normalizeZipcode, OVERSEAS_PREF_ID } from '../account-rules.ts';
import type { AddressValues } from './address-fields.tsx';
import type { NameValues } from './name-fields.tsx';

/** The member's name, address, phone and mail as the registration and change-member forms hold them. */
export interface MemberValues extends NameValues, AddressValues {
  tel: string;
  mail: string;
}

/** The fields of MemberValues, in the order of the forms (and of the registration query). */
export const MEMBER_FIELDS = [
  'lastName',
  'middleName',
  'firstName',
  'tel',
  'mail',
  'zipcode',
  'pref_id',
  'country',
  'shiku',
  'address',
  'building',
] as const satisfies readonly (keyof MemberValues)[];

/** An overseas address: pref_id 99 with a country instead of a prefecture. */
export function isOverseas(values: Pick<AddressValues, 'pref_id'>): boolean {
  return values.pref_id === String(OVERSEAS_PREF_ID);
}

/** pref_id as the server takes it: a number once one is chosen, the text as entered otherwise. */
export function prefIdPayload(prefId: string): number | string {
  return /^\d+$/.test(prefId) ? Number(prefId) : prefId;
}

/** The postal code as the server takes it: a Japanese one normalised (「100-0001」 → 1000001), an overseas one as typed. */
export function zipcodePayload(values: Pick<AddressValues, 'pref_id' | 'zipcode'>): string {
  return isOverseas(values) ? values.zipcode : normalizeZipcode(values.zipcode);
}
