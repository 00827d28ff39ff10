import { z } from 'zod';
import { BANNER_MODE } from './catalog.ts';
import { MOVIE_STYLES, RARITY_MAX, RARITY_MIN } from './constants.ts';
import { idField, intField, textField } from './fields.ts';

/**
 * The console's shop settings (issue 12, catalogue second half): point courses with bonus
 * points, top-page banners, exchange cards, ranks and reveal videos. Every write needs
 * 'catalog.write' (owner, staff) and is audited.
 */

const required = 'common.required';
const flag = z.boolean({ error: 'common.invalid' });

/** Free text of the console: no control characters, trimmed, at most `max` characters. */
function text(max: number) {
  return textField({ printable: true }).trim().max(max, 'common.too_long');
}
function requiredText(max: number) {
  return textField({ error: required, printable: true }).trim().min(1, required).max(max, 'common.too_long');
}

/** A media path the shop serves (/media/…), as uploads and `ops media:put` store them. */
export const MEDIA_PATH_PATTERN = /^\/media\/[a-z0-9][a-z0-9._-]{0,120}$/;
const mediaPath = textField({ error: required })
  .trim()
  .min(1, required)
  .refine((v) => v === '' || MEDIA_PATH_PATTERN.test(v), 'shop_settings.media_path');
const optionalMediaPath = textField()
  .trim()
  .refine((v) => v === '' || MEDIA_PATH_PATTERN.test(v), 'shop_settings.media_path')
  .default('');

/** A link of a banner: a path of the shop (/pack/3) or an https address; '' for none. */
export const BANNER_LINK_PATTERN = /^(\/[^\s]*|https:\/\/[^\s]+)$/;
const bannerLink = textField()
  .trim()
  .max(500, 'common.too_long')
  .refine((v) => v === '' || BANNER_LINK_PATTERN.test(v), 'shop_settings.link_format')
  .default('');

/**
 * A moment of a period: '' (open) or an ISO date-time with its offset, as the console's
 * datetime-local inputs send it after adding Japan's +09:00.
 */
const ISO_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const moment = textField()
  .trim()
  .refine((v) => v === '' || (ISO_MOMENT.test(v) && !Number.isNaN(Date.parse(v))), 'shop_settings.datetime_format')
  .transform((v) => (v === '' ? null : new Date(v).toISOString()))
  .default('');

/** A coin amount (decimal string, at most two places), above zero unless `zero` is allowed. */
const COIN_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
function coinField(zero: boolean) {
  return z
    .union([z.number(), z.string()], { error: 'shop_settings.coin_format' })
    .transform(String)
    .refine((v) => COIN_PATTERN.test(v) && (zero || Number(v) > 0), 'shop_settings.coin_format');
}

/** A percent with at most two decimals, 0-100 (coin-back of a rank). */
const percentField = z
  .union([z.number(), z.string()], { error: 'shop_settings.rate_format' })
  .transform(String)
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, 'shop_settings.rate_format');

const AMOUNT_MAX = 10_000_000;
const sortField = intField({ min: 0, max: 1_000_000 }).default(0);

// Point courses -------------------------------------------------------------------------------

export const adminCourseSchema = z.object({
  id: z.number().int(),
  point: z.number().int(),
  bonus_point: z.number().int(),
  price: z.number().int(),
  memo: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  retired: z.boolean(),
  /** Payments made with it: their amounts were copied when they were made and never change. */
  payments: z.number().int(),
});
export type AdminCourse = z.infer<typeof adminCourseSchema>;
export const adminCourseListResponse = z.object({ courses: z.array(adminCourseSchema) });
export const adminCourseResponse = z.object({ course: adminCourseSchema });

/** POST /admin/courses/save: a new course (no course_id) or an edit of one. Price is yen with tax. */
export const coursePayload = z.object({
  course_id: idField().optional(),
  point: intField({ min: 1, max: AMOUNT_MAX, message: 'shop_settings.amount_range' }),
  bonus_point: intField({ min: 0, max: AMOUNT_MAX, message: 'shop_settings.amount_range' }).default(0),
  price: intField({ min: 1, max: AMOUNT_MAX, message: 'shop_settings.amount_range' }),
  memo: text(40).default(''),
  name_en: text(60).default(''),
  sort: sortField,
  published: flag.default(true),
});
export type CoursePayload = z.input<typeof coursePayload>;

/** POST /admin/courses/retire {course_id}: gone from the shop and the editor for good. */
export const courseRetirePayload = z.object({ course_id: idField() });

// Banners -------------------------------------------------------------------------------------

export const BANNER_MODES = [BANNER_MODE.slider, BANNER_MODE.video] as const;

export const adminBannerSchema = z.object({
  id: z.number().int(),
  file_name: z.string(),
  url: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
export const adminBannerListResponse = z.object({ banners: z.array(adminBannerSchema), mode: z.number().int() });
export const adminBannerResponse = z.object({ banner: adminBannerSchema });

export const bannerPayload = z
  .object({
    banner_id: idField().optional(),
    file_name: mediaPath,
    url: bannerLink,
    sort: sortField,
    published: flag.default(true),
    start_at: moment,
    end_at: moment,
  })
  .refine((v) => v.start_at === null || v.end_at === null || v.end_at > v.start_at, { path: ['end_at'], message: 'shop_settings.period_order' });
export type BannerPayload = z.input<typeof bannerPayload>;
export const bannerRemovePayload = z.object({ banner_id: idField() });
/** POST /admin/banners/mode {mode}: 1 image slider, 2 video. */
export const bannerModePayload = z.object({
  mode: z.union(BANNER_MODES.map((m) => z.literal(m)), { error: 'common.invalid' }),
});
export const bannerModeResponse = z.object({ mode: z.number().int() });

// Exchange cards ------------------------------------------------------------------------------

export const adminExchangeCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** English name and series for English mode ('' shows the Japanese ones). */
  name_en: z.string(),
  card_name: z.string(),
  card_name_en: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  sub_coin: z.string(),
  stock: z.number().int(),
  limit_per_member: z.number().int(),
  exchanged: z.number().int(),
  image: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
});
export type AdminExchangeCard = z.infer<typeof adminExchangeCardSchema>;
export const adminExchangeCardListResponse = z.object({ cards: z.array(adminExchangeCardSchema) });
export const adminExchangeCardResponse = z.object({ card: adminExchangeCardSchema });

const exchangeCardFields = {
  name: requiredText(120),
  name_en: text(120).default(''),
  card_name: text(120).default(''),
  card_name_en: text(120).default(''),
  model_number: text(60).default(''),
  rarity: intField({ min: RARITY_MIN, max: RARITY_MAX, message: 'shop_settings.rarity_range' }),
  sub_coin: coinField(false),
  limit_per_member: intField({ min: 0, max: 1_000_000 }).default(0),
  /** '' on create: the shop draws art for the card. */
  image: optionalMediaPath,
  sort: sortField,
  published: flag.default(true),
};
/** POST /admin/exchange-cards/create: a new card with its first stock. */
export const exchangeCardCreatePayload = z.object({ ...exchangeCardFields, stock: intField({ min: 0, max: 1_000_000, message: 'shop_settings.amount_range' }) });
/** POST /admin/exchange-cards/update: everything but the stock, which moves only by adjustment. */
export const exchangeCardUpdatePayload = z.object({ card_id: idField(), ...exchangeCardFields });
/**
 * POST /admin/exchange-cards/stock {card_id, change}: adds (or with a negative change, takes)
 * stock relative to what is there at that moment, so exchanges made while the operator typed
 * are never given back; the stock never goes below zero.
 */
export const exchangeStockPayload = z.object({
  card_id: idField(),
  change: z
    .number({ error: 'shop_settings.stock_change' })
    .int('shop_settings.stock_change')
    .min(-1_000_000, 'shop_settings.stock_change')
    .max(1_000_000, 'shop_settings.stock_change')
    .refine((v) => v !== 0, 'shop_settings.stock_change'),
});

// Ranks ---------------------------------------------------------------------------------------

export const adminRankSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  threshold_price: z.number().int(),
  coin_back_rate: z.string(),
  maintain_coin: z.string(),
  icon: z.string(),
});
export type AdminRank = z.infer<typeof adminRankSchema>;
export const adminRankListResponse = z.object({ ranks: z.array(adminRankSchema) });
export const adminRankResponse = z.object({ rank: adminRankSchema });

/** POST /admin/ranks/update: the lowest rank stays at 0 yen and 0 coins; thresholds rise with rank. */
export const rankUpdatePayload = z.object({
  rank_id: idField(),
  name: requiredText(30),
  name_en: requiredText(30),
  threshold_price: intField({ min: 0, max: 1_000_000_000, message: 'shop_settings.amount_range' }),
  coin_back_rate: percentField,
  maintain_coin: coinField(true),
  icon: optionalMediaPath,
});
export type RankUpdatePayload = z.input<typeof rankUpdatePayload>;

// Reveal videos -------------------------------------------------------------------------------

export const REVEAL_VIDEO_FORMATS = ['mp4', 'webm'] as const;
export type RevealVideoFormat = (typeof REVEAL_VIDEO_FORMATS)[number];

/** The media id of a reveal video: the shop's reveal looks these names up (GET /user/reveal_movies). */
export function revealVideoId(rarity: number, movieStyle: number, format: RevealVideoFormat): string {
  return `movie-r${rarity}-s${movieStyle}.${format}`;
}

export const adminRevealVideoSchema = z.object({
  rarity: z.number().int(),
  movie_style: z.number().int(),
  format: z.enum(REVEAL_VIDEO_FORMATS),
  url: z.string(),
  bytes: z.number().int(),
});
export type AdminRevealVideo = z.infer<typeof adminRevealVideoSchema>;
export const adminRevealVideoListResponse = z.object({ videos: z.array(adminRevealVideoSchema) });

const revealKey = {
  rarity: intField({ min: RARITY_MIN, max: RARITY_MAX, message: 'shop_settings.rarity_range' }),
  movie_style: intField({ max: 99 }).refine((v) => (MOVIE_STYLES as readonly number[]).includes(v), 'shop_settings.movie_style'),
};
/** POST /admin/reveal-videos/upload: a multipart form, this as its `json` field and the video as `file`. */
export const revealVideoUploadPayload = z.object(revealKey);
export const revealVideoRemovePayload = z.object({ ...revealKey, format: z.enum(REVEAL_VIDEO_FORMATS, { error: 'common.invalid' }) });
export const adminRevealVideoResponse = z.object({ video: adminRevealVideoSchema });
export const revealVideoRemoveResponse = z.object({ removed: z.boolean() });

// Images and videos of the settings ---------------------------------------------------------

/** What an upload of POST /admin/shop-media/upload is for: banners take images or videos, the others images. */
export const SHOP_MEDIA_USES = ['banner', 'exchange', 'rank'] as const;
export const shopMediaUploadPayload = z.object({ use: z.enum(SHOP_MEDIA_USES, { error: 'common.invalid' }) });
export const shopMediaUploadResponse = z.object({ url: z.string() });
