import { createHmac } from 'node:crypto';

/**
 * The draw engine: which prize each pack of a finite lot holds, fixed by the lot's secret seed
 * before sale, so that once the seed is revealed anyone can recompute every draw.
 *
 * The documented function (docs/decisions/004-verifiable-draws.md):
 *   1. The lot has N packs; its prizes, in lineup order (sort, then id), own consecutive slot
 *      ranges of their counts: prize 1 owns slots [0, c1), prize 2 [c1, c1 + c2), …
 *   2. The k-th pack sold (k = 0, 1, 2, …, the lot's draw counter) is slot π(k), where π is a
 *      permutation of [0, N) keyed by the seed: a 4-round balanced Feistel network over the
 *      smallest even number of bits 2b with 2^(2b) ≥ N, round function
 *      F(r, x) = first 6 bytes of HMAC-SHA256(seed, "r:x") as an integer mod 2^b, with
 *      cycle-walking (apply again while the result is ≥ N).
 *   3. The pack holds the prize owning that slot.
 * A draw of k packs is a move of the counter by k: no shuffle is stored and none is recomputed.
 */
export interface LotPrize {
  id: number;
  count: number;
}

const ROUNDS = 4;

function halfBits(size: number): number {
  let bits = 1;
  while (2 ** (2 * bits) < size) bits += 1;
  return bits;
}

/** F(r, x): the Feistel round function of the documented draw function. */
export function roundValue(seed: string, round: number, value: number, mask: number): number {
  return createHmac('sha256', seed).update(`${round}:${value}`).digest().readUIntBE(0, 6) % (mask + 1);
}

/**
 * Every value of F for one lot, computed once (4 · 2^b HMACs: 2,048 for a lot of 200,000) and
 * then looked up, so drawing 3,000 packs costs table lookups rather than 12,000 HMACs.
 */
const tables = new Map<string, Uint32Array>();

function roundTable(seed: string, bits: number): Uint32Array {
  const key = `${bits}:${seed}`;
  let table = tables.get(key);
  if (!table) {
    const size = 2 ** bits;
    const mask = size - 1;
    table = new Uint32Array(ROUNDS * size);
    for (let round = 0; round < ROUNDS; round += 1) {
      for (let value = 0; value < size; value += 1)
        table[round * size + value] = roundValue(seed, round, value, mask);
    }
    if (tables.size >= 64) tables.delete(tables.keys().next().value as string);
    tables.set(key, table);
  }
  return table;
}

function feistel(table: Uint32Array, bits: number, value: number): number {
  const size = 2 ** bits;
  const mask = size - 1;
  let left = Math.floor(value / size);
  let right = value % size;
  for (let round = 0; round < ROUNDS; round += 1) {
    const next = (left ^ (table[round * size + right] as number)) >>> 0;
    left = right;
    right = next & mask;
  }
  return left * 2 ** bits + right;
}

/** π for one lot: index → slot, a permutation of [0, size) keyed by seed (tables looked up once). */
function permutation(seed: string, size: number): (index: number) => number {
  if (!Number.isSafeInteger(size) || size <= 0) throw new RangeError(`bad lot size ${size}`);
  if (size === 1) return () => 0;
  const bits = halfBits(size);
  const table = roundTable(seed, bits);
  return (index) => {
    let value = index;
    do {
      value = feistel(table, bits, value);
    } while (value >= size);
    return value;
  };
}

/** π(index): the slot of the index-th pack sold, a permutation of [0, size) keyed by seed. */
export function slotOf(seed: string, size: number, index: number): number {
  const slot = permutation(seed, size);
  if (!Number.isSafeInteger(index) || index < 0 || index >= size)
    throw new RangeError(`index ${index} outside lot`);
  return slot(index);
}

/**
 * The prizes of packs number `from` … `from + count - 1` of the lot, in sale order. `prizes`
 * must be in lineup order and their counts must sum to the lot size.
 */
export function drawPrizes(seed: string, prizes: LotPrize[], from: number, count: number): number[] {
  const size = prizes.reduce((sum, p) => sum + p.count, 0);
  if (from < 0 || count < 0 || from + count > size) throw new RangeError('draw outside the lot');
  const ends: number[] = [];
  let upto = 0;
  for (const prize of prizes) {
    upto += prize.count;
    ends.push(upto);
  }
  const slotOfIndex = permutation(seed, size);
  const result: number[] = new Array<number>(count);
  for (let i = 0; i < count; i += 1) {
    const slot = slotOfIndex(from + i);
    // Binary search for the first prize whose range ends after the slot.
    let lo = 0;
    let hi = ends.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((ends[mid] as number) > slot) hi = mid;
      else lo = mid + 1;
    }
    result[i] = (prizes[lo] as LotPrize).id;
  }
  return result;
}
