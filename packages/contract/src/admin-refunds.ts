import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';

/** Refunds in the console (issue 21, decision 031). */

/** Who started a refund: an owner in the console, or the provider (a refund made there, a chargeback). */
export const REFUND_ORIGINS = ['operator', 'provider_refund', 'chargeback'] as const;
export type RefundOrigin = (typeof REFUND_ORIGINS)[number];
export const REFUND_STATES = ['requested', 'succeeded', 'failed'] as const;
export type RefundState = (typeof REFUND_STATES)[number];

/** Most yen one refund may carry (a refund never exceeds its payment, checked by the server). */
export const REFUND_AMOUNT_MAX = 10_000_000;

export const paymentRefundSchema = z.object({
  id: z.number().int(),
  payment_id: z.number().int(),
  origin: z.enum(REFUND_ORIGINS),
  state: z.enum(REFUND_STATES),
  amount: z.number().int(),
  points_taken: z.number().int(),
  reason: z.string(),
  provider_refund_ref: z.string(),
  error_code: z.string(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PaymentRefund = z.infer<typeof paymentRefundSchema>;

/**
 * GET /admin/payments/:id/refunds: the payment's refunds and what a new one may take. Points
 * the member already spent stay spent: at most `points_unspent` of the payment's points can be
 * taken back, whatever is refunded.
 */
export const paymentRefundsResponse = z.object({
  refunds: z.array(paymentRefundSchema),
  cap: z.object({
    /** Whether the payment can be refunded at all (succeeded, with yen left to give back). */
    refundable: z.boolean(),
    /** Yen not yet given back (requested refunds count as given). */
    refundable_yen: z.number().int(),
    /** The payment's points, and what of them the member has not spent (nor lost to expiry). */
    points_credited: z.number().int(),
    points_unspent: z.number().int(),
  }),
});
export type PaymentRefunds = z.infer<typeof paymentRefundsResponse>;

/**
 * POST /admin/payments/refund {payment_id, amount, reason, request_id}: gives `amount` yen of a
 * succeeded payment back at its provider and takes the matching points back. `request_id` is
 * made by the form once per submission: a double or racing submit refunds once.
 */
export const paymentRefundPayload = z.object({
  payment_id: idField(),
  amount: intField({ min: 1, max: REFUND_AMOUNT_MAX, message: 'admin.refund_amount' }),
  reason: textField({ error: 'common.required', printable: true }).trim().min(1, 'common.required').max(200, 'common.too_long'),
  request_id: textField({ error: 'common.required' }).refine((v) => /^[A-Za-z0-9_-]{8,64}$/.test(v), 'common.invalid'),
});
export const paymentRefundResponse = z.object({ applied: z.boolean(), refund: paymentRefundSchema });

/** A member the provider's refund or chargeback put up for review (the console's member page). */
export const memberReviewSchema = z.object({
  payment_id: z.number().int(),
  origin: z.enum(REFUND_ORIGINS),
  amount: z.number().int(),
  points_taken: z.number().int(),
  created_at: z.string(),
});
/** GET /admin/members/:id/reviews. */
export const memberReviewsResponse = z.object({ reviews: z.array(memberReviewSchema) });
export type MemberReview = z.infer<typeof memberReviewSchema>;
