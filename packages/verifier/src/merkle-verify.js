// @ts-check
import { equalBytes } from './bytes.js';
import { nodeHash } from './merkle.js';

/**
 * The proof verification algorithms of RFC 9162 §2.1.3.2 and §2.1.4.2, step by step as the RFC
 * writes them (not derived from the proof generation beside them, so each checks the other).
 */

/**
 * @param {number} leafIndex
 * @param {number} treeSize
 * @param {Uint8Array} leaf the leaf hash
 * @param {Uint8Array[]} proof
 * @param {Uint8Array} root
 * @returns {boolean}
 */
export function verifyInclusion(leafIndex, treeSize, leaf, proof, root) {
  if (!Number.isSafeInteger(leafIndex) || leafIndex < 0 || leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equalBytes(r, root);
}

/**
 * @param {number} first
 * @param {number} second
 * @param {Uint8Array[]} proof
 * @param {Uint8Array} firstRoot
 * @param {Uint8Array} secondRoot
 * @returns {boolean}
 */
export function verifyConsistency(first, second, proof, firstRoot, secondRoot) {
  if (!Number.isSafeInteger(first) || !Number.isSafeInteger(second) || first < 0 || first > second) return false;
  // The RFC's algorithm is for 0 < first < second; the two edge cases need no proof at all.
  if (first === second) return proof.length === 0 && equalBytes(firstRoot, secondRoot);
  if (first === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(first) ? [firstRoot, ...proof] : [...proof];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = /** @type {Uint8Array} */ (path[0]);
  let sr = fr;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return equalBytes(fr, firstRoot) && equalBytes(sr, secondRoot) && sn === 0;
}

/** @param {number} n */
function isPowerOfTwo(n) {
  while (n > 1 && n % 2 === 0) n /= 2;
  return n === 1;
}
