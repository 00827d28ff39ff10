// @ts-check
/**
 * Byte helpers shared by every check. Plain Uint8Array code (no Buffer), so the same module runs
 * in Node and in the browser.
 */

const HEX = /^(?:[0-9a-f]{2})*$/;

/** @param {Uint8Array} bytes @returns {string} lower-case hex */
export function toHex(bytes) {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/**
 * Strict lower-case hex to bytes: anything else is refused, so a mirror cannot smuggle in two
 * spellings of one value.
 * @param {string} hex
 * @param {number} [length] the byte length required
 * @returns {Uint8Array}
 */
export function fromHex(hex, length) {
  if (typeof hex !== 'string' || !HEX.test(hex)) throw new TypeError('not lower-case hex');
  if (length !== undefined && hex.length !== length * 2) throw new TypeError(`not ${length} bytes of hex`);
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i += 1) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** @param {unknown} value @param {number} [length] @returns {value is string} */
export function isHex(value, length) {
  return (
    typeof value === 'string' && HEX.test(value) && (length === undefined || value.length === length * 2)
  );
}

/** @param {string} text @returns {Uint8Array} */
export function utf8(text) {
  return new TextEncoder().encode(text);
}

/** @param {...Uint8Array} parts @returns {Uint8Array} */
export function concat(...parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * n as 8 bytes big-endian (the spec's u64be).
 * @param {number | bigint} n a non-negative integer below 2^64
 * @returns {Uint8Array}
 */
export function u64be(n) {
  const value = BigInt(n);
  if (value < 0n || value >= 1n << 64n) throw new RangeError('u64 out of range');
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, false);
  return out;
}

/** @param {Uint8Array} a @param {Uint8Array} b @returns {boolean} */
export function equalBytes(a, b) {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i += 1) diff |= /** @type {number} */ (a[i]) ^ /** @type {number} */ (b[i]);
  return diff === 0;
}

/**
 * Standard base64 (RFC 4648 §4) to bytes, with atob, which Node 20 and every browser have.
 * @param {string} text
 * @returns {Uint8Array}
 */
export function fromBase64(text) {
  if (typeof text !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) {
    throw new TypeError('not base64');
  }
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}
