import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * A member's phone number in E.164 form, as SMS providers want it (decision 031): a Japanese
 * number as members type it (090/080/070…, with or without hyphens) becomes +81 without its
 * leading 0; a number written with its country code (+1 415…) keeps it. Throws on a number
 * that is not a possible phone number, so nothing unsendable is queued.
 */
export function toE164(tel: string): string {
  const parsed = parsePhoneNumberFromString(tel.trim(), 'JP');
  if (!parsed || !parsed.isPossible()) throw new RangeError('not a phone number');
  return parsed.number;
}
