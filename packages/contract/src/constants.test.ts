import { describe, expect, it } from 'vitest';
import { RARITY_LABELS, RARITY_MAX, RARITY_MIN, RARITY_TIERS, rarityTier } from './constants.ts';

describe('rarityTier', () => {
  it('maps won-card rarities 1-7 to the four display tiers of design decision 3', () => {
    const tiers = Array.from({ length: RARITY_MAX - RARITY_MIN + 1 }, (_, i) => rarityTier(RARITY_MIN + i));
    // C U → normal, R RR → rare, SR SSR → super rare, UR → ultra rare.
    expect(tiers).toEqual([0, 0, 1, 1, 2, 2, 3]);
    expect(tiers.map((tier) => RARITY_TIERS[tier])).toEqual([
      'normal',
      'normal',
      'rare',
      'rare',
      'superRare',
      'superRare',
      'ultraRare',
    ]);
    expect(Object.keys(RARITY_LABELS).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps rarities outside 1-7 in the nearest tier', () => {
    expect(rarityTier(0)).toBe(0);
    expect(rarityTier(8)).toBe(3);
  });
});
