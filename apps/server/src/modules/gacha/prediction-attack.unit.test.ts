import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { drawPurchase } from './draw-v2.ts';

/**
 * The audit's prediction attack (issue 20), replayed against oripa-draw-v2 on 16-pack lots
 * (1 top prize, 3 rare, 12 normal) sold one pack per purchase. What the public log shows after 9
 * purchases: each draw's prizes and beacon signature. What nobody has when the 10th purchase is
 * recorded: the signature of its round R, which comes later.
 */
const LINEUP = [1, 3, 12];
const LOT = 12;

interface Lot {
  seed: Buffer;
  signatures: Buffer[];
  prizes: number[];
}

function sellLot(): Lot {
  const seed = randomBytes(32);
  const remaining = [...LINEUP];
  const signatures: Buffer[] = [];
  const prizes: number[] = [];
  for (let seq = 1; seq <= 16; seq += 1) {
    const signature = randomBytes(48);
    signatures.push(signature);
    prizes.push(...drawPurchase({ seed, lotId: LOT, seq, count: 1, signature, remaining }));
  }
  return { seed, signatures, prizes };
}

const remainingAfter = (prizes: number[], n: number) => LINEUP.map((c, j) => c - prizes.slice(0, n).filter((p) => p === j).length);

/** Hits of a predictor of the 10th pack's prize against what chance gives, over many lots. */
function score(lots: Lot[], predict: (lot: Lot) => number) {
  let hits = 0;
  let expected = 0;
  let variance = 0;
  for (const lot of lots) {
    const left = remainingAfter(lot.prizes, 9);
    const guess = predict(lot);
    const p = (left[guess] as number) / 7;
    expected += p;
    variance += p * (1 - p);
    if (lot.prizes[9] === guess) hits += 1;
  }
  return { hits, expected, sigma: Math.sqrt(variance) };
}

describe('the audit prediction attack against oripa-draw-v2 (16-pack lot)', { timeout: 120_000 }, () => {
  const lots = Array.from({ length: 1500 }, sellLot);

  it('the audit\'s key search: keys that fit 9 observed draws predict the 10th no better than chance', () => {
    // The audit fitted v1's Feistel keys (about 2 × 2^16 candidates, 2 s) and then knew the rest
    // of the lot. Here many keys fit the few observed prizes of a small lot, and none tells the
    // next: it depends on the signature of a round that does not exist yet. The attacker votes
    // among the fitting keys of a 2^7 search, with the last published signature standing in for R.
    const { hits, expected, sigma } = score(lots.slice(0, 200), (lot) => {
      const votes = [0, 0, 0];
      for (let k = 0; k < 128; k += 1) {
        const candidate = Buffer.alloc(32);
        candidate.writeUInt32BE(k, 28);
        const remaining = [...LINEUP];
        let fits = true;
        for (let seq = 1; seq <= 9 && fits; seq += 1) {
          const [p] = drawPurchase({ seed: candidate, lotId: LOT, seq, count: 1, signature: lot.signatures[seq - 1] as Buffer, remaining });
          fits = p === lot.prizes[seq - 1];
        }
        if (!fits) continue;
        const [next] = drawPurchase({ seed: candidate, lotId: LOT, seq: 10, count: 1, signature: lot.signatures[8] as Buffer, remaining });
        votes[next as number] = (votes[next as number] as number) + 1;
      }
      const left = remainingAfter(lot.prizes, 9);
      return Math.max(...votes) > 0 ? votes.indexOf(Math.max(...votes)) : left.indexOf(Math.max(...left));
    });
    expect(Math.abs(hits - expected)).toBeLessThan(4 * sigma);
  });

  it('predicting the 10th pack from the public log does no better than chance', () => {
    // The best a member can do without the seed and without R: guess the prize with most packs left.
    const { hits, expected, sigma } = score(lots, (lot) => {
      const left = remainingAfter(lot.prizes, 9);
      return left.indexOf(Math.max(...left));
    });
    expect(Math.abs(hits - expected)).toBeLessThan(4 * sigma);
  });

  it('an insider holding the seed, but not round R, also does no better than chance', () => {
    // Before the purchase is recorded the insider knows everything but R's signature; the best
    // stand-in is the last published signature (or any other guess).
    const { hits, expected, sigma } = score(lots, (lot) => {
      const remaining = remainingAfter(lot.prizes, 9);
      const [p] = drawPurchase({ seed: lot.seed, lotId: LOT, seq: 10, count: 1, signature: lot.signatures[8] as Buffer, remaining });
      return p as number;
    });
    expect(Math.abs(hits - expected)).toBeLessThan(4 * sigma);
    // Where the top prize is still in, the insider's "top prize next" calls hit at chance (1/7 a call).
    let calls = 0;
    let right = 0;
    for (const lot of lots) {
      const remaining = remainingAfter(lot.prizes, 9);
      if (remaining[0] !== 1) continue;
      const [p] = drawPurchase({ seed: lot.seed, lotId: LOT, seq: 10, count: 1, signature: lot.signatures[8] as Buffer, remaining: [...remaining] });
      if (p !== 0) continue;
      calls += 1;
      if (lot.prizes[9] === 0) right += 1;
    }
    const sigmaCalls = Math.sqrt(calls * (1 / 7) * (6 / 7));
    expect(Math.abs(right - calls / 7)).toBeLessThan(4 * sigmaCalls + 1);
  });

  it('with the real round the draw is what was drawn (the test is not vacuous)', () => {
    for (const lot of lots.slice(0, 50)) {
      const [p] = drawPurchase({ seed: lot.seed, lotId: LOT, seq: 10, count: 1, signature: lot.signatures[9] as Buffer, remaining: remainingAfter(lot.prizes, 9) });
      expect(p).toBe(lot.prizes[9]);
    }
  });
});
