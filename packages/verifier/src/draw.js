// @ts-check
import { concat, fromHex, u64be, utf8 } from './bytes.js';
import { hmacSha256 } from './hash.js';

const TWO_64 = 1n << 64n;
const ALGORITHM = 'oripa-draw-v2';

/**
 * The purchase's key K = HMAC-SHA256(seed, "oripa-draw-v2" || 0x00 || u64be(lot_id) || u64be(seq) || randomness).
 * @param {Uint8Array} seed
 * @param {number} lotId
 * @param {number} seq
 * @param {Uint8Array} randomness sha256 of the beacon signature
 */
export function purchaseKey(seed, lotId, seq, randomness) {
  return hmacSha256(seed, concat(utf8(ALGORITHM), new Uint8Array([0]), u64be(lotId), u64be(seq), randomness));
}

/**
 * The stream of 64-bit values: block(i) = HMAC-SHA256(K, u64be(i)), each block read as four
 * big-endian u64.
 * @param {Uint8Array} key
 * @returns {Generator<bigint, never, void>}
 */
export function* drawStream(key) {
  for (let i = 0; ; i += 1) {
    const block = hmacSha256(key, u64be(i));
    const view = new DataView(block.buffer, block.byteOffset, block.byteLength);
    for (let at = 0; at < 32; at += 8) yield view.getBigUint64(at, false);
  }
}

/**
 * One pack drawn without replacement: a uniform index over what remains by rejection sampling,
 * mapped to the prize whose cumulative range holds it. Mutates remaining.
 * @param {Iterator<bigint>} stream
 * @param {number[]} remaining packs left per prize, lineup order
 * @returns {number} the prize number (1-based lineup position)
 */
export function drawOne(stream, remaining) {
  const m = remaining.reduce((a, b) => a + b, 0);
  if (m < 1) throw new RangeError('no pack remains');
  const size = BigInt(m);
  const limit = TWO_64 - (TWO_64 % size);
  let x = /** @type {bigint} */ (stream.next().value);
  while (x >= limit) x = /** @type {bigint} */ (stream.next().value);
  let idx = Number(x % size);
  for (let j = 0; j < remaining.length; j += 1) {
    const left = /** @type {number} */ (remaining[j]);
    if (idx < left) {
      remaining[j] = left - 1;
      return j + 1;
    }
    idx -= left;
  }
  throw new Error('unreachable: index beyond the remaining packs');
}

/**
 * The prizes of one purchase's packs, in pack order (spec §3). Mutates remaining.
 * @param {{ seed: Uint8Array, lotId: number, seq: number, randomness: Uint8Array, count: number, remaining: number[] }} input
 * @returns {number[]}
 */
export function drawPurchase({ seed, lotId, seq, randomness, count, remaining }) {
  const stream = drawStream(purchaseKey(seed, lotId, seq, randomness));
  const prizes = [];
  for (let i = 0; i < count; i += 1) prizes.push(drawOne(stream, remaining));
  return prizes;
}

/**
 * @typedef {{ id: number, kind: string, at: number, every: number }} ExtraRule
 */

/**
 * The extra prizes won by packs first..first+count-1: last_one on pack `total`, a milestone on
 * at, at+every, … (only at when every is 0). Pack order, then the document's order.
 * @param {ExtraRule[]} extras
 * @param {number} total
 * @param {number} firstPack
 * @param {number} count
 * @returns {{ pack: number, id: number }[]}
 */
export function extrasWon(extras, total, firstPack, count) {
  const won = [];
  for (let pack = firstPack; pack < firstPack + count; pack += 1) {
    for (const e of extras) {
      const hit =
        e.kind === 'last_one'
          ? pack === total
          : e.kind === 'milestone' &&
            (e.every > 0 ? pack >= e.at && (pack - e.at) % e.every === 0 : pack === e.at);
      if (hit) won.push({ pack, id: e.id });
    }
  }
  return won;
}

/** @param {string} seedHex @returns {Uint8Array} */
export function seedBytes(seedHex) {
  return fromHex(seedHex, 32);
}
