import { describe, expect, it } from 'vitest';
import { allocateCounts, buyPointFor, roundPoints } from './demo-lineup.ts';

describe('allocateCounts', () => {
  it('keeps fixed counts and splits the rest by weight, summing to the total exactly', () => {
    const counts = allocateCounts(1000, [
      { rarity: 7, count: 1 },
      { rarity: 5, count: 9 },
      { rarity: 2 },
      { rarity: 1 },
      { rarity: 1, weight: 1 },
    ]);
    expect(counts.slice(0, 2)).toEqual([1, 9]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1000);
    expect(counts[3]).toBeGreaterThan(counts[2]!);
    expect(counts[2]).toBeGreaterThan(counts[4]!);
  });

  it('gives every filler at least one pack', () => {
    const counts = allocateCounts(5, [{ rarity: 7, count: 2 }, { rarity: 1 }, { rarity: 1 }, { rarity: 2 }]);
    expect(counts).toEqual([2, 1, 1, 1]);
  });

  it('refuses lineups that cannot make the total', () => {
    expect(() => allocateCounts(3, [{ rarity: 7, count: 3 }, { rarity: 1 }])).toThrow();
    expect(() => allocateCounts(10, [{ rarity: 7, count: 3 }])).toThrow();
  });
});

describe('buyPointFor', () => {
  it('values top rarities far above common ones, the same for a card everywhere', () => {
    expect(buyPointFor(7, 'X-001')).toBeGreaterThanOrEqual(200_000);
    expect(buyPointFor(1, 'X-100')).toBeLessThanOrEqual(60);
    expect(buyPointFor(4, 'X-010')).toBe(buyPointFor(4, 'X-010'));
    expect(buyPointFor(6, 'X-002')).toBeGreaterThan(buyPointFor(5, 'X-003'));
  });

  it('rounds like a price list', () => {
    expect(roundPoints(12345)).toBe(12300);
    expect(roundPoints(456)).toBe(460);
    expect(roundPoints(0.4)).toBe(1);
  });
});
