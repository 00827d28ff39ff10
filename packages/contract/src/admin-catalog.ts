import { z } from 'zod';
import { ACTION_TYPE, MAX_PURCHASE_COUNT, MOVIE_STYLES, PAYMENT_METHOD, RARITY_MAX, RARITY_MIN } from './constants.ts';
import { DB_INT_MAX, idField, intField, textField } from './fields.ts';
import { PRIZE_CAP_REASON_MAX } from './prize-caps.ts';

/**
 * The console's catalogue (/api/admin/card_types, /api/admin/packs…, /api/admin/media/image):
 * card types, packs with every field of the pack file (docs/pack-file.md), their lineups, sale
 * actions and image uploads. Every call needs 'catalog.write' (owner, staff).
 */

const required = 'common.required';
const tooLong = 'common.too_long';

const nameField = (max: number) => textField({ error: required, printable: true }).trim().min(1, required).max(max, tooLong);
const optionalText = (max: number) => textField({ printable: true }).trim().max(max, tooLong).default('');
const bool = z.boolean({ error: 'common.invalid' });

// Card types

export const cardTypeAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  sort: z.number().int(),
  /** Packs of this type (a type in use keeps its id; it is renamed, never removed). */
  packs: z.number().int(),
});
export type CardTypeAdmin = z.infer<typeof cardTypeAdminSchema>;

export const cardTypeAdminListResponse = z.object({ card_types: z.array(cardTypeAdminSchema) });

/** POST /admin/card_types/save: creates (no id) or changes a card type. */
export const cardTypeSavePayload = z.object({
  id: idField().optional(),
  name: nameField(60),
  name_en: optionalText(60),
  sort: intField({ min: 0, max: 1_000_000 }).default(0),
});
export const cardTypeAdminResponse = z.object({ card_type: cardTypeAdminSchema });

// Packs: the table

export const PACK_SORTS = ['id', 'name', 'point', 'remaining', 'start_at', 'end_at', 'sort'] as const;
export type PackSort = (typeof PACK_SORTS)[number];
/** A pack's state for an operator; 'on_sale' is what the shop sells now (sale-rule.ts). */
export const PACK_STATES = ['on_sale', 'scheduled', 'ended', 'sold_out', 'hidden'] as const;
export type PackState = (typeof PACK_STATES)[number];
export const PACK_PAGE_SIZES = [20, 50, 100] as const;

/** GET /admin/packs?…: filters, sort and page, all done in SQL (fast with any number of packs). */
export const packListQuery = z.object({
  page: intField({ min: 1, max: 1_000_000 }).default(1),
  per: intField({ min: 1, max: 100 }).default(20),
  sort: z.enum(PACK_SORTS, { error: 'common.invalid' }).default('id'),
  dir: z.enum(['asc', 'desc'], { error: 'common.invalid' }).default('desc'),
  q: textField().trim().max(120, tooLong).optional(),
  card_type: idField().optional(),
  state: z.enum(PACK_STATES, { error: 'common.invalid' }).optional(),
});
export type PackListQuery = z.input<typeof packListQuery>;

export const packAdminRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  card_type_id: z.number().int(),
  card_type: z.string(),
  point: z.number().int(),
  payment_method: z.enum([PAYMENT_METHOD.points, PAYMENT_METHOD.coins]),
  total: z.number().int(),
  remaining: z.number().int(),
  start_at: z.string(),
  end_at: z.string().nullable(),
  published: z.boolean(),
  sort: z.number().int(),
  state: z.enum(PACK_STATES),
});
export type PackAdminRow = z.infer<typeof packAdminRowSchema>;

export const packListResponse = z.object({
  packs: z.array(packAdminRowSchema),
  total: z.number().int(),
  page: z.number().int(),
  per: z.number().int(),
});

// Packs: one pack with its lineup

export const PRIZE_KINDS = ['lot', 'last_one', 'milestone'] as const;

export const prizeAdminSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRIZE_KINDS),
  name: z.string(),
  name_en: z.string(),
  image_url: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  num: z.number().int(),
  buy_point: z.number().int(),
  action_type: z.enum([ACTION_TYPE.choose, ACTION_TYPE.shipOnly]),
  count: z.number().int(),
  at: z.number().int(),
  every: z.number().int(),
  cost_yen: z.number().int().nullable(),
});
export type PrizeAdmin = z.infer<typeof prizeAdminSchema>;

export const packAdminSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string(),
  card_type_id: z.number().int(),
  point: z.number().int(),
  payment_method: z.enum([PAYMENT_METHOD.points, PAYMENT_METHOD.coins]),
  start_at: z.string(),
  end_at: z.string().nullable(),
  max_buy_count: z.number().int(),
  limit_per_member: z.number().int(),
  limit_message: z.string(),
  /** Member-only conditions and the free daily draw (decision 056). */
  min_rank_id: z.number().int().nullable(),
  first_purchase_only: z.boolean(),
  sms_verified_only: z.boolean(),
  free_daily: z.boolean(),
  show_cardlist: z.boolean(),
  movie_style: z.number().int(),
  images: z.array(z.string()),
  /** The stored (sanitized) HTML descriptions, Japanese and English. */
  detail: z.string(),
  detail_en: z.string(),
  sort: z.number().int(),
  published: z.boolean(),
  state: z.enum(PACK_STATES),
  total: z.number().int(),
  drawn: z.number().int(),
  seed_hash: z.string(),
  committed_at: z.string(),
  lineup: z.array(prizeAdminSchema),
});
export type PackAdmin = z.infer<typeof packAdminSchema>;

export const packIdParams = z.object({ id: idField() });
export const packAdminResponse = z.object({ pack: packAdminSchema });

// Packs: create (which commits the lot) and change

/** An image the console uploaded (POST /admin/media/image answers its URL). */
export const MEDIA_URL_PATTERN = /^\/media\/[A-Za-z0-9._-]{1,120}$/;
const mediaUrl = textField().refine((v) => MEDIA_URL_PATTERN.test(v), 'catalog_admin.image_url');
const isoTime = textField().refine((v) => v.length <= 40 && !Number.isNaN(Date.parse(v)), 'admin.date_format');
export const MAX_PACK_IMAGES = 5;
export const MAX_LINEUP = 500;

/**
 * What one card of a prize cost the shop, in yen (decision 050): optional ('' or null: not
 * entered). Not part of the lot's commitment, so it stays editable after the lot is committed.
 */
export const PRIZE_COST_MAX = 100_000_000;
export const prizeCostField = z
  .union([z.null(), z.literal('').transform(() => null), intField({ min: 0, max: PRIZE_COST_MAX })], { error: 'common.invalid' })
  .default(null);

const prizeTerms = {
  name: nameField(120),
  name_en: optionalText(120),
  image: mediaUrl.optional(),
  model_number: optionalText(60),
  rarity: intField({ min: RARITY_MIN, max: RARITY_MAX }),
  num: intField({ min: 1, max: 1_000_000 }).default(1),
  buy_point: intField({ min: 0, max: DB_INT_MAX }),
  action_type: z.enum([ACTION_TYPE.choose, ACTION_TYPE.shipOnly], { error: 'common.invalid' }).default(ACTION_TYPE.choose),
  cost_yen: prizeCostField,
};
/** A prize's own terms (no count): a last-one prize, and what every lineup file row carries. */
export const prizeTermsSchema = z.object(prizeTerms);
export const prizeInputSchema = z.object({ ...prizeTerms, count: intField({ min: 1, max: 1_000_000 }) });
export type PrizeInput = z.input<typeof prizeInputSchema>;
const milestoneInput = z.object({ ...prizeTerms, at: intField({ min: 1 }), every: intField({ min: 0 }).default(0) });

const prizeCapReason = textField({ printable: true }).trim().max(PRIZE_CAP_REASON_MAX, tooLong).default('');

/** The pack's own fields (not the lot): what stays changeable after the commitment. */
const packTerms = {
  name: nameField(120),
  /** English mode's name and description; empty: the Japanese ones. */
  name_en: optionalText(120),
  card_type_id: idField(),
  point: intField({ min: 1, max: 10_000_000 }),
  payment_method: z.enum([PAYMENT_METHOD.points, PAYMENT_METHOD.coins], { error: 'common.invalid' }),
  start_at: isoTime,
  end_at: isoTime.nullable().default(null),
  max_buy_count: intField({ min: 0, max: MAX_PURCHASE_COUNT }).default(0),
  limit_per_member: intField({ min: 0, max: 1_000_000 }).default(0),
  limit_message: optionalText(200),
  /**
   * Member-only pack (decision 056): the lowest rank that may buy it (null: any), first purchases
   * only, SMS-verified members only; or free once a day (count 1, no cost, SMS-verified members).
   */
  min_rank_id: idField().nullable().default(null),
  first_purchase_only: bool.default(false),
  sms_verified_only: bool.default(false),
  free_daily: bool.default(false),
  show_cardlist: bool.default(true),
  movie_style: intField().refine((v) => (MOVIE_STYLES as readonly number[]).includes(v), 'catalog_admin.movie_style').default(0),
  images: z.array(mediaUrl, { error: 'common.invalid' }).max(MAX_PACK_IMAGES, tooLong).default([]),
  detail: textField().max(50_000, tooLong).default(''),
  detail_en: textField().max(50_000, tooLong).default(''),
  sort: intField({ min: 0, max: 1_000_000 }).default(0),
  published: bool.default(false),
};

type Terms = { start_at: string; end_at: string | null; limit_per_member: number; limit_message: string };
function checkTerms(v: Terms, ctx: z.RefinementCtx) {
  if (v.end_at && Date.parse(v.end_at) <= Date.parse(v.start_at)) ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'catalog_admin.end_before_start' });
  if (v.limit_per_member > 0 && !v.limit_message) ctx.addIssue({ code: 'custom', path: ['limit_message'], message: 'catalog_admin.limit_message_required' });
}

/** POST /admin/packs/create: a new pack and its lot, committed at once (decision 014). */
export const packCreatePayload = z
  .object({
    ...packTerms,
    lineup: z.array(prizeInputSchema, { error: 'catalog_admin.lineup_invalid' }).min(1, 'catalog_admin.lineup_invalid').max(MAX_LINEUP, tooLong),
    last_one: z.object(prizeTerms).optional(),
    milestones: z.array(milestoneInput).max(20, tooLong).default([]),
    /** An owner's reason for last-one or milestone prizes beyond 景品表示法's caps ('' = none; audited). */
    prize_cap_reason: prizeCapReason,
  })
  .superRefine((v, ctx) => {
    checkTerms(v, ctx);
    const extras = [...v.lineup, ...(v.last_one ? [v.last_one] : []), ...v.milestones];
    if (v.payment_method === PAYMENT_METHOD.coins && extras.some((p) => p.action_type !== ACTION_TYPE.shipOnly)) {
      ctx.addIssue({ code: 'custom', path: ['lineup'], message: 'catalog_admin.coin_ship_only' });
    }
  });
export type PackCreatePayload = z.input<typeof packCreatePayload>;

/**
 * A committed prize as the console sends it back on save: its id, the frozen terms exactly as
 * they were (any difference is refused with pack.committed), and the conversion terms and the
 * English name, which may change (buy_point, action_type, num, name_en).
 */
export const prizeUpdateSchema = z.object({
  id: idField(),
  name: nameField(120),
  name_en: optionalText(120),
  image_url: textField().max(500, tooLong),
  model_number: optionalText(60),
  rarity: intField({ min: RARITY_MIN, max: RARITY_MAX }),
  count: intField({ min: 1, max: 1_000_000 }),
  num: intField({ min: 1, max: 1_000_000 }),
  buy_point: intField({ min: 0, max: DB_INT_MAX }),
  action_type: z.enum([ACTION_TYPE.choose, ACTION_TYPE.shipOnly], { error: 'common.invalid' }),
  cost_yen: prizeCostField,
});

/** POST /admin/packs/update: the pack's fields; `lineup`, when sent, may change conversion terms only. */
export const packUpdatePayload = z
  .object({ id: idField(), ...packTerms, lineup: z.array(prizeUpdateSchema).max(MAX_LINEUP + 21, tooLong).optional(), prize_cap_reason: prizeCapReason })
  .superRefine(checkTerms);
export type PackUpdatePayload = z.input<typeof packUpdatePayload>;

/**
 * POST /admin/packs/sale: publish (shown, sold from start_at), hide (not shown, not sold),
 * schedule (published, sale from start_at to end_at), stop (the sale ends now: the lot's seed
 * is revealed, decision 014, so a stopped sale cannot resume).
 */
export const SALE_ACTIONS = ['publish', 'hide', 'schedule', 'stop'] as const;
export const packSalePayload = z
  .object({
    id: idField(),
    action: z.enum(SALE_ACTIONS, { error: 'common.invalid' }),
    start_at: isoTime.optional(),
    end_at: isoTime.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'schedule' && !v.start_at) ctx.addIssue({ code: 'custom', path: ['start_at'], message: required });
    if (v.action === 'schedule' && v.start_at && v.end_at && Date.parse(v.end_at) <= Date.parse(v.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'catalog_admin.end_before_start' });
    }
  });

/** POST /admin/packs/preview {detail}: a description as the shop will serve it (server sanitizer). */
export const detailPreviewPayload = z.object({ detail: textField().max(50_000, tooLong) });
export const detailPreviewResponse = z.object({ html: z.string() });

/** POST /admin/media/image (multipart: csrf, file): a stored image's URL. */
export const imageUploadResponse = z.object({ url: z.string() });

// The lot's economics, shown live in the lineup editor (and checked by tests)

export interface LotEconomics {
  /** Packs in the lot: the sum of the lineup's counts. */
  size: number;
  /** Expected conversion value of one pack, in points: Σ count × buy_point / size. */
  expectedValue: number;
  /** (price − expected value) / price; null without a price or a lot. */
  margin: number | null;
}

export function lotEconomics(lineup: readonly { count: number; buy_point: number }[], price: number): LotEconomics {
  const size = lineup.reduce((sum, p) => sum + (Number.isFinite(p.count) && p.count > 0 ? p.count : 0), 0);
  const value = lineup.reduce((sum, p) => sum + (p.count > 0 && p.buy_point > 0 ? p.count * p.buy_point : 0), 0);
  const expectedValue = size > 0 ? value / size : 0;
  return { size, expectedValue, margin: size > 0 && price > 0 ? (price - expectedValue) / price : null };
}
