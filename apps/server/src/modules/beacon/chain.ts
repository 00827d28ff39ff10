import { createHash } from 'node:crypto';
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { jcs } from '../../kernel/jcs.ts';

/**
 * A randomness beacon chain (docs/fairness/draw-v2.md §1): drand's quicknet by default, or the
 * shop's own local beacon in the same scheme. Every round is verified here, whoever served it.
 */
export const BEACON_SCHEME = 'bls-unchained-g1-rfc9380';
const DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

export interface ChainInfo {
  chainHash: string;
  /** G2 public key, 96 bytes hex. */
  publicKey: string;
  /** Seconds since the Unix epoch. */
  genesisTime: number;
  /** Seconds between rounds. */
  period: number;
  /** False for the shop's own beacon: the shop could predict it. */
  independent: boolean;
}

/** drand's quicknet chain, as its relays' /info answers and the specification tables it. */
export const QUICKNET: ChainInfo = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisTime: 1692803367,
  period: 3,
  independent: true,
};

/** The local beacon's chain hash: sha256(JCS({genesis_time, period, public_key, scheme})). */
export function localChainHash(publicKey: string, genesisTime: number, period: number): string {
  const doc = jcs({ genesis_time: genesisTime, period, public_key: publicKey, scheme: BEACON_SCHEME });
  return createHash('sha256').update(doc, 'utf8').digest('hex');
}

/** When round r is published, in ms. */
export function roundTime(chain: ChainInfo, round: number): number {
  return (chain.genesisTime + (round - 1) * chain.period) * 1000;
}

/** nextRound(T): the first round published strictly after T (ms). */
export function nextRound(chain: ChainInfo, at: number): number {
  return Math.floor((at - chain.genesisTime * 1000) / (chain.period * 1000)) + 2;
}

/** The message a round's signature signs: sha256(u64be(round)). */
export function roundMessage(round: number): Uint8Array {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(round));
  return createHash('sha256').update(bytes).digest();
}

/** Whether `signature` (48-byte G1 hex) is the chain's signature of `round`. Never throws. */
export function verifyRound(chain: ChainInfo, round: number, signature: string): boolean {
  if (!Number.isSafeInteger(round) || round < 1 || !/^[0-9a-f]{96}$/.test(signature)) return false;
  try {
    const point = bls12_381.shortSignatures.hash(roundMessage(round), DST);
    return bls12_381.shortSignatures.verify(Buffer.from(signature, 'hex'), point, Buffer.from(chain.publicKey, 'hex'));
  } catch {
    // A signature that is not a point of the group is a failed check, not an error.
    return false;
  }
}

/** Signs a round with a local beacon's secret key (32 bytes). */
export function signRound(secretKey: Uint8Array, round: number): string {
  const point = bls12_381.shortSignatures.hash(roundMessage(round), DST);
  return Buffer.from(bls12_381.shortSignatures.sign(point, secretKey).toBytes(true)).toString('hex');
}

/** The G2 public key (96 bytes hex) of a local beacon's secret key. */
export function publicKeyOf(secretKey: Uint8Array): string {
  return Buffer.from(bls12_381.shortSignatures.getPublicKey(secretKey).toBytes(true)).toString('hex');
}

/** The round's randomness: sha256(signature). */
export function randomnessOf(signature: string): string {
  return createHash('sha256').update(Buffer.from(signature, 'hex')).digest('hex');
}
