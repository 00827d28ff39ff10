// @ts-check
import { utf8 } from './bytes.js';

/**
 * RFC 8785 (JCS) canonical JSON. The spec's documents hold only objects, arrays, strings,
 * integers, booleans and null; for those JCS is ECMAScript's JSON serialisation of each primitive
 * with object keys sorted by UTF-16 code units (which is how JavaScript compares strings) and no
 * white space. Anything else (a fraction, NaN, undefined, a function) is refused rather than
 * silently given a second spelling.
 * @param {unknown} value
 * @returns {string}
 */
export function canonicalJson(value) {
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new TypeError(`JCS: ${value} is not a safe integer`);
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object') {
    const record = /** @type {Record<string, unknown>} */ (value);
    const keys = Object.keys(record).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k])}`).join(',')}}`;
  }
  throw new TypeError(`JCS: a ${typeof value} has no JSON form`);
}

/** @param {unknown} value @returns {Uint8Array} the UTF-8 bytes of canonicalJson(value) */
export function canonicalBytes(value) {
  return utf8(canonicalJson(value));
}
