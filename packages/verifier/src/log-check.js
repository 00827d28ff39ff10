// @ts-check
import { equalBytes, fromHex, isHex, toHex } from './bytes.js';
import { isSignedHead, logIdOf, verifyHeadSignature } from './heads.js';
import { canonicalBytes, canonicalJson } from './jcs.js';
import { consistencyProof, leafHash, prefixRoots } from './merkle.js';
import { verifyConsistency, verifyInclusion } from './merkle-verify.js';
import { LotFailure } from './report.js';

/**
 * @typedef {import('./mirror.js').Mirror} Mirror
 * @typedef {import('./heads.js').SignedHead} SignedHead
 * @typedef {{ leaves: Uint8Array[], headCovering: (index: number) => SignedHead }} CheckedLog
 */

/**
 * Spec §6.1: every head signed by the mirror's key, timestamps non-decreasing with size, and
 * every head's root reproduced from the mirror's entries.
 * @param {Mirror} mirror
 * @returns {CheckedLog}
 */
export function checkLog(mirror) {
  const leaves = mirror.entries.map((e) => leafHash(canonicalBytes(e)));
  const roots = prefixRoots(leaves, mirror.heads.map((h) => h.tree_size));
  /** @type {SignedHead | null} */
  let previous = null;
  for (const head of mirror.heads) {
    if (!verifyHeadSignature(head, mirror.log_public_key)) {
      throw new LotFailure('bad_head_signature', `the head of tree size ${head.tree_size} is not signed by the log key ${mirror.log_public_key}`);
    }
    if (previous && head.timestamp < previous.timestamp) {
      throw new LotFailure('head_order', `the head of size ${head.tree_size} is older than the head of size ${previous.tree_size}`);
    }
    const root = /** @type {Uint8Array} */ (roots.get(head.tree_size));
    if (!equalBytes(root, fromHex(head.root_hash))) {
      throw new LotFailure('head_mismatch', `the mirror's first ${head.tree_size} entries hash to ${toHex(root)}, not the signed root ${head.root_hash}`);
    }
    previous = head;
  }
  const heads = mirror.heads;
  return {
    leaves,
    headCovering(index) {
      const head = heads.find((h) => h.tree_size > index);
      if (!head) throw new LotFailure('malformed_mirror', `no signed head covers entry ${index}`);
      return head;
    },
  };
}

/**
 * A head a member or a mirror kept earlier: signed by the same log, and the mirror's entries
 * extend it (an RFC 9162 consistency proof from it to the newest head verifies).
 * @param {unknown} earlier
 * @param {Mirror} mirror
 * @param {CheckedLog} log
 * @param {string} what how the report names this head
 */
export function checkKeptHead(earlier, mirror, log, what) {
  if (!isSignedHead(earlier)) throw new LotFailure('malformed_mirror', `the ${what} is not a signed tree head`);
  if (earlier.log_id !== logIdOf(mirror.log_public_key)) {
    throw new LotFailure('history_rewritten', `the ${what} belongs to log ${earlier.log_id}, but the mirror's log is ${logIdOf(mirror.log_public_key)} (the log key changed)`);
  }
  if (!verifyHeadSignature(earlier, mirror.log_public_key)) {
    throw new LotFailure('bad_head_signature', `the ${what}'s signature does not verify under the log key`);
  }
  const newest = /** @type {SignedHead} */ (mirror.heads[mirror.heads.length - 1]);
  if (earlier.tree_size > newest.tree_size) {
    throw new LotFailure('history_rewritten', `the ${what} covers ${earlier.tree_size} entries but the log now has only ${newest.tree_size}`);
  }
  const proof = consistencyProof(earlier.tree_size, log.leaves);
  const consistent = verifyConsistency(earlier.tree_size, newest.tree_size, proof, fromHex(earlier.root_hash), fromHex(newest.root_hash));
  if (!consistent) {
    throw new LotFailure('history_rewritten', `the log's first ${earlier.tree_size} entries no longer hash to the ${what}'s root ${earlier.root_hash}: entries before it were changed`);
  }
}

/**
 * A member's purchase receipt as the shop gives it: { leaf_index, entry, inclusion_path: [hex],
 * head } (other fields are ignored). Its inclusion path must verify against its signed head,
 * the head must be consistent with the mirror, and the mirror must hold the entry.
 * @param {unknown} receipt
 * @param {number} lotId
 * @param {Mirror} mirror
 * @param {CheckedLog} log
 * @returns {Record<string, unknown>} the purchase entry
 */
export function checkReceipt(receipt, lotId, mirror, log) {
  const r = /** @type {Record<string, unknown>} */ (typeof receipt === 'object' && receipt !== null ? receipt : {});
  const index = r.leaf_index;
  const proof = r.inclusion_path;
  const entry = /** @type {Record<string, unknown>} */ (r.entry);
  if (!Number.isSafeInteger(index) || !Array.isArray(proof) || !proof.every((p) => isHex(p, 32)) || typeof entry !== 'object' || entry === null || !isSignedHead(r.head)) {
    throw new LotFailure('receipt_invalid', 'the receipt needs leaf_index, entry, inclusion_path (hex hashes) and a signed head');
  }
  const at = /** @type {number} */ (index);
  if (entry.type !== 'purchase' || entry.lot_id !== lotId) {
    throw new LotFailure('receipt_invalid', `the receipt is not a purchase of lot ${lotId}`);
  }
  if (!verifyHeadSignature(r.head, mirror.log_public_key)) {
    throw new LotFailure('receipt_invalid', "the receipt's tree head is not signed by the log key");
  }
  const leaf = leafHash(canonicalBytes(entry));
  if (!verifyInclusion(at, r.head.tree_size, leaf, proof.map((p) => fromHex(/** @type {string} */ (p))), fromHex(r.head.root_hash))) {
    throw new LotFailure('receipt_invalid', "the receipt's inclusion path does not verify against its signed head");
  }
  const held = mirror.entries[at];
  if (!held || canonicalJson(held) !== canonicalJson(entry)) {
    throw new LotFailure('missing_purchase', `the log does not hold the receipt's purchase (seq ${String(entry.seq)}) at index ${at}`, { index: at });
  }
  checkKeptHead(r.head, mirror, log, "receipt's head");
  return entry;
}
