import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';
import { CARRIER_FORMATS } from './carrier-formats.ts';
import { CARRIERS, SHIPPING_STATES } from './shipping.ts';

/** The console's shipping queue (issue 13): list, transitions, pick list, slips, carrier CSV. */

const dateFilter = textField()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'admin.date_format')
  .optional();

/** At most this many requests in one bulk action, one page, one pick list or one export. */
export const SHIPPING_BATCH_MAX = 500;

const idList = textField()
  .trim()
  .max(SHIPPING_BATCH_MAX * 11, 'common.too_long')
  .refine((v) => v === '' || /^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/.test(v), 'common.invalid')
  .transform((v) => (v === '' ? [] : [...new Set(v.split(',').map(Number))]))
  .refine((ids) => ids.every((id) => id <= 2147483647), 'common.invalid')
  .optional();

/**
 * GET /admin/shipping?…: the queue, filtered by state (or 'overdue': open for longer than the
 * promise), Japan creation dates (inclusive), pack, member (id or part of the address) and ids.
 */
export const shippingQuery = z.object({
  state: z.union([z.enum(SHIPPING_STATES), z.literal('overdue'), z.literal('')], { error: 'common.invalid' }).optional(),
  from: dateFilter,
  to: dateFilter,
  pack: intField({ min: 1 }).optional(),
  member: textField().trim().max(254, 'common.too_long').optional(),
  /** Comma-separated request ids (the selected rows, for the pick list, slips and export). */
  ids: idList,
});
export type ShippingQuery = z.input<typeof shippingQuery>;
/** The query as the server has it after parsing (ids as numbers). */
export type ParsedShippingQuery = z.output<typeof shippingQuery>;

export const shippingAddressSchema = z.object({
  name: z.string(),
  zipcode: z.string(),
  pref_name: z.string(),
  country: z.string(),
  shiku: z.string(),
  address: z.string(),
  building: z.string(),
  tel: z.string(),
});
export type ShippingAddressView = z.infer<typeof shippingAddressSchema>;

export const shippingCardSchema = z.object({
  name: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  count: z.number().int(),
});

export const shippingRequestSchema = z.object({
  id: z.number().int(),
  state: z.enum(SHIPPING_STATES),
  created_at: z.string(),
  user_id: z.number().int(),
  mail: z.string(),
  /** 'pack' (a purchase's cards) or 'exchange' (a card taken for coins). */
  source: z.enum(['pack', 'exchange']),
  purchase_id: z.number().int().nullable(),
  pack_id: z.number().int().nullable(),
  pack_name: z.string(),
  /** Whether it is a point pack's (its cancel may convert the cards to points). */
  point_pack: z.boolean(),
  address: shippingAddressSchema,
  cards: z.array(shippingCardSchema),
  carrier: z.union([z.enum(CARRIERS), z.literal('')]),
  tracking_number: z.string(),
  tracking_url: z.string(),
  /** Business days (Japan) since the request, and whether the shipping promise is broken. */
  age_business_days: z.number().int(),
  overdue: z.boolean(),
  converted_points: z.number().int(),
  /**
   * The combined parcel (同梱, decision 051) the request ships in, named by its first request's
   * id; null when it ships alone.
   */
  parcel_id: z.number().int().nullable(),
});
export type AdminShippingRequest = z.infer<typeof shippingRequestSchema>;

export const shippingListResponse = z.object({ requests: z.array(shippingRequestSchema), more: z.boolean() });

/**
 * POST /admin/shipping/transition: moves every listed request to `to`, all or none. Shipping
 * may carry the carrier and tracking number; cancelling a point pack's request may convert its
 * cards to points (`convert`), once.
 */
export const shippingTransitionPayload = z.object({
  request_ids: z.array(idField(), { error: 'common.invalid' }).min(1, 'common.required').max(SHIPPING_BATCH_MAX, 'common.too_long'),
  to: z.enum(SHIPPING_STATES, { error: 'common.invalid' }),
  convert: z.boolean({ error: 'common.invalid' }).default(false),
  carrier: z.enum(CARRIERS, { error: 'common.invalid' }).optional(),
  tracking_number: textField().trim().max(40, 'common.too_long').optional(),
});

export const shippingRefusalSchema = z.object({
  id: z.number().int(),
  reason: z.enum(['not_found', 'skip_or_back', 'final', 'not_convertible', 'tracking_required']),
  state: z.string(),
});
export type ShippingRefusal = z.infer<typeof shippingRefusalSchema>;

/** `applied`: moved now; `unchanged`: already there (nothing written). Refused rows fail the whole action. */
export const shippingTransitionResponse = z.object({
  applied: z.array(z.number().int()),
  unchanged: z.array(z.number().int()),
  refused: z.array(shippingRefusalSchema),
  converted_points: z.number().int(),
});

/** GET /admin/shipping/picklist?…: the cards to take from the shelves, by card. */
export const pickListResponse = z.object({
  lines: z.array(shippingCardSchema.extend({ requests: z.number().int() })),
  requests: z.number().int(),
  cards: z.number().int(),
});

/** GET /admin/shipping/export?…&format=…: the queue's query and the carrier file to make (B2 when none). */
export const shippingExportQuery = shippingQuery.extend({
  format: z.enum(CARRIER_FORMATS, { error: 'common.invalid' }).default('yamato_b2'),
});

/** A field of a parcel longer than the carrier takes, measured as the carrier counts (Shift_JIS bytes). */
export const overLimitSchema = z.object({
  /** The parcel's number in the file (お客様管理番号): its first request's id. */
  parcel_id: z.number().int(),
  request_ids: z.array(z.number().int()),
  field: z.string(),
  limit: z.number().int(),
  length: z.number().int(),
});
export type OverLimit = z.infer<typeof overLimitSchema>;

/**
 * The carrier's bulk-upload file (Shift_JIS, CRLF) as base64, one line a parcel. `truncated`:
 * the content descriptions (品名) cut to the carrier's limit. A refusal for fields over a limit
 * carries `over_limits` instead of the file.
 */
export const shippingExportResponse = z.object({
  filename: z.string(),
  content_base64: z.string(),
  rows: z.number().int(),
  truncated: z.array(overLimitSchema).optional(),
  over_limits: z.array(overLimitSchema).optional(),
});

/**
 * POST /admin/shipping/combine: two or more open requests (requested, picking) of one member to
 * one address become one parcel (同梱); requests already combined bring their parcel along.
 */
export const combinePayload = z.object({
  request_ids: z.array(idField(), { error: 'common.invalid' }).min(2, 'shipping.combine_two').max(SHIPPING_BATCH_MAX, 'common.too_long'),
});
export const combineResponse = z.object({ parcel_id: z.number().int(), request_ids: z.array(z.number().int()) });

/** POST /admin/shipping/split: the parcels of these requests are undone (before they are packed). */
export const splitPayload = z.object({
  request_ids: z.array(idField(), { error: 'common.invalid' }).min(1, 'common.required').max(SHIPPING_BATCH_MAX, 'common.too_long'),
});
export const splitResponse = z.object({ request_ids: z.array(z.number().int()) });

/** GET and POST /admin/shipping/settings: whether a member's new request joins their open parcel by itself. */
export const shippingSettingsPayload = z.object({ auto_combine: z.boolean({ error: 'common.invalid' }) });
export const shippingSettingsResponse = z.object({ auto_combine: z.boolean() });

/** An import file is at most this large (the form body limit is 1 MiB; base64 adds a third). */
export const TRACKING_IMPORT_MAX_BYTES = 600_000;

/** POST /admin/shipping/import {file_base64}: tracking numbers of a carrier's export (Shift_JIS or UTF-8). */
export const trackingImportPayload = z.object({
  file_base64: textField({ error: 'common.required' })
    .trim()
    .min(1, 'common.required')
    .max(Math.ceil((TRACKING_IMPORT_MAX_BYTES * 4) / 3) + 4, 'common.too_long')
    .refine((v) => /^[A-Za-z0-9+/]*={0,2}$/.test(v), 'common.invalid'),
  carrier: z.enum(CARRIERS, { error: 'common.invalid' }).default('yamato'),
});

export const importLineErrorSchema = z.object({ line: z.number().int(), reason: z.string() });

export const trackingImportResponse = z.object({
  applied: z.array(z.number().int()),
  unchanged: z.array(z.number().int()),
  line_errors: z.array(importLineErrorSchema),
});
