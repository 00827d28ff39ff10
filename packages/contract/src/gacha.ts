import { z } from 'zod';
import { MAX_PURCHASE_COUNT } from './catalog.ts';
import { HISTORY_MODE, HISTORY_MODES } from './constants.ts';
import { idSchema, intField } from './fields.ts';
import { pageInfoSchema } from './wire.ts';
import { memberShipmentSchema } from './shipping-schema.ts';
import { purchaseReceiptSchema } from './transparency.ts';

export {
  ACTION_TYPE,
  CARD_STATUS,
  DECISION_HOURS,
  DECISION_RESULT,
  HISTORY_MODE,
  HISTORY_MODES,
  HISTORY_STATUS,
  maxPurchaseCount,
  PURCHASE_RESULT,
  SEND_STATE,
  type ActionType,
  type CardStatus,
  type HistoryMode,
  type SendState,
} from './constants.ts';

/** An integer or a string of digits only: `[1]`, `true`, `" 1"` or `1.5` is refused under count. */
const countSchema = intField({ min: 1, max: MAX_PURCHASE_COUNT, message: 'gacha.count_invalid', tooBig: 'gacha.count_too_many' });

/** POST /user/pack/check. pack_id wins over the pack last opened (design decision 1). */
export const packCheckPayload = z.object({
  count: countSchema,
  pack_id: idSchema.optional(),
});
export type PackCheckPayload = z.infer<typeof packCheckPayload>;

/** POST /user/pack/buy: no payload in the spec; pack_id and count, when sent, must match the check. */
export const packBuyPayload = z.object({
  pack_id: idSchema.optional(),
  count: countSchema.optional(),
});

export const packCheckResponse = z.object({
  result: z.string(),
  /** Balance before and after, for the confirmation modal. */
  cost: z.number().int().optional(),
  balance: z.string().optional(),
  balance_after: z.string().optional(),
});

export const packBuyResponse = z.object({ result: z.string(), pack_history_id: z.number().int().optional() });

/** A won card (spec section 3, "Card (won)"); status: '0' undecided, '1' to ship, '2' converted. */
export const wonCardSchema = z.object({
  history_id: z.number().int(),
  name: z.string(),
  image: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  model_number: z.string(),
  num: z.number().int(),
  buy_point: z.number().int(),
  action_type: z.enum(['0', '2']),
  status: z.enum(['0', '1', '2']),
  /**
   * The prize this card is: a card of the lot ('lot', also when absent), or a last-one or
   * milestone prize won on top of the pack drawn (shown with a badge).
   */
  kind: z.enum(['lot', 'last_one', 'milestone']).optional(),
  /** A milestone prize: the pack number whose draw won it (「100回目記念賞」). */
  milestone_number: z.number().int().optional(),
});
export type WonCard = z.infer<typeof wonCardSchema>;

/** GET /user/pack/gache_result and /user/pack/buy_result. */
export const purchaseResultResponse = z.object({
  result: z.string(),
  pack_history_id: z.number().int(),
  pack_id: z.number().int(),
  cards: z.array(wonCardSchema),
  card_type: z.number().int(),
  movie_style: z.number().int(),
  is_buy_coin: z.union([z.literal(0), z.literal(1)]),
  title: z.string(),
  created: z.string(),
  /** ISO time until which the undecided cards can be decided. */
  deadline: z.string(),
  twitter_code: z.string(),
  /** oripa-draw-v2 lots: the purchase's log entry with its inclusion proof (decision 027). */
  receipt: purchaseReceiptSchema.optional(),
});
export type PurchaseResult = z.infer<typeof purchaseResultResponse>;

/** Query of the result calls: a purchase of the member's; the latest of the session when absent. */
export const purchaseResultQuery = z.object({
  pack_history_id: idSchema.optional(),
});

const historyIds = z.array(idSchema).max(MAX_PURCHASE_COUNT);

/** POST /user/pack/decision: together exactly the undecided cards of one purchase (decision 2). */
export const decisionPayload = z.object({
  send_card: historyIds.default([]),
  reduction_card: historyIds.default([]),
});
export type DecisionPayload = z.infer<typeof decisionPayload>;

export const decisionResponse = z.object({
  result: z.string(),
  send_count: z.number().int(),
  reduction_count: z.number().int(),
  reduction_point: z.number().int(),
});

/** POST /user/history/list/{page}: the filter (HISTORY_MODE), all when absent. */
export const historyListPayload = z.object({ mode: z.enum(HISTORY_MODES).default(HISTORY_MODE.all) });

export const packHistorySchema = z.object({
  id: z.number().int(),
  created: z.string(),
  pack_name: z.string(),
  send_state: z.enum(['0', '1', '2', '3']),
  point: z.number().int(),
  is_buy_coin: z.union([z.literal(0), z.literal(1)]),
  count: z.number().int(),
  /** '1' when every card is decided: the row opens the detail; else the card choice. */
  status: z.enum(['0', '1']),
  delivery_code: z.string(),
  send_card: z.number().int(),
  reduction_card: z.number().int(),
  reduction_point: z.number().int(),
});
export type PackHistory = z.infer<typeof packHistorySchema>;

export const historyListResponse = z.object({ list: z.array(packHistorySchema), page: pageInfoSchema });
export const historyDetailResponse = z.object({
  history: packHistorySchema,
  cards: z.array(wonCardSchema),
  /** The purchase's shipping requests: state, carrier, tracking number and page (issue 13). */
  shipments: z.array(memberShipmentSchema),
});

export const HISTORY_PER_PAGE = 10;
