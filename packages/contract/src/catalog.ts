import { z } from 'zod';
import { pageInfoSchema } from './wire.ts';

export {
  ALL_CARD_TYPES,
  BANNER_MODE,
  MAX_PURCHASE_COUNT,
  MOVIE_STYLES,
  PAYMENT_METHOD,
  RARITY_LABELS,
  RARITY_MAX,
  RARITY_MIN,
  RARITY_TIERS,
  rarityTier,
  type RarityTier,
} from './constants.ts';

export const paymentMethodSchema = z.enum(['1', '2']);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const cardTypeSchema = z.object({ id: z.number().int(), name: z.string() });
export type CardType = z.infer<typeof cardTypeSchema>;

export const prefSchema = z.object({ id: z.number().int(), name: z.string() });
export type Pref = z.infer<typeof prefSchema>;

/** Banner area: mode (constants.ts, BANNER_MODE) 1 a slider of images, 2 a video. file_name is the media, url the link. */
export const bannerItemSchema = z.object({ file_name: z.string(), url: z.string() });
export const bannerListSchema = z.object({
  mode: z.union([z.literal(1), z.literal(2)]),
  list: z.array(bannerItemSchema),
});
export type BannerList = z.infer<typeof bannerListSchema>;

/** A pack as lists show it. Dates: start_date is ISO-8601 UTC, format_end_date is shown as is. */
export const packSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  point: z.number().int(),
  payment_method: paymentMethodSchema,
  pack_count: z.number().int(),
  total_pack_count: z.number().int(),
  card_type: z.number().int(),
  image: z.array(z.string()),
  is_before: z.boolean(),
  start_date: z.string(),
  format_end_date: z.string(),
  max_buy_count: z.number().int(),
  can_limit: z.union([z.literal(0), z.literal(1)]),
  limit_message: z.string(),
  show_cardlist: z.enum(['0', '1']),
  /**
   * The lot's best prize for the pack's tile (issue 25; beyond the spec): its rarest, then most
   * valuable lot prize; absent when the lineup is hidden or empty. buy_point is absent for a
   * prize that only ships.
   */
  top_prize: z
    .object({ name: z.string(), image_url: z.string(), rarity_label: z.string(), buy_point: z.number().int().optional() })
    .optional(),
  /**
   * Who may buy the pack (decision 056; beyond the spec), shown as badges; absent for a pack open
   * to every member. min_rank: the lowest rank that may buy it, named in the requester's language;
   * first_purchase: only members who never bought a pack; sms_verified: only SMS-verified members;
   * free_daily: one free pack a member and Japan-time day (SMS-verified members).
   */
  members_only: z
    .object({ min_rank: z.string().optional(), first_purchase: z.boolean(), sms_verified: z.boolean(), free_daily: z.boolean() })
    .optional(),
});
export type Pack = z.infer<typeof packSchema>;
export type MembersOnly = NonNullable<Pack['members_only']>;
export type TopPrize = NonNullable<Pack['top_prize']>;

/**
 * A pack on its detail page: the list fields plus the sanitized HTML description, and
 * member_remaining: for a pack with a per-member limit (can_limit 1), how many packs the
 * requester may still buy of it (the whole limit for a visitor); null when there is no such limit.
 */
export const packDetailSchema = packSchema.extend({ detail: z.string(), member_remaining: z.number().int().min(0).nullable() });
export type PackDetail = z.infer<typeof packDetailSchema>;

/** One prize of a pack's lineup; rarity is the display tier 0-3. */
export const packCardSchema = z.object({
  image_url: z.string(),
  name: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  /** Points the card converts to (issue 25; beyond the spec): absent for a ship-only prize. */
  buy_point: z.number().int().optional(),
});
export type PackCard = z.infer<typeof packCardSchema>;

// Responses (the envelope fields state, csrf and errors come on top of these).
export const cardTypeListResponse = z.object({ list: z.array(cardTypeSchema) });
export const prefListResponse = z.object({ list: z.array(prefSchema) });
export const bannerResponse = bannerListSchema;
export const packListResponse = z.object({ list: z.array(packSchema) });
export const packPageResponse = z.object({ list: z.array(packSchema), page: pageInfoSchema });
export const packCardPageResponse = z.object({ list: z.array(packCardSchema), page: pageInfoSchema });
export const packDetailResponse = z.object({ pack: packDetailSchema });

/**
 * GET /user/reveal_movies: addresses (/media/movie-r<rarity>-s<style>.<mp4|webm>) of the
 * operator's reveal videos that exist.
 */
export const revealMoviesResponse = z.object({ list: z.array(z.string()) });
export type RevealMovies = z.infer<typeof revealMoviesResponse>;

/** POST /user/pack/list payload: packs paid with one method (the exchange's coin-gacha tab). */
export const packListFilterPayload = z.object({ payment_method: paymentMethodSchema });

/** Packs a page of /user/pack/all_list, and lineup cards a page of /user/pack/card_list. */
export const PACKS_PER_PAGE = 12;
export const PACK_CARDS_PER_PAGE = 20;
