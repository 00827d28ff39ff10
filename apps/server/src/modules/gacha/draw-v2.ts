import { createHash, createHmac } from 'node:crypto';

/**
 * The draw of oripa-draw-v2 (docs/fairness/draw-v2.md §3): the prizes of one purchase, drawn
 * without replacement from what remains of the lot, from the lot's secret seed and the beacon
 * signature of the round that did not exist when the purchase was recorded. HMAC-SHA256 in
 * counter mode with rejection sampling: every remaining pack is exactly equally likely.
 */
export const DRAW_ALGORITHM = 'oripa-draw-v2';

const u64be = (n: number | bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(BigInt(n));
  return b;
};

/** K = HMAC-SHA256(seed, "oripa-draw-v2" || 0x00 || u64be(lot_id) || u64be(seq) || sha256(sig)). */
export function purchaseKey(seed: Buffer, lotId: number, seq: number, signature: Buffer): Buffer {
  const randomness = createHash('sha256').update(signature).digest();
  return createHmac('sha256', seed)
    .update(Buffer.concat([Buffer.from(DRAW_ALGORITHM, 'utf8'), Buffer.from([0]), u64be(lotId), u64be(seq), randomness]))
    .digest();
}

/** The stream of 64-bit values: block(i) = HMAC-SHA256(K, u64be(i)), four values a block. */
function* stream(key: Buffer): Generator<bigint> {
  for (let i = 0n; ; i += 1n) {
    const block = createHmac('sha256', key).update(u64be(i)).digest();
    for (let j = 0; j < 32; j += 8) yield block.readBigUInt64BE(j);
  }
}

const TWO_64 = 1n << 64n;

export interface DrawInput {
  seed: Buffer;
  lotId: number;
  seq: number;
  count: number;
  /** The beacon signature of round R (48 bytes). */
  signature: Buffer;
  /** Packs remaining per prize, in lineup order; changed in place as packs are drawn. */
  remaining: number[];
}

/** The prize indexes (0-based, lineup order) of the purchase's packs, in pack order. */
export function drawPurchase(input: DrawInput): number[] {
  const { remaining } = input;
  let m = remaining.reduce((a, b) => a + b, 0);
  if (input.count > m) throw new RangeError('draw past the end of the lot');
  const values = stream(purchaseKey(input.seed, input.lotId, input.seq, input.signature));
  const drawn: number[] = [];
  for (let n = 0; n < input.count; n += 1) {
    const big = BigInt(m);
    const limit = TWO_64 - (TWO_64 % big);
    let x = values.next().value as bigint;
    while (x >= limit) x = values.next().value as bigint;
    let idx = Number(x % big);
    let j = 0;
    while (idx >= (remaining[j] as number)) {
      idx -= remaining[j] as number;
      j += 1;
    }
    remaining[j] = (remaining[j] as number) - 1;
    m -= 1;
    drawn.push(j);
  }
  return drawn;
}
