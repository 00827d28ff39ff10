import { createHash } from 'node:crypto';

/**
 * The Merkle tree of RFC 9162 §2.1 over leaf hashes: MTH, inclusion proofs (§2.1.3) and
 * consistency proofs (§2.1.4), with the verification algorithms of the same sections. Pure
 * functions over in-memory arrays; the log keeps leaf hashes and asks here.
 */
const sha256 = (...parts: Buffer[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const LEAF = Buffer.from([0]);
const NODE = Buffer.from([1]);

export const leafHash = (entryBytes: Buffer): Buffer => sha256(LEAF, entryBytes);
export const nodeHash = (left: Buffer, right: Buffer): Buffer => sha256(NODE, left, right);

/** The largest power of two strictly smaller than n (n ≥ 2). */
function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/**
 * A tree over leaf hashes that only grows. MTH of a range splits at the largest power of two
 * below its size; the perfect, aligned subtrees this meets are kept once computed, so a head's
 * root and a proof cost O(log² n) hashes after the first time, not O(n).
 */
export class MerkleTree {
  private readonly perfect = new Map<number, Buffer>();

  constructor(readonly leaves: Buffer[] = []) {}

  get size(): number {
    return this.leaves.length;
  }

  /** MTH(D[start:end]). */
  range(start: number, end: number): Buffer {
    const n = end - start;
    if (n === 0) return sha256();
    if (n === 1) return this.leaves[start] as Buffer;
    const isPerfect = (n & (n - 1)) === 0;
    // Perfect subtrees of the recursion start at multiples of their size: (start, n) names one.
    const key = isPerfect ? start * 2 + n : -1;
    if (isPerfect) {
      const known = this.perfect.get(key);
      if (known) return known;
    }
    const k = splitPoint(n);
    const hash = nodeHash(this.range(start, start + k), this.range(start + k, end));
    if (isPerfect) this.perfect.set(key, hash);
    return hash;
  }

  root(size = this.size): Buffer {
    return this.range(0, size);
  }

  /** PATH(m, D[0:size]): the inclusion proof of leaf m (RFC 9162 §2.1.3.1). */
  inclusionProof(m: number, size = this.size): Buffer[] {
    if (m < 0 || m >= size || size > this.size) throw new RangeError('leaf outside the tree');
    const path = (m: number, start: number, end: number): Buffer[] => {
      const n = end - start;
      if (n === 1) return [];
      const k = splitPoint(n);
      if (m < k) return [...path(m, start, start + k), this.range(start + k, end)];
      return [...path(m - k, start + k, end), this.range(start, start + k)];
    };
    return path(m, 0, size);
  }

  /** PROOF(first, D[0:second]): the consistency proof (RFC 9162 §2.1.4.1). */
  consistencyProof(first: number, second = this.size): Buffer[] {
    if (first < 1 || first > second || second > this.size) throw new RangeError('tree sizes outside 1…n');
    const sub = (m: number, start: number, end: number, complete: boolean): Buffer[] => {
      const n = end - start;
      if (m === n) return complete ? [] : [this.range(start, end)];
      const k = splitPoint(n);
      if (m <= k) return [...sub(m, start, start + k, complete), this.range(start + k, end)];
      return [...sub(m - k, start + k, end, false), this.range(start, start + k)];
    };
    return sub(first, 0, second, true);
  }
}

/** MTH(D[0:n]) over the given leaf hashes. */
export const rootHash = (leaves: Buffer[]): Buffer => new MerkleTree(leaves).root();

/** RFC 9162 §2.1.3.2: does `proof` show leaf `index` of a tree of `size` under `root`? */
export function verifyInclusion(index: number, size: number, leaf: Buffer, proof: readonly Buffer[], root: Buffer): boolean {
  if (index >= size) return false;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of proof) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && r.equals(root);
}

/** RFC 9162 §2.1.4.2: does `proof` show the tree of `first` leaves is a prefix of that of `second`? */
export function verifyConsistency(
  first: number,
  second: number,
  firstRoot: Buffer,
  secondRoot: Buffer,
  proof: readonly Buffer[],
): boolean {
  if (first > second) return false;
  if (first === second) return proof.length === 0 && firstRoot.equals(secondRoot);
  if (first === 0) return proof.length === 0;
  let path = [...proof];
  // A first tree that is a complete subtree is its own first node.
  if ((first & (first - 1)) === 0) path = [firstRoot, ...path];
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  if (path.length === 0) return false;
  let fr = path[0] as Buffer;
  let sr = path[0] as Buffer;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (fn % 2 === 0) {
        while (fn % 2 === 0 && fn !== 0) {
          fn = Math.floor(fn / 2);
          sn = Math.floor(sn / 2);
        }
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && fr.equals(firstRoot) && sr.equals(secondRoot);
}

