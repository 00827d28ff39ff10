import { hashSeed } from '../../media/svg.ts';

/** A prize slot of a lineup: a fixed count, or a share (weight) of what the fixed ones leave. */
export interface LineupSlot {
  rarity: number;
  count?: number;
  weight?: number;
}

/** Fillers without a weight: commons take the most packs, then uncommons, then the rest. */
function defaultWeight(rarity: number): number {
  return rarity <= 1 ? 3 : rarity === 2 ? 2 : 1;
}

/**
 * Counts of each slot so that they sum to `total` exactly: fixed counts as given, the rest split
 * among the weighted slots by largest remainder, each getting at least one pack.
 */
export function allocateCounts(total: number, slots: readonly LineupSlot[]): number[] {
  const fixed = slots.reduce((sum, s) => sum + (s.count ?? 0), 0);
  const shared = slots
    .map((s, i) => ({
      i,
      w: s.count === undefined ? (s.weight ?? defaultWeight(s.rarity)) : 0,
    }))
    .filter((s) => s.w > 0);
  const rest = total - fixed;
  if (shared.length === 0) {
    if (rest !== 0) throw new Error(`lineup counts ${fixed} do not make ${total}`);
    return slots.map((s) => s.count ?? 0);
  }
  if (rest < shared.length) throw new Error(`lineup leaves ${rest} packs for ${shared.length} filler prizes`);
  const weights = shared.reduce((sum, s) => sum + s.w, 0);
  // Each filler gets one pack first, then the remainder is split by weight.
  const spare = rest - shared.length;
  const counts = slots.map((s) => s.count ?? 1);
  const exact = shared.map((s) => ({ i: s.i, share: (spare * s.w) / weights }));
  let given = 0;
  for (const e of exact) {
    const whole = Math.floor(e.share);
    counts[e.i] = (counts[e.i] ?? 0) + whole;
    given += whole;
  }
  exact.sort((a, b) => b.share - Math.floor(b.share) - (a.share - Math.floor(a.share)) || a.i - b.i);
  for (let k = 0; k < spare - given; k++) {
    const e = exact[k % exact.length]!;
    counts[e.i] = (counts[e.i] ?? 0) + 1;
  }
  return counts;
}

/** Conversion value of a card in points, by rarity: low and high end. */
const VALUE_RANGE: Record<number, readonly [number, number]> = {
  7: [200_000, 500_000],
  6: [50_000, 120_000],
  5: [10_000, 30_000],
  4: [2_500, 8_000],
  3: [600, 2_000],
  2: [100, 250],
  1: [20, 60],
};

/** Rounds a point value the way a shop lists it: hundreds above 1,000, tens above 100. */
export function roundPoints(value: number): number {
  if (value >= 1000) return Math.round(value / 100) * 100;
  if (value >= 100) return Math.round(value / 10) * 10;
  return Math.max(1, Math.round(value));
}

/**
 * Points a card converts to. A card is worth the same in every pack that holds it; where it
 * sits within its rarity's range is fixed by its code, so values look hand-set.
 */
export function buyPointFor(rarity: number, code: string): number {
  const [low, high] = VALUE_RANGE[rarity] ?? VALUE_RANGE[1]!;
  const position = (hashSeed(`value:${code}`) % 1000) / 999;
  return roundPoints(low + (high - low) * position);
}
