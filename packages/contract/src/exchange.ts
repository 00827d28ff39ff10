import { z } from 'zod';
import { idSchema, intField, textField } from './fields.ts';
import {
  EXCHANGE_CHANGE_NUM,
  EXCHANGE_SEARCH_MAX,
  EXCHANGE_SORT,
  EXCHANGE_SORTS,
  EXCHANGE_TYPE,
} from './constants.ts';
import { pageInfoSchema } from './wire.ts';

// The codes live in the zod-free constants module so screens can use them without zod.
export {
  BUY_RANK_RESULT,
  EXCHANGE_CHANGE_NUM,
  EXCHANGE_PER_PAGE,
  EXCHANGE_RESULT,
  EXCHANGE_SEARCH_MAX,
  EXCHANGE_SORT,
  EXCHANGE_SORTS,
  EXCHANGE_TYPE,
  type ExchangeResult,
  type ExchangeSort,
} from './constants.ts';

/** An integer, or a string of digits: no other coercion (no '1e0', ' 1', 1.5, true). */
const wholeNumber = intField();

/** POST /user/exchange_card/list/{page}. */
export const exchangeListPayload = z.object({
  type: z.enum([EXCHANGE_TYPE.card]).default(EXCHANGE_TYPE.card),
  searchText: textField().trim().max(EXCHANGE_SEARCH_MAX, 'exchange.search_too_long').default(''),
  sort: z.enum(EXCHANGE_SORTS).default(EXCHANGE_SORT.priceHigh),
});
export type ExchangeListPayload = z.input<typeof exchangeListPayload>;

/**
 * POST /user/exchange_card/check and /exchange: {card_id, change_num}. change_num must be
 * exactly 1 (the integer 1 or the string '1'); anything else is refused under `count`.
 */
export const exchangePayload = z
  .object({ card_id: idSchema, change_num: z.unknown().optional() })
  .transform((value, ctx) => {
    const parsed = wholeNumber.safeParse(value.change_num);
    if (!parsed.success || parsed.data !== EXCHANGE_CHANGE_NUM) {
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'exchange.change_num_one' });
      return z.NEVER;
    }
    return { card_id: value.card_id, change_num: EXCHANGE_CHANGE_NUM };
  });
export type ExchangePayload = z.input<typeof exchangePayload>;

/**
 * A card of the exchange shop (spec section 3). sub_coin is the coin cost as a decimal string
 * ("120.50"), never a float. rarity 1-7 as on won cards, with its label. limit_per_member 0
 * means no limit; exchanged is how many of it the member has taken (0 for visitors).
 */
export const exchangeCardSchema = z.object({
  id: z.number().int(),
  image: z.string(),
  /** The card game or series the card belongs to, shown above its name. */
  card_name: z.string(),
  /** The card's own name, the listing's title; the search matches it, card_name and model_number. */
  name: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  sub_coin: z.string(),
  stock: z.number().int(),
  change_num: z.number().int(),
  limit_per_member: z.number().int(),
  exchanged: z.number().int(),
});
export type ExchangeCard = z.infer<typeof exchangeCardSchema>;

export const exchangeListResponse = z.object({ list: z.array(exchangeCardSchema), page: pageInfoSchema });
export type ExchangeListResponse = z.infer<typeof exchangeListResponse>;

/**
 * POST /user/exchange_card/check. On '1' the session remembers the check; the exchange must
 * follow it (a double-posted exchange spends the check once). balance / balance_after: coins
 * before and after, decimal strings.
 */
export const exchangeCheckResponse = z.object({
  result: z.enum(['1', '0', '-1', '-2', '-3']),
  card: exchangeCardSchema.optional(),
  balance: z.string().optional(),
  balance_after: z.string().optional(),
});
export type ExchangeCheckResponse = z.infer<typeof exchangeCheckResponse>;

/** POST /user/exchange_card/exchange: the card taken and the coin balance after it. */
export const exchangeResponse = z.object({
  result: z.enum(['1', '0', '-1', '-2', '-3']),
  exchange_id: z.number().int().optional(),
  card: exchangeCardSchema.optional(),
  balance_after: z.string().optional(),
});
export type ExchangeResponse = z.infer<typeof exchangeResponse>;

/** A coin amount as a decimal string with at most two decimals ("300", "300.00"). */
const coinAmount = z
  .union([z.number(), z.string()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'ranks.coin_mismatch'));

/**
 * POST /user/buy_rank {coin, next_month_rank}: keep the current rank for next month with coins.
 * coin is the rank_coin of GET /user/detail; next_month_rank the code of the rank kept, i.e. the
 * member's current rank (`rank` of GET /user/point). Both must still match, else '0' under count.
 */
export const buyRankPayload = z.object({
  coin: coinAmount,
  next_month_rank: textField().max(50, 'common.too_long'),
});
export type BuyRankPayload = z.input<typeof buyRankPayload>;

/** POST /user/buy_rank response: the coin balance after, and the rank kept for next month. */
export const buyRankResponse = z.object({
  result: z.enum(['1', '0', '-1']),
  coin: z.string().optional(),
  next_month: z.string().optional(),
  next_month_name: z.string().optional(),
});
export type BuyRankResponse = z.infer<typeof buyRankResponse>;

/** A rank of the operator's table, for the guide and the rank icon. */
export const rankSchema = z.object({
  code: z.string(),
  name: z.string(),
  icon: z.string(),
  threshold_price: z.number().int(),
  coin_back_rate: z.string(),
  maintain_coin: z.string(),
});
export type Rank = z.infer<typeof rankSchema>;
