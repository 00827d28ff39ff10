/**
 * Catalogue constants of `@oripa/contract/catalog`, restated here because that module builds
 * its zod schemas at load time: importing a constant from it would put zod (~25 kB gzipped) in
 * every catalogue screen. catalog-constants.test.ts fails if these drift from the contract.
 */
export const MAX_PURCHASE_COUNT = 3000;
export const ALL_CARD_TYPES = 0;
export const RARITY_TIERS = ['normal', 'rare', 'superRare', 'ultraRare'] as const;
