// @ts-check
import { ed25519 } from '@noble/curves/ed25519.js';
import { fromHex, isHex, toHex } from './bytes.js';
import { sha256 } from './hash.js';
import { canonicalBytes } from './jcs.js';

/**
 * @typedef {{ tree_size: number, timestamp: number, root_hash: string, log_id: string, signature: string }} SignedHead
 */

/** log_id = hex(sha256(public key bytes)). @param {string} publicKeyHex */
export function logIdOf(publicKeyHex) {
  return toHex(sha256(fromHex(publicKeyHex, 32)));
}

/** The signed bytes: JCS of the four fields, signature excluded. @param {SignedHead} head */
export function headMessage(head) {
  const { log_id, root_hash, timestamp, tree_size } = head;
  return canonicalBytes({ log_id, root_hash, timestamp, tree_size });
}

/** Whether a value has a signed head's shape (hostile input: checked before any use). @param {unknown} value @returns {value is SignedHead} */
export function isSignedHead(value) {
  if (typeof value !== 'object' || value === null) return false;
  const h = /** @type {Record<string, unknown>} */ (value);
  return (
    Number.isSafeInteger(h.tree_size) &&
    /** @type {number} */ (h.tree_size) >= 0 &&
    Number.isSafeInteger(h.timestamp) &&
    isHex(h.root_hash, 32) &&
    isHex(h.log_id, 32) &&
    isHex(h.signature, 64)
  );
}

/**
 * Whether the head is signed by the log's Ed25519 key and names that key's log id.
 * @param {SignedHead} head
 * @param {string} publicKeyHex
 * @returns {boolean}
 */
export function verifyHeadSignature(head, publicKeyHex) {
  if (!isSignedHead(head) || !isHex(publicKeyHex, 32)) return false;
  if (head.log_id !== logIdOf(publicKeyHex)) return false;
  try {
    return ed25519.verify(fromHex(head.signature), headMessage(head), fromHex(publicKeyHex));
  } catch {
    return false;
  }
}
