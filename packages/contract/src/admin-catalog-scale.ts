import { z } from 'zod';
import { MAX_PACK_IMAGES, PRIZE_KINDS, type SALE_ACTIONS } from './admin-catalog.ts';
import { ACTION_TYPE, PAYMENT_METHOD } from './constants.ts';
import { idField, textField } from './fields.ts';
import { PRIZE_CAP_REASON_MAX } from './prize-caps.ts';

/**
 * The catalogue at scale (issue 27 point 4, decision 050): a lineup as a CSV file (export of a
 * pack, import into the console's new-pack draft), a pack duplicated as a new draft, a sold-out
 * or ended pack restocked as a new lot, and sale actions on many packs at once.
 */

/**
 * The lineup file's columns, in the order the export writes them. The import finds them by the
 * header's names (any order); `kind` may be left out (every row is then a lot prize), and so
 * may every column after `buy_point`.
 */
export const LINEUP_COLUMNS = ['kind', 'rarity', 'name', 'name_en', 'count', 'buy_point', 'cost_yen', 'image', 'model_number', 'num', 'action_type', 'at', 'every'] as const;
export type LineupColumn = (typeof LINEUP_COLUMNS)[number];
export const LINEUP_REQUIRED_COLUMNS = ['rarity', 'name', 'count', 'buy_point'] as const satisfies readonly LineupColumn[];

export const LINEUP_ENCODINGS = ['utf8', 'sjis'] as const;

/** A prize of a lineup file, as the import answers it for the draft (numbers parsed). */
export const lineupPrizeSchema = z.object({
  kind: z.enum(PRIZE_KINDS),
  name: z.string(),
  name_en: z.string(),
  rarity: z.number().int(),
  /** Lot prizes: how many packs hold it; last-one and milestone prizes: 0 (outside the lot's count). */
  count: z.number().int(),
  buy_point: z.number().int(),
  cost_yen: z.number().int().nullable(),
  /** An uploaded /media/ image, or '' for generated art. */
  image: z.string(),
  model_number: z.string(),
  num: z.number().int(),
  action_type: z.enum([ACTION_TYPE.choose, ACTION_TYPE.shipOnly]),
  at: z.number().int(),
  every: z.number().int(),
});
export type LineupPrize = z.infer<typeof lineupPrizeSchema>;

/** GET /admin/packs/lineup_file?id&encoding: a pack's lineup as a CSV file (base64). */
export const lineupFileQuery = z.object({
  id: idField(),
  encoding: z.enum(LINEUP_ENCODINGS, { error: 'common.invalid' }).default('utf8'),
});
export const lineupFileResponse = z.object({ filename: z.string(), content_base64: z.string(), rows: z.number().int() });

/** A lineup file is at most this large (the form body limit is 1 MiB; base64 adds a third). */
export const LINEUP_IMPORT_MAX_BYTES = 600_000;

/**
 * POST /admin/packs/lineup_import {file_base64, payment_method}: a lineup file (UTF-8 with or
 * without a byte-order mark, or Shift_JIS) checked line by line; the answer is the lineup for
 * the draft, or every bad line with its number and reason (state 400, nothing taken).
 */
export const lineupImportPayload = z.object({
  file_base64: textField({ error: 'common.required' })
    .trim()
    .min(1, 'common.required')
    .max(Math.ceil((LINEUP_IMPORT_MAX_BYTES * 4) / 3) + 4, 'common.too_long')
    .refine((v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v), 'common.invalid'),
  /** The draft's payment method: a coin pack's prizes must be ship only. */
  payment_method: z.enum([PAYMENT_METHOD.points, PAYMENT_METHOD.coins], { error: 'common.invalid' }).default(PAYMENT_METHOD.points),
});
export const lineupLineErrorSchema = z.object({ line: z.number().int(), reason: z.string() });
export const lineupImportResponse = z.object({ lineup: z.array(lineupPrizeSchema), line_errors: z.array(lineupLineErrorSchema) });

/** A pack as a new, unsent draft of the console's editor (its own copies of the images). */
export const packCopySchema = z.object({
  name: z.string(),
  name_en: z.string(),
  card_type_id: z.number().int(),
  point: z.number().int(),
  payment_method: z.enum([PAYMENT_METHOD.points, PAYMENT_METHOD.coins]),
  end_at: z.string().nullable(),
  max_buy_count: z.number().int(),
  limit_per_member: z.number().int(),
  limit_message: z.string(),
  /** Who may buy, carried to the copy (decision 056). */
  min_rank_id: z.number().int().nullable(),
  first_purchase_only: z.boolean(),
  sms_verified_only: z.boolean(),
  free_daily: z.boolean(),
  show_cardlist: z.boolean(),
  movie_style: z.number().int(),
  images: z.array(z.string()).max(MAX_PACK_IMAGES),
  detail: z.string(),
  detail_en: z.string(),
  sort: z.number().int(),
  lineup: z.array(lineupPrizeSchema),
});
export type PackCopy = z.infer<typeof packCopySchema>;

/** POST /admin/packs/duplicate {id}: the pack as a new draft (nothing is created until it is sent). */
export const packDuplicatePayload = z.object({ id: idField() });
export const packDuplicateResponse = z.object({ draft: packCopySchema, source_id: z.number().int() });

const isoTime = textField().refine((v) => v.length <= 40 && !Number.isNaN(Date.parse(v)), 'admin.date_format');

/**
 * POST /admin/packs/restock {id, start_at?, prize_cap_reason}: a new lot of a sold-out or ended
 * pack's lineup and terms, committed like any new lot (fresh seed, new commitment).
 */
export const packRestockPayload = z.object({
  id: idField(),
  start_at: isoTime.optional(),
  prize_cap_reason: textField({ printable: true }).trim().max(PRIZE_CAP_REASON_MAX, 'common.too_long').default(''),
});

/** The sale actions offered on many packs at once (stopping stays one pack at a time: it reveals the seed). */
export const BULK_SALE_ACTIONS = ['publish', 'hide', 'schedule'] as const satisfies readonly (typeof SALE_ACTIONS)[number][];
export const BULK_SALE_MAX = 100;

/** POST /admin/packs/sale_bulk {ids, action, start_at?, end_at?}: all or nothing. */
export const packBulkSalePayload = z
  .object({
    ids: z.array(idField(), { error: 'common.invalid' }).min(1, 'common.required').max(BULK_SALE_MAX, 'common.too_long'),
    action: z.enum(BULK_SALE_ACTIONS, { error: 'common.invalid' }),
    start_at: isoTime.optional(),
    end_at: isoTime.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'schedule' && !v.start_at) ctx.addIssue({ code: 'custom', path: ['start_at'], message: 'common.required' });
    if (v.action === 'schedule' && v.start_at && v.end_at && Date.parse(v.end_at) <= Date.parse(v.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'catalog_admin.end_before_start' });
    }
  });
/** A pack the bulk action refused, with the reason in the operator's language. */
export const bulkRefusalSchema = z.object({ id: z.number().int(), reason: z.string() });
export const packBulkSaleResponse = z.object({ changed: z.array(z.number().int()), refusals: z.array(bulkRefusalSchema) });
