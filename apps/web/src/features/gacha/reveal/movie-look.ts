import { MOVIE_STYLES, RARITY_MAX, RARITY_MIN, rarityTier, type RarityTier } from '@oripa/contract/constants';

/**
 * The looks of the built-in opening movie: one per rarity tier (the highest tier won decides
 * colour, intensity and length) crossed with one variation per movie_style (particle shape, ray
 * pattern and spin direction), so each of the 4 × 12 combinations looks its own.
 */

export type ParticleShape = 'spark' | 'star' | 'diamond' | 'petal';

export interface MovieLook {
  tier: RarityTier;
  /** Index of the movie_style among the known styles (0 for an unknown one). */
  variation: number;
  /** Colours of light, particles and rays, brightest first. */
  palette: readonly string[];
  /** Background glow colour. */
  glow: string;
  shape: ParticleShape;
  rays: number;
  /** Rotation direction of the rays: 1 clockwise, -1 counter-clockwise. */
  spin: 1 | -1;
  /** A second, counter-rotating ray layer (higher tiers). */
  doubleRays: boolean;
  particles: number;
  durationMs: number;
  /** Small shake at the burst (higher tiers). */
  shake: boolean;
}

const PALETTES: Record<RarityTier, { palette: string[]; glow: string }> = {
  0: { palette: ['#ffffff', '#d6e2f3', '#9fb4d3'], glow: '#5a6d8c' },
  1: { palette: ['#e8f3ff', '#7fb6ff', '#2d6fd6'], glow: '#1f4fa8' },
  2: { palette: ['#fff6cf', '#ffd95a', '#f5b400', '#e09200'], glow: '#b97d00' },
  3: { palette: ['#ffffff', '#ff5a5f', '#f5b400', '#3fd18a', '#3aa0ff', '#a45cff'], glow: '#a4307a' },
};

const SHAPES: readonly ParticleShape[] = ['spark', 'star', 'diamond', 'petal'];
const RAY_COUNTS = [12, 8, 16] as const;
const DURATIONS: Record<RarityTier, number> = { 0: 2000, 1: 2300, 2: 2600, 3: 3000 };

/** The display tier of the best card of a result (0 normal … 3 ultraRare). */
export function highestTier(cards: readonly { rarity: number }[]): RarityTier {
  let best = 0;
  for (const card of cards) if (card.rarity > best) best = card.rarity;
  return rarityTier(best);
}

export function styleVariation(movieStyle: number): number {
  const index = (MOVIE_STYLES as readonly number[]).indexOf(movieStyle);
  return index < 0 ? 0 : index;
}

export function movieLook(tier: RarityTier, movieStyle: number): MovieLook {
  const variation = styleVariation(movieStyle);
  const { palette, glow } = PALETTES[tier];
  return {
    tier,
    variation,
    palette,
    glow,
    shape: SHAPES[variation % SHAPES.length] ?? 'spark',
    rays: RAY_COUNTS[Math.floor(variation / SHAPES.length) % RAY_COUNTS.length] ?? 12,
    spin: variation % 2 === 0 ? 1 : -1,
    doubleRays: tier >= 2,
    particles: 50 + tier * 30,
    durationMs: DURATIONS[tier],
    shake: tier >= 2,
  };
}

/** The best rarity (1–7) of a result's cards; null when there is none in that range. */
export function highestRarity(cards: readonly { rarity: number }[]): number | null {
  let best: number | null = null;
  for (const card of cards) {
    if (Number.isInteger(card.rarity) && card.rarity >= RARITY_MIN && card.rarity <= RARITY_MAX) {
      if (best === null || card.rarity > best) best = card.rarity;
    }
  }
  return best;
}

/**
 * Where an operator may put a real video for a (rarity, movie_style) — one video per rarity 1–7
 * and movie style (spec section 2), named movie-r<rarity>-s<style>.mp4 or .webm — in order of
 * preference (mp4 first). The one that exists is played; the built-in movie stays per tier.
 */
export function operatorMoviePaths(rarity: number | null, movieStyle: number): string[] {
  if (rarity === null) return [];
  const base = `/media/movie-r${rarity}-s${movieStyle}`;
  return [`${base}.mp4`, `${base}.webm`];
}
