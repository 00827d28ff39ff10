import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { jcs } from '../../kernel/jcs.ts';
import { leafHash, MerkleTree, nodeHash, rootHash, verifyConsistency, verifyInclusion } from './merkle.ts';

const leaves = (n: number, tag = 'e') => Array.from({ length: n }, (_, i) => leafHash(Buffer.from(`${tag}${i}`)));

/** MTH written out from RFC 9162 §2.1.1 without the tree's caching, to check it against. */
function plainRoot(d: Buffer[]): Buffer {
  if (d.length === 0) return createHash('sha256').digest();
  if (d.length === 1) return d[0] as Buffer;
  let k = 1;
  while (k * 2 < d.length) k *= 2;
  return nodeHash(plainRoot(d.slice(0, k)), plainRoot(d.slice(k)));
}

describe('Merkle tree (RFC 9162)', () => {
  it('hashes like the RFC, empty tree included', () => {
    expect(rootHash([]).toString('hex')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (const n of [1, 2, 3, 5, 7, 8, 13, 64, 100]) expect(rootHash(leaves(n)).equals(plainRoot(leaves(n)))).toBe(true);
  });

  it('proves every leaf included and every prefix consistent', () => {
    const tree = new MerkleTree(leaves(37));
    for (let size = 1; size <= 37; size += 1) {
      const root = tree.root(size);
      for (let m = 0; m < size; m += 1) {
        expect(verifyInclusion(m, size, tree.leaves[m] as Buffer, tree.inclusionProof(m, size), root)).toBe(true);
      }
      for (let first = 1; first <= size; first += 1) {
        expect(verifyConsistency(first, size, tree.root(first), root, tree.consistencyProof(first, size))).toBe(true);
      }
    }
  });

  it('a rewritten history fails the consistency proof against an earlier head', () => {
    const honest = new MerkleTree(leaves(20));
    const earlier = { size: 12, root: honest.root(12) };
    // The operator rewrites entry 5 and rebuilds everything after it.
    const forged = leaves(20);
    forged[5] = leafHash(Buffer.from('rewritten'));
    const rewritten = new MerkleTree(forged);
    expect(verifyConsistency(earlier.size, 20, earlier.root, rewritten.root(), rewritten.consistencyProof(12, 20))).toBe(false);
    // An honest proof for the rewritten tree's root cannot exist: the honest one fails too.
    expect(verifyConsistency(earlier.size, 20, earlier.root, rewritten.root(), honest.consistencyProof(12, 20))).toBe(false);
    expect(verifyInclusion(5, 20, forged[5] as Buffer, rewritten.inclusionProof(5), honest.root())).toBe(false);
  });

  it('writes RFC 8785 canonical JSON', () => {
    expect(jcs({ b: 1, a: [true, null, 'é"'], A: { z: 0, y: -3 } })).toBe('{"A":{"y":-3,"z":0},"a":[true,null,"é\\""],"b":1}');
    expect(() => jcs({ x: 1.5 })).toThrow();
  });
});
