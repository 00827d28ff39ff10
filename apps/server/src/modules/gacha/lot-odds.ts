import { rarityTier } from '@oripa/contract/catalog';
import type { Odds } from '@oripa/contract/trust';
import { drawPrizes } from './draw-engine.ts';

export interface OddsPrize {
  id: number;
  count: number;
  rarity: number;
  buyPoint: number;
}

/**
 * Prizes drawn so far per lot, by prize id. The draw function says which prize each pack number
 * holds, so the first `drawn` draws are recomputed rather than counted from the won cards (a
 * scan of every card of the lot); each lot's tally is kept and extended from where it was, and
 * keyed by the drawn count, so it can never be staler than the counter it was read with.
 */
const tallies = new Map<string, { drawn: number; byPrize: Map<number, number> }>();

export function drawnByPrize(
  packId: number,
  seed: string,
  lineup: readonly OddsPrize[],
  drawn: number,
): Map<number, number> {
  const key = `${packId}:${seed}`;
  let tally = tallies.get(key);
  if (!tally || tally.drawn > drawn) tally = { drawn: 0, byPrize: new Map() };
  if (tally.drawn < drawn) {
    const byPrize = new Map(tally.byPrize);
    for (const id of drawPrizes(seed, [...lineup], tally.drawn, drawn - tally.drawn))
      byPrize.set(id, (byPrize.get(id) ?? 0) + 1);
    tally = { drawn, byPrize };
  }
  if (tallies.size >= 256 && !tallies.has(key)) tallies.delete(tallies.keys().next().value as string);
  tallies.set(key, tally);
  return tally.byPrize;
}

const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;

/**
 * Live odds (提供割合) of a lot whose prizes, in lineup order, have had `drawnByPrize` drawn: per
 * prize and per rarity tier the initial and remaining counts and the chance of being the next
 * pack drawn (as a member sees it, who does not know the seed), and the points the next pack
 * converts to on average.
 */
export function lotOdds(lineup: readonly OddsPrize[], drawn: ReadonlyMap<number, number>): Odds {
  const prizes = lineup.map((p) => ({ prize: p, remaining: p.count - (drawn.get(p.id) ?? 0) }));
  const left = prizes.reduce((sum, p) => sum + p.remaining, 0);
  const chance = (n: number) => (left > 0 ? round(n / left, 6) : 0);
  const tiers = new Map<number, { initial: number; remaining: number }>();
  for (const { prize, remaining } of prizes) {
    const tier = rarityTier(prize.rarity);
    const t = tiers.get(tier) ?? { initial: 0, remaining: 0 };
    t.initial += prize.count;
    t.remaining += remaining;
    tiers.set(tier, t);
  }
  const value = prizes.reduce((sum, p) => sum + p.remaining * p.prize.buyPoint, 0);
  return {
    remaining_total: left,
    tiers: [...tiers.entries()]
      .sort(([a], [b]) => b - a)
      .map(([tier, t]) => ({
        tier,
        initial: t.initial,
        remaining: t.remaining,
        chance: chance(t.remaining),
      })),
    prizes: prizes.map(({ prize, remaining }) => ({
      prize_id: prize.id,
      initial: prize.count,
      remaining,
      chance: chance(remaining),
    })),
    expected_point: left > 0 ? round(value / left, 2) : 0,
  };
}
