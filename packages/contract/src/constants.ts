/**
 * Plain constants and rules of the catalogue and purchases, free of zod so the web app can
 * import them without loading the schema library into every screen.
 */

/** Most packs one purchase may take (spec section 9). */
export const MAX_PURCHASE_COUNT = 3000;

/** all_list type 0 means every card type. */
export const ALL_CARD_TYPES = 0;

/** Won-card rarity runs 1-7; the lineup shows four display tiers (design decision 3). */
export const RARITY_MIN = 1;
export const RARITY_MAX = 7;
export const RARITY_TIERS = ['normal', 'rare', 'superRare', 'ultraRare'] as const;
export type RarityTier = 0 | 1 | 2 | 3;

export function rarityTier(rarity: number): RarityTier {
  if (rarity >= 7) return 3;
  if (rarity >= 5) return 2;
  if (rarity >= 3) return 1;
  return 0;
}

/** Labels of won-card rarities 1-7, shown on cards and in the reveal. */
export const RARITY_LABELS: Record<number, string> = {
  1: 'C',
  2: 'U',
  3: 'R',
  4: 'RR',
  5: 'SR',
  6: 'SSR',
  7: 'UR',
};

/** Movie styles of the reveal (spec section 9); 0 is the default look. */
export const MOVIE_STYLES = [0, 1, 2, 3, 6, 8, 9, 10, 11, 12, 13, 14] as const;

/** payment_method of a pack: '1' paid with points, '2' paid with coins. */
export const PAYMENT_METHOD = { points: '1', coins: '2' } as const;

/** The count select's options run 1 … this (spec sections 5 and 9). */
export function maxPurchaseCount(packCount: number, maxBuyCount: number): number {
  const capped = Math.min(Math.max(packCount, 0), MAX_PURCHASE_COUNT);
  return maxBuyCount > 0 ? Math.min(capped, maxBuyCount) : capped;
}

/** Hours a member has to choose between shipping and converting won cards. */
export const DECISION_HOURS = 24;
