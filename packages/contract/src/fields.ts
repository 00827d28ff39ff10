import { z } from 'zod';

/**
 * The field schemas every payload, path parameter and query of the contract is built from, so
 * that hostile input is refused at the boundary, once, with a message under its field:
 * - integers: a JSON number or a string of digits, nothing coerced (no `[1]`, `true`, `" 1"`,
 *   `1.5` or `"1e3"`), within the range the database stores;
 * - ids: such an integer from 1 to the database's integer maximum (a larger one would answer
 *   "out of range for type integer" from PostgreSQL instead of a clean refusal);
 * - text: no control characters (a NUL is refused by PostgreSQL, the rest hide text) and no
 *   broken characters (a lone UTF-16 surrogate: JSON.stringify writes it as "\ud800", which a
 *   jsonb column refuses); names and addresses also no bidirectional controls, which reorder what
 *   a shipping label prints.
 */

/** The largest value of PostgreSQL's `integer`, the type of every id. */
export const DB_INT_MAX = 2147483647;

/** C0 and C1 control characters, DEL included. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/;

/** A UTF-16 surrogate without its pair: no character at all, and unstorable in jsonb. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Bidirectional controls: embeddings and overrides (U+202A-U+202E), isolates (U+2066-U+2069),
 * the left-to-right and right-to-left marks (U+200E, U+200F) and the Arabic letter mark (U+061C).
 */
export const DIRECTION_CHARACTERS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/;

const DIGITS = /^\d{1,16}$/;

export interface IntFieldOptions {
  min?: number;
  max?: number;
  /** Catalogue code under the field for anything that is not a whole number in range. */
  message?: string;
  /** Catalogue code for a whole number above max (default: message). */
  tooBig?: string;
}

/** A whole number sent as a JSON number or a string of digits; anything else is refused. */
export function intField({
  min = 0,
  max = DB_INT_MAX,
  message = 'common.invalid',
  tooBig,
}: IntFieldOptions = {}) {
  return z.union([z.number(), z.string()], { error: message }).transform((value, ctx): number => {
    const n = typeof value === 'number' ? value : DIGITS.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < min) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: tooBig ?? message });
      return z.NEVER;
    }
    return n;
  });
}

/** A database id (1-2147483647) in a payload, a path parameter or a query. */
export function idField(message = 'common.invalid') {
  return intField({ min: 1, max: DB_INT_MAX, message });
}

/** The id schema of the contract, with the generic message. */
export const idSchema = idField();

export interface TextFieldOptions {
  /** Catalogue code when the value is not a string at all (default 'common.invalid'). */
  error?: string;
  /** Names and addresses: also refuse bidirectional controls. */
  printable?: boolean;
}

/** A text field: a string without control characters (and, for names and addresses, bidi controls). */
export function textField({ error = 'common.invalid', printable = false }: TextFieldOptions = {}) {
  const text = z
    .string({ error })
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'common.control_character')
    .refine((v) => !LONE_SURROGATE.test(v), 'common.broken_character');
  return printable ? text.refine((v) => !DIRECTION_CHARACTERS.test(v), 'common.direction_character') : text;
}

/**
 * A payment provider's reference (checkout session, transaction): letters, digits and the few
 * marks such ids use, so nothing else reaches a query.
 */
export const PROVIDER_REF_PATTERN = /^[A-Za-z0-9._:~+/=-]{1,200}$/;

/** A provider's reference in a path parameter, a query or a payload. */
export function providerRefField(message = 'common.invalid') {
  return z.string({ error: message }).regex(PROVIDER_REF_PATTERN, message);
}

/** Whether a string may be stored and shown as it is: no control characters, no broken ones. */
export function isCleanText(value: string): boolean {
  return !CONTROL_CHARACTERS.test(value) && !LONE_SURROGATE.test(value);
}
