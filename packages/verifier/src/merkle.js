// @ts-check
import { concat } from './bytes.js';
import { sha256 } from './hash.js';

/**
 * RFC 9162 §2.1 Merkle trees. Hashes are Uint8Array(32); the functions take leaf hashes, so the
 * same code serves the log's JCS entries and the RFC's own byte-string examples.
 */

/** leaf_hash = sha256(0x00 || leaf). @param {Uint8Array} leaf */
export function leafHash(leaf) {
  return sha256(concat(new Uint8Array([0]), leaf));
}

/** node_hash = sha256(0x01 || left || right). @param {Uint8Array} left @param {Uint8Array} right */
export function nodeHash(left, right) {
  return sha256(concat(new Uint8Array([1]), left, right));
}

/** The largest power of two smaller than n (n ≥ 2). @param {number} n */
export function splitPoint(n) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * MTH(D[n]) by the RFC's recursive definition; the empty tree's hash is sha256("").
 * @param {Uint8Array[]} leaves leaf hashes
 * @returns {Uint8Array}
 */
export function merkleRoot(leaves) {
  if (leaves.length === 0) return sha256(new Uint8Array(0));
  if (leaves.length === 1) return /** @type {Uint8Array} */ (leaves[0]);
  const k = splitPoint(leaves.length);
  return nodeHash(merkleRoot(leaves.slice(0, k)), merkleRoot(leaves.slice(k)));
}

/**
 * The roots of several prefixes in one pass (a compact range: the perfect subtrees' roots left
 * to right, folded from the right), so a mirror with many heads costs O(n + heads·log n) hashes.
 * @param {Uint8Array[]} leaves leaf hashes
 * @param {number[]} sizes prefix sizes, each ≤ leaves.length
 * @returns {Map<number, Uint8Array>}
 */
export function prefixRoots(leaves, sizes) {
  const wanted = new Set(sizes);
  /** @type {Map<number, Uint8Array>} */
  const roots = new Map();
  if (wanted.has(0)) roots.set(0, merkleRoot([]));
  /** @type {{ hash: Uint8Array, size: number }[]} */
  const stack = [];
  leaves.forEach((leaf, i) => {
    let top = { hash: leaf, size: 1 };
    while (stack.length > 0 && /** @type {{size: number}} */ (stack[stack.length - 1]).size === top.size) {
      const left = /** @type {{ hash: Uint8Array, size: number }} */ (stack.pop());
      top = { hash: nodeHash(left.hash, top.hash), size: left.size * 2 };
    }
    stack.push(top);
    if (wanted.has(i + 1)) {
      let root = /** @type {{ hash: Uint8Array }} */ (stack[stack.length - 1]).hash;
      for (let j = stack.length - 2; j >= 0; j -= 1) root = nodeHash(/** @type {{ hash: Uint8Array }} */ (stack[j]).hash, root);
      roots.set(i + 1, root);
    }
  });
  return roots;
}

/**
 * PATH(m, D[n]) of RFC 9162 §2.1.3.1: the inclusion proof of leaf m.
 * @param {number} m
 * @param {Uint8Array[]} leaves leaf hashes
 * @returns {Uint8Array[]}
 */
export function inclusionProof(m, leaves) {
  if (leaves.length <= 1) return [];
  const k = splitPoint(leaves.length);
  return m < k
    ? [...inclusionProof(m, leaves.slice(0, k)), merkleRoot(leaves.slice(k))]
    : [...inclusionProof(m - k, leaves.slice(k)), merkleRoot(leaves.slice(0, k))];
}

/**
 * PROOF(m, D[n]) of RFC 9162 §2.1.4.1: the consistency proof from size m to the whole list.
 * @param {number} m
 * @param {Uint8Array[]} leaves leaf hashes
 * @returns {Uint8Array[]}
 */
export function consistencyProof(m, leaves) {
  if (m <= 0 || m >= leaves.length) return [];
  return subproof(m, leaves, true);
}

/** @param {number} m @param {Uint8Array[]} leaves @param {boolean} whole @returns {Uint8Array[]} */
function subproof(m, leaves, whole) {
  const n = leaves.length;
  if (m === n) return whole ? [] : [merkleRoot(leaves)];
  const k = splitPoint(n);
  return m <= k
    ? [...subproof(m, leaves.slice(0, k), whole), merkleRoot(leaves.slice(k))]
    : [...subproof(m - k, leaves.slice(k), false), merkleRoot(leaves.slice(0, k))];
}
