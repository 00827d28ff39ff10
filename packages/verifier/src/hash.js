// @ts-check
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';

/** SHA-256 (FIPS 180-4). @param {Uint8Array} data @returns {Uint8Array} */
export function sha256(data) {
  return nobleSha256(data);
}

/** HMAC-SHA256 (RFC 2104). @param {Uint8Array} key @param {Uint8Array} message @returns {Uint8Array} */
export function hmacSha256(key, message) {
  return hmac(nobleSha256, key, message);
}
