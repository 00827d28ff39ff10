import { describe, expect, it } from 'vitest';
import { drawPrizes, roundValue, slotOf } from './draw-engine.ts';

const SEED = 'a3f1c2e4b5d6978899aabbccddeeff00112233445566778899aabbccddeeff00';

describe('slotOf', () => {
  it.each([1, 2, 3, 7, 100, 1000, 4099])('is a permutation of a lot of %i packs', (size) => {
    const seen = new Set<number>();
    for (let i = 0; i < size; i += 1) seen.add(slotOf(SEED, size, i));
    expect(seen.size).toBe(size);
    expect(Math.min(...seen)).toBe(0);
    expect(Math.max(...seen)).toBe(size - 1);
  });

  it('depends on the seed', () => {
    const a = Array.from({ length: 50 }, (_, i) => slotOf(SEED, 1000, i));
    const b = Array.from({ length: 50 }, (_, i) => slotOf(`${SEED}x`, 1000, i));
    expect(a).not.toEqual(b);
  });

  it('refuses an index outside the lot', () => {
    expect(() => slotOf(SEED, 10, 10)).toThrow(RangeError);
  });
});

describe('drawPrizes', () => {
  const prizes = [
    { id: 1, count: 1 },
    { id: 2, count: 9 },
    { id: 3, count: 90 },
  ];

  it('hands out every prize exactly as many times as it exists over the whole lot', () => {
    const all = drawPrizes(SEED, prizes, 0, 100);
    expect(all.filter((p) => p === 1)).toHaveLength(1);
    expect(all.filter((p) => p === 2)).toHaveLength(9);
    expect(all.filter((p) => p === 3)).toHaveLength(90);
  });

  it('gives the same packs whether bought at once or one by one', () => {
    const atOnce = drawPrizes(SEED, prizes, 10, 20);
    const oneByOne = Array.from({ length: 20 }, (_, i) => drawPrizes(SEED, prizes, 10 + i, 1)[0]);
    expect(oneByOne).toEqual(atOnce);
  });

  it('is reproducible from the seed (the published function)', () => {
    // Fixed figures, computed once: members verify past draws with the published function, so
    // any change to its output for a given seed breaks them, and this test with it.
    expect(Array.from({ length: 12 }, (_, i) => slotOf(SEED, 100, i))).toEqual([84, 52, 28, 20, 51, 42, 9, 49, 45, 71, 34, 8]);
    const all = drawPrizes(SEED, prizes, 0, 100);
    expect(all.indexOf(1)).toBe(86);
    expect(all.flatMap((prize, position) => (prize === 2 ? [position] : []))).toEqual([6, 11, 24, 32, 40, 48, 54, 91, 94]);
  });

  it('spreads the top prize: its position differs between seeds', () => {
    const positions = new Set<number>();
    for (let s = 0; s < 20; s += 1) positions.add(drawPrizes(`${SEED}${s}`, prizes, 0, 100).indexOf(1));
    expect(positions.size).toBeGreaterThan(10);
  });

  it('refuses to draw past the end of the lot', () => {
    expect(() => drawPrizes(SEED, prizes, 95, 6)).toThrow(RangeError);
  });

  it('draws 3000 packs quickly', () => {
    const big = [
      { id: 1, count: 10 },
      { id: 2, count: 99_990 },
    ];
    const started = performance.now();
    expect(drawPrizes(SEED, big, 500, 3000)).toHaveLength(3000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('the round function', () => {
  it('is HMAC-SHA256 as documented, also with long keys', async () => {
    const { createHmac } = await import('node:crypto');
    for (const seed of [SEED, 'k'.repeat(100), '']) {
      for (const [round, value] of [
        [0, 0],
        [3, 511],
        [1, 12345],
      ] as const) {
        const expected =
          createHmac('sha256', seed).update(`${round}:${value}`).digest().readUIntBE(0, 6) % 1024;
        expect(roundValue(seed, round, value, 1023)).toBe(expected);
      }
    }
  });
});

describe('the documented function', () => {
  /** A verifier's straightforward implementation of docs/decisions/004, without tables. */
  function referenceSlot(seed: string, size: number, index: number): number {
    let bits = 1;
    while (2 ** (2 * bits) < size) bits += 1;
    const half = 2 ** bits;
    let value = index;
    do {
      let left = Math.floor(value / half);
      let right = value % half;
      for (let round = 0; round < 4; round += 1) {
        const next = (left ^ roundValue(seed, round, right, half - 1)) >>> 0;
        left = right;
        right = next & (half - 1);
      }
      value = left * half + right;
    } while (value >= size);
    return value;
  }

  it('matches a plain implementation from the design record', () => {
    for (const size of [2, 10, 1000, 205_050]) {
      for (const index of [0, 1, Math.floor(size / 2), size - 1]) {
        expect(slotOf(SEED, size, index)).toBe(referenceSlot(SEED, size, index));
      }
    }
  });
});

describe('draws follow the lot (statistics)', () => {
  it('hands out prizes in proportion to their counts: chi-square over 200 lots', () => {
    // A lot of 1,000 packs: 10 top prizes, 90 middle, 900 common. Sell the first 100 packs of
    // 200 lots with different seeds (20,000 draws) and compare the counts with the lineup.
    const lineup = [
      { id: 1, count: 10 },
      { id: 2, count: 90 },
      { id: 3, count: 900 },
    ];
    const observed = new Map<number, number>([
      [1, 0],
      [2, 0],
      [3, 0],
    ]);
    const lots = 200;
    const sold = 100;
    for (let lot = 0; lot < lots; lot += 1) {
      for (const prize of drawPrizes(`${SEED}:${lot}`, lineup, 0, sold)) observed.set(prize, (observed.get(prize) ?? 0) + 1);
    }
    const draws = lots * sold;
    let chiSquare = 0;
    for (const { id, count } of lineup) {
      const expected = (draws * count) / 1000;
      chiSquare += ((observed.get(id) ?? 0) - expected) ** 2 / expected;
    }
    // 2 degrees of freedom: the 0.1% critical value is 13.82. A biased draw fails by far.
    expect(chiSquare).toBeLessThan(13.82);
  });
});
