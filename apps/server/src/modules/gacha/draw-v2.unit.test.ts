import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawPurchase, purchaseKey } from './draw-v2.ts';

const seed = Buffer.alloc(32, 1);
const sig = (n: number) => Buffer.alloc(48, n);

describe('oripa-draw-v2', () => {
  it('draws without replacement and exactly the lot', () => {
    const remaining = [1, 3, 12];
    const prizes = drawPurchase({ seed, lotId: 9, seq: 1, count: 16, signature: sig(2), remaining });
    expect(remaining).toEqual([0, 0, 0]);
    expect(prizes.filter((p) => p === 0)).toHaveLength(1);
    expect(prizes.filter((p) => p === 1)).toHaveLength(3);
    expect(() => drawPurchase({ seed, lotId: 9, seq: 2, count: 1, signature: sig(2), remaining })).toThrow();
  });

  it('depends on the beacon round: the same purchase with another signature draws otherwise', () => {
    const draw = (s: Buffer) => drawPurchase({ seed, lotId: 3, seq: 4, count: 20, signature: s, remaining: [5, 5, 5, 5, 5, 5] });
    expect(draw(sig(1))).toEqual(draw(sig(1)));
    expect(draw(sig(1))).not.toEqual(draw(sig(2)));
  });

  it('follows the specification byte for byte (first value, rejection bound)', () => {
    const key = purchaseKey(seed, 3, 4, sig(1));
    const block0 = createHmac('sha256', key).update(Buffer.alloc(8)).digest();
    const x = block0.readBigUInt64BE(0);
    // With one prize left in m = 7 packs spread over 7 prizes, the index is x mod 7 (x < limit
    // but for a 2^-61 chance).
    const [first] = drawPurchase({ seed, lotId: 3, seq: 4, count: 1, signature: sig(1), remaining: [1, 1, 1, 1, 1, 1, 1] });
    expect(first).toBe(Number(x % 7n));
  });

  it('is uniform over what remains (chi-square over 14,000 draws of 7 packs)', () => {
    const counts = new Array<number>(7).fill(0);
    for (let seq = 1; seq <= 14_000; seq += 1) {
      const [p] = drawPurchase({ seed, lotId: 1, seq, count: 1, signature: sig(3), remaining: [1, 1, 1, 1, 1, 1, 1] });
      counts[p as number] = (counts[p as number] as number) + 1;
    }
    const chi = counts.reduce((s, c) => s + (c - 2000) ** 2 / 2000, 0);
    // 6 degrees of freedom: 22.46 is the 0.999 quantile.
    expect(chi).toBeLessThan(22.46);
  });
});
