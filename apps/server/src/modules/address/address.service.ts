import type { ZipcodeEntry } from '@oripa/contract/address';
import { AppError } from '../../kernel/errors.ts';
import { postalTable } from './postal-data.ts';

/** POST /address/zipcode: the addresses of a 7-digit code; an unknown code is state 404 under zipcode. */
export function lookupZipcode(zipcode: string): ZipcodeEntry[] {
  const result = postalTable().lookup(zipcode);
  if (result.length === 0) throw AppError.field('zipcode', 'address.zipcode_not_found');
  return result;
}
