import { z } from 'zod';
import {
  CARRIER_IDS,
  COMBINI_CODES,
  isPayId,
  KATAKANA_NAME_PATTERN,
  PAY_ID,
  PAYER_NAME_MAX,
  type PayId,
} from './constants.ts';
import { idField, idSchema, intField, providerRefField, textField } from './fields.ts';
import { pageInfoSchema } from './wire.ts';

export {
  BANK_DUE_BUSINESS_DAYS,
  CARD_FIELD_MAX,
  cardErrorField,
  cardErrorMessageCode,
  CARRIER_IDS,
  CARRIER_NAMES,
  COMBINI_CODES,
  COMBINI_DUE_DAYS,
  COMBINI_NAMES,
  isPayId,
  KATAKANA_NAME_PATTERN,
  PAY_ID,
  PAY_IDS,
  PAY_METHOD_TEXTS,
  PAYER_NAME_MAX,
  PAYMENT_RETURN_ROUTES,
  PAYMENT_STATES,
  POINT_BUY_RESULT,
  priceWithTax,
  REMITTANCE_DUE_DAYS,
  taxIncluded,
  type CardErrorField,
  type CardErrorMessageCode,
  type CarrierId,
  type CombiniCode,
  type PayId,
  type PaymentState,
} from './constants.ts';

/**
 * Buying points (spec sections 2-5, 8, 9): courses, payment methods and every payment call.
 * A payload is the `json` form field of its POST. The amount is never part of a payload: the
 * server takes it from the course (design decision 1 names which course).
 */

/** A point course as lists show it: every field a string (spec section 3). */
export const pointCourseSchema = z.object({
  id: z.string(),
  point: z.string(),
  /** Yen including 10% tax, digits only (the screen adds thousands separators). */
  price: z.string(),
  /** The tax inside price. */
  tax: z.string(),
  memo: z.string(),
  /** Bonus points the operator set, credited with `point` as paid points; '0' for none. */
  bonus_point: z.string(),
  /** The memo in English ('' when the operator wrote none: the screen shows the Japanese one). */
  name_en: z.string(),
});
export type PointCourse = z.infer<typeof pointCourseSchema>;

export const POINT_COURSES_PER_PAGE = 10;

/** GET /user/point_price/{page} (page from 1). */
export const pointPricePageResponse = z.object({ list: z.array(pointCourseSchema), page: pageInfoSchema });

/**
 * GET /user/point_price/detail/{id}?pack_id=: one course; the session remembers it (and the
 * pack the member came from, for the completion screens) for the calls that follow.
 */
export const pointPriceDetailQuery = z.object({ pack_id: idSchema.optional() });
export const pointPriceDetailResponse = z.object({ point_price: pointCourseSchema });

/** Query of the calls about the course: point_price_id wins over the course last opened. */
export const courseQuery = z.object({ point_price_id: idSchema.optional() });

export const payMethodSchema = z.object({
  id: z.string(),
  name: z.string(),
  memo: z.string(),
  /** Choices the method needs: chain codes (2) or carriers (6); empty otherwise. */
  options: z.array(z.object({ code: z.string(), name: z.string() })),
});
export type PayMethod = z.infer<typeof payMethodSchema>;

/** GET /user/pay_style: the current course and the methods, the first being the default. */
export const payStyleResponse = z.object({ point: z.string(), bonus_point: z.string(), price: z.string(), tax: z.string(), methods: z.array(payMethodSchema) });

/** GET /user/bank?payment_id=: where to transfer, for the member's latest bank-transfer order. */
export const bankInfoResponse = z.object({
  bank: z.string(),
  number: z.string(),
  name: z.string(),
  price: z.string(),
  payment_id: z.number().int(),
  /** The account holder name the member will transfer from. */
  payer_name: z.string(),
  /** Deadline in Japan time, 'YYYY/MM/DD HH:mm'. */
  due: z.string(),
  payment_state: z.string(),
});

const payIdSchema = intField({ message: 'payment.method_unavailable' }).refine(
  (v): v is PayId => isPayId(v),
  'payment.method_unavailable',
);

const optionalId = idSchema.optional();

/** A short code or token of a payload: text without control characters. */
const shortText = (max: number) => textField().max(max, 'common.too_long');

/** Normalizes the account holder: half-width katakana and full-width spaces folded, trimmed. */
export function normalizePayerName(value: string): string {
  return value.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/** POST /user/gmo_token: what the browser needs to tokenize a card (1) or a mobile payment (8). */
export const gmoTokenPayload = z.object({
  pay_id: payIdSchema,
  pay_type: intField({ message: 'payment.method_unavailable' }).refine((v) => v === 1 || v === 8, 'payment.method_unavailable'),
  point_price_id: optionalId,
});
export const gmoTokenResponse = z.object({
  result: z.string(),
  pay_type: z.string(),
  /** The provider's shop id the token is issued for. */
  shop_id: z.string(),
  /** The provider's script (same origin for the sandbox): window.OripaSandboxPay.getToken. */
  script_url: z.string(),
  /** The provider's tokenization endpoint the script posts the card to (never the shop API). */
  token_url: z.string(),
  point: z.string(),
  price: z.string(),
});

/**
 * POST /user/point/buy. Which fields matter depends on pay_id: token (1, 8), combini_code (2),
 * name (4, katakana), carrier_id (6), checkout_session_id (3, else the one set in the session).
 * pack_id: the pack the member came from, kept for the completion screen.
 */
export const pointBuyPayload = z
  .object({
    pay_id: payIdSchema,
    point_price_id: optionalId,
    pack_id: optionalId,
    token: shortText(200).optional(),
    combini_code: shortText(20).optional(),
    carrier_id: shortText(20).optional(),
    name: textField({ printable: true }).max(200, 'common.too_long').optional(),
    checkout_session_id: providerRefField('payment.checkout_session_required').optional(),
    /** A discount code (decision 061), as the member typed it: the member pays the course's price less its discount. */
    coupon_code: textField().max(200, 'coupons.code_format').optional(),
  })
  .superRefine((p, ctx) => {
    if (p.pay_id === PAY_ID.combini && !(COMBINI_CODES as readonly string[]).includes(p.combini_code ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['combini_code'], message: 'payment.combini_required' });
    }
    if (p.pay_id === PAY_ID.carrier && !(CARRIER_IDS as readonly string[]).includes(p.carrier_id ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['carrier_id'], message: 'payment.carrier_required' });
    }
    if ((p.pay_id === PAY_ID.card || p.pay_id === PAY_ID.mobile) && !p.token) {
      ctx.addIssue({ code: 'custom', path: ['card'], message: 'payment.card_unverified' });
    }
    if (p.pay_id === PAY_ID.bank) {
      const name = normalizePayerName(p.name ?? '');
      if (name === '') ctx.addIssue({ code: 'custom', path: ['name'], message: 'payment.name_required' });
      else if (name.length > PAYER_NAME_MAX) ctx.addIssue({ code: 'custom', path: ['name'], message: 'payment.name_too_long' });
      else if (!KATAKANA_NAME_PATTERN.test(name)) ctx.addIssue({ code: 'custom', path: ['name'], message: 'payment.name_katakana' });
    }
  });
export type PointBuyPayload = z.infer<typeof pointBuyPayload>;

/** Buy-point result (spec section 3); see POINT_BUY_RESULT for result. */
export const pointBuyResponse = z.object({
  result: z.string(),
  payment_id: z.number().int(),
  receipt_number: z.string(),
  /** Where the browser goes next: a shop route, /api/acs/secure…, or the provider's full address. */
  url: z.string(),
});

/** What the completion screens show of one payment (point/end, gmo_result, append…). */
export const paymentOutcomeSchema = z.object({
  result: z.string(),
  payment_id: z.number().int(),
  pay_id: z.string(),
  payment_state: z.string(),
  point: z.string(),
  price: z.string(),
  /** The pack the member came from, or null. */
  pack_id: z.number().int().nullable(),
  /** The success, waiting or failure text in the member's language. */
  message: z.string(),
  /** The provider's error code of a failure ('' otherwise). */
  error_code: z.string(),
});
export type PaymentOutcome = z.infer<typeof paymentOutcomeSchema>;

/** GET /user/point/end, POST /user/gmo_result, POST /user/point/append, GET /user/complete_checkout_session. */
export const paymentOutcomeResponse = paymentOutcomeSchema;

/** POST /user/gmo_result: the result of a card (1) or mobile (8) payment. */
export const gmoResultPayload = z.object({
  id: idSchema,
  pay_type: intField().optional(),
});

/** POST /user/point/append: completes a redirect payment when the browser is back. */
export const pointAppendPayload = z.object({ token: idField('payment.not_found') });

/** Query of the calls about one payment; the session's latest payment when absent. */
export const paymentQuery = z.object({ payment_id: idSchema.optional() });

/** GET /user/set_checkout_session/{id}: the provider's checkout session id. */
export const checkoutSessionParams = z.object({ id: providerRefField('payment.checkout_session_required') });

/** GET /user/complete_checkout_session?amazonCheckoutSessionId=: the session the provider returns with. */
export const completeCheckoutQuery = z.object({
  amazonCheckoutSessionId: providerRefField('payment.checkout_session_required').optional(),
});

/** GET /user/point/combini_number: the slip of a convenience-store order. */
export const combiniNumberResponse = z.object({
  url: z.string(),
  payment_id: z.number().int(),
  receipt_number: z.string(),
  combini_code: z.string(),
  combini_name: z.string(),
  price: z.string(),
  due: z.string(),
  payment_state: z.string(),
});

/** GET /user/button_signature: the signed payload of the checkout-session wallet's button. */
export const buttonSignatureResponse = z.object({
  signature: z.string(),
  payloadJSON: z.string(),
  /** The provider's checkout start; open `button_url` (it carries payload and signature). */
  checkout_url: z.string(),
  button_url: z.string(),
  public_key_id: z.string(),
  store_id: z.string(),
});

/** GET /user/set_checkout_session/{id}: the session now names this checkout session. */
export const setCheckoutSessionResponse = z.object({ result: z.string(), checkout_session_id: z.string() });

/** GET /user/get_checkout_session: the payment method chosen at the provider. */
export const checkoutSessionResponse = z.object({ payMethod: z.string(), checkout_session_id: z.string() });

/** GET /user/point/list/{page}: the point ledger, newest first. */
export const pointHistorySchema = z.object({
  id: z.number().int(),
  /** The payment (purchases) or pack history (card conversions) it refers to; null otherwise. */
  history_id: z.number().int().nullable(),
  reason: z.string(),
  created: z.string(),
  memo: z.string(),
  bonusPoint: z.number().int(),
  /** Yen paid (point purchases); 0 otherwise. */
  money: z.number().int(),
  /** The point balance right after this change (the running balance). */
  balance: z.number().int(),
  /** For a grant (points that expire), its expiry, ISO-8601 UTC; '' for other rows. */
  expires: z.string(),
  /**
   * The part of bonusPoint that was free points (decision 055), with its sign: a free grant's
   * whole amount, the free points a spend or an expiry took; 0 for paid points. Paid = bonusPoint − free_point.
   */
  free_point: z.number().int(),
  /** Yen a coupon took off this purchase's price (decision 061); 0 otherwise. `money` is what was paid. */
  discount_yen: z.number().int(),
});
export const pointHistoryPageResponse = z.object({ list: z.array(pointHistorySchema), page: pageInfoSchema });

/** GET /user/coin/list/{page}: the coin ledger; bonusCoin is a decimal string, never a float. */
export const coinHistorySchema = z.object({
  id: z.number().int(),
  history_id: z.number().int().nullable(),
  reason: z.string(),
  created: z.string(),
  memo: z.string(),
  bonusCoin: z.string(),
  /** Yen paid where the row comes from a payment (coin-back on a point purchase); 0 otherwise. */
  money: z.number().int(),
});
export const coinHistoryPageResponse = z.object({ list: z.array(coinHistorySchema), page: pageInfoSchema });

export const HISTORY_ROWS_PER_PAGE = 20;

/**
 * GET /user/point/expiring: the member's points that expire soonest: how many and when (ISO-8601
 * UTC, the earliest expiry of their unexpired grants); point 0 and expires '' when none.
 */
export const expiringPointsResponse = z.object({
  point: z.number().int(),
  expires: z.string(),
  /** The member's unexpired free points (decision 055), part of their point balance: bonuses, referrals, grants. */
  free_point: z.number().int(),
});
export type ExpiringPoints = z.infer<typeof expiringPointsResponse>;
