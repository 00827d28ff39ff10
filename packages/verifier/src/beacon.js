// @ts-check
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { equalBytes, fromHex, isHex, toHex, u64be } from './bytes.js';
import { sha256 } from './hash.js';
import { canonicalBytes } from './jcs.js';

/** drand's quicknet chain (spec §1): the public beacon a lot may call independent. */
export const QUICKNET = Object.freeze({
  chain_hash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  public_key:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesis_time: 1692803367,
  period: 3,
  scheme: 'bls-unchained-g1-rfc9380',
});

export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/**
 * @typedef {{ chain_hash: string, public_key: string, genesis_time: number, period: number,
 *   scheme: string, independent?: boolean }} BeaconInfo
 */

/** When round r is published, in ms since the epoch. @param {BeaconInfo} beacon @param {number} round */
export function roundTime(beacon, round) {
  return (beacon.genesis_time + (round - 1) * beacon.period) * 1000;
}

/**
 * The first round whose time is strictly after T (spec §1).
 * @param {BeaconInfo} beacon
 * @param {number} timeMs
 * @returns {number}
 */
export function nextRound(beacon, timeMs) {
  return Math.floor((timeMs - beacon.genesis_time * 1000) / (beacon.period * 1000)) + 2;
}

/** A local beacon's chain hash: sha256(JCS({genesis_time, period, public_key, scheme})). @param {BeaconInfo} beacon */
export function localChainHash(beacon) {
  const { genesis_time, period, public_key, scheme } = beacon;
  return toHex(sha256(canonicalBytes({ genesis_time, period, public_key, scheme })));
}

/** The message a round's signature signs: sha256(u64be(round)). @param {number} round */
export function roundMessage(round) {
  return sha256(u64be(round));
}

/**
 * Whether sig is the chain's BLS signature of round (bls-unchained-g1-rfc9380: G1 signature,
 * G2 public key). Malformed points verify as false, never throw.
 * @param {BeaconInfo} beacon
 * @param {number} round
 * @param {string} signatureHex
 * @returns {boolean}
 */
export function verifyBeaconRound(beacon, round, signatureHex) {
  if (beacon.scheme !== QUICKNET.scheme || !isHex(signatureHex, 48) || !isHex(beacon.public_key, 96)) return false;
  if (!Number.isSafeInteger(round) || round < 1) return false;
  try {
    const short = bls12_381.shortSignatures;
    const message = short.hash(roundMessage(round), BEACON_DST);
    return short.verify(fromHex(signatureHex), message, fromHex(beacon.public_key));
  } catch {
    return false;
  }
}

/** A round's randomness: sha256(signature). @param {string} signatureHex @returns {Uint8Array} */
export function roundRandomness(signatureHex) {
  return sha256(fromHex(signatureHex, 48));
}

/**
 * Whether the lot's declared beacon is what it says: `independent` only for quicknet itself, and
 * a local beacon's chain hash derived from its key. Returns the reason it is not, or null.
 * @param {BeaconInfo} beacon
 * @returns {string | null}
 */
export function beaconDeclarationProblem(beacon) {
  if (beacon.scheme !== QUICKNET.scheme) return `unknown beacon scheme ${beacon.scheme}`;
  if (beacon.independent) {
    const same =
      beacon.chain_hash === QUICKNET.chain_hash &&
      beacon.public_key === QUICKNET.public_key &&
      beacon.genesis_time === QUICKNET.genesis_time &&
      beacon.period === QUICKNET.period;
    return same ? null : 'the beacon is declared independent but is not drand quicknet';
  }
  if (!isHex(beacon.chain_hash, 32)) return 'the beacon chain hash is not 32 bytes of hex';
  return equalBytes(fromHex(beacon.chain_hash), fromHex(localChainHash(beacon)))
    ? null
    : 'the local beacon chain hash does not match its key';
}
