import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from '../src/bytes.js';
import { consistencyProof, inclusionProof, leafHash, merkleRoot, prefixRoots } from '../src/merkle.js';
import { verifyConsistency, verifyInclusion } from '../src/merkle-verify.js';
import vectors from '../test-vectors/merkle.json' with { type: 'json' };
import { CT_LEAVES } from './support/vectors.ts';

// RFC 6962's reference roots and proofs for its eight test leaves, as published with the
// Certificate Transparency implementations (transparency-dev/merkle's test data): values only.
const REFERENCE_ROOTS = [
  'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
];
const REFERENCE_INCLUSION = [
  { index: 0, size: 8, proof: ['96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7', '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  { index: 5, size: 8, proof: ['bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
];
const REFERENCE_CONSISTENCY = [
  { first: 2, second: 8, proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', '6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4'] },
  { first: 6, second: 8, proof: ['0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a', 'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0', 'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7'] },
  { first: 2, second: 5, proof: ['5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e', 'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b'] },
];

const leaves = CT_LEAVES.map((h) => leafHash(fromHex(h)));

describe('Merkle trees (RFC 9162 §2.1)', () => {
  it("reproduces RFC 6962's reference roots, by recursion and by the one-pass prefix roots", () => {
    const sizes = REFERENCE_ROOTS.map((_, n) => n);
    const prefixes = prefixRoots(leaves, sizes);
    for (const n of sizes) {
      expect(toHex(merkleRoot(leaves.slice(0, n))), `size ${n}`).toBe(REFERENCE_ROOTS[n]);
      expect(toHex(prefixes.get(n) as Uint8Array)).toBe(REFERENCE_ROOTS[n]);
    }
  });

  it("generates RFC 6962's reference inclusion and consistency proofs, and they verify", () => {
    for (const r of REFERENCE_INCLUSION) {
      expect(inclusionProof(r.index, leaves.slice(0, r.size)).map(toHex)).toEqual(r.proof);
      expect(verifyInclusion(r.index, r.size, leaves[r.index] as Uint8Array, r.proof.map((p) => fromHex(p)), fromHex(REFERENCE_ROOTS[r.size] as string))).toBe(true);
    }
    for (const r of REFERENCE_CONSISTENCY) {
      expect(consistencyProof(r.first, leaves.slice(0, r.second)).map(toHex)).toEqual(r.proof);
      const ok = verifyConsistency(r.first, r.second, r.proof.map((p) => fromHex(p)), fromHex(REFERENCE_ROOTS[r.first] as string), fromHex(REFERENCE_ROOTS[r.second] as string));
      expect(ok).toBe(true);
    }
  });

  it('agrees with every published vector', () => {
    for (const r of vectors.roots) expect(toHex(merkleRoot(leaves.slice(0, r.tree_size)))).toBe(r.root);
    for (const v of vectors.inclusion) {
      const root = fromHex(vectors.roots[v.tree_size]!.root);
      expect(verifyInclusion(v.index, v.tree_size, leaves[v.index] as Uint8Array, v.proof.map((p: string) => fromHex(p)), root)).toBe(true);
    }
    for (const v of vectors.consistency) {
      const [a, b] = [vectors.roots[v.first]!.root, vectors.roots[v.second]!.root].map((h) => fromHex(h));
      expect(verifyConsistency(v.first, v.second, v.proof.map((p: string) => fromHex(p)), a as Uint8Array, b as Uint8Array)).toBe(true);
    }
  });

  const many = Array.from({ length: 40 }, (_, i) => leafHash(new Uint8Array([i, i * 7])));

  it('verifies every proof of trees up to 40 leaves and refuses a wrong index, root, leaf or path', () => {
    for (let n = 1; n <= many.length; n += 1) {
      const tree = many.slice(0, n);
      const root = merkleRoot(tree);
      for (let i = 0; i < n; i += 1) {
        const proof = inclusionProof(i, tree);
        expect(verifyInclusion(i, n, tree[i] as Uint8Array, proof, root)).toBe(true);
        if (n < many.length) expect(verifyInclusion(i, n + 1, tree[i] as Uint8Array, proof, merkleRoot(many.slice(0, n + 1)))).toBe(false);
        expect(verifyInclusion(i, n, leafHash(new Uint8Array([255])), proof, root)).toBe(false);
        if (n > 1) expect(verifyInclusion((i + 1) % n, n, tree[i] as Uint8Array, proof, root)).toBe(false);
        if (proof.length > 0) expect(verifyInclusion(i, n, tree[i] as Uint8Array, proof.slice(1), root)).toBe(false);
      }
      for (let m = 1; m < n; m += 1) {
        const proof = consistencyProof(m, tree);
        const first = merkleRoot(tree.slice(0, m));
        expect(verifyConsistency(m, n, proof, first, root), `${m} → ${n}`).toBe(true);
        const other = merkleRoot([...tree.slice(0, m - 1), many[39] as Uint8Array]);
        expect(verifyConsistency(m, n, proof, other, root)).toBe(false);
        expect(verifyConsistency(m, n, proof.slice(0, -1), first, root)).toBe(false);
      }
    }
  });
});
