import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';
import { OUTSIDE_PAYMENT_METHODS } from './constants.ts';
import { PAYMENT_STATES } from './payments.ts';

/** The console's payment calls (issue 12, part 4). */

const dateFilter = textField()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'admin.date_format')
  .optional();

/** GET /admin/payments?…: by member (id or part of the address), method, state and Japan dates. */
export const paymentSearchQuery = z.object({
  member: textField().trim().max(254, 'common.too_long').optional(),
  /** A spec payment id, or OUTSIDE_PAY_ID (0) for payments recorded outside the site. */
  method: intField({ min: 0, max: 99 }).optional(),
  state: z.enum(PAYMENT_STATES, { error: 'common.invalid' }).optional(),
  from: dateFilter,
  to: dateFilter,
});
export const PAYMENT_SEARCH_LIMIT = 500;

export const adminPaymentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  mail: z.string(),
  pay_id: z.number().int(),
  option: z.string(),
  state: z.string(),
  point: z.number().int(),
  amount: z.number().int(),
  payer_name: z.string(),
  receipt_number: z.string(),
  provider: z.string(),
  provider_ref: z.string(),
  error_code: z.string(),
  created_at: z.string(),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPaymentSchema>;
export const paymentSearchResponse = z.object({ payments: z.array(adminPaymentSchema), more: z.boolean() });

/**
 * POST /admin/payments/confirm {payment_id, late}: a bank transfer arrived (the path of
 * `ops payment:confirm`); `late` confirms one that expired before the money came.
 */
export const paymentConfirmPayload = z.object({ payment_id: idField(), late: z.boolean({ error: 'common.invalid' }).default(false) });
/** POST /admin/payments/cancel {payment_id}: a pending payment past its deadline is cancelled now. */
export const paymentCancelPayload = z.object({ payment_id: idField() });
export const paymentChangeResponse = z.object({ applied: z.boolean(), payment: adminPaymentSchema });

export const paymentIdParams = z.object({ id: idField() });

/**
 * What happened to a payment, one row each (GET /admin/payments/:id): created, the provider's
 * answers (requires_action, pending with a slip, succeeded, failed, expired, canceled), a
 * verified provider notification, a bank transfer confirmed by an operator, a payment recorded
 * by an operator for money received outside the site.
 */
export const PAYMENT_EVENT_KINDS = [
  'created',
  'requires_action',
  'pending',
  'succeeded',
  'failed',
  'expired',
  'canceled',
  'notified',
  'confirmed',
  'recorded',
  // Refunds (decision 031): asked at the provider, given back (points taken back), refused.
  'refund_requested',
  'refunded',
  'refund_failed',
] as const;
export type PaymentEventKind = (typeof PAYMENT_EVENT_KINDS)[number];

/** Which path brought an event: the member's own calls, the provider's return or notification, the sweeper, an operator. */
export const PAYMENT_EVENT_SOURCES = ['member', 'return', 'notification', 'sweeper', 'operator', 'cli'] as const;
export type PaymentEventSource = (typeof PAYMENT_EVENT_SOURCES)[number];

export const paymentEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PAYMENT_EVENT_KINDS),
  state: z.string(),
  source: z.enum(PAYMENT_EVENT_SOURCES),
  actor: z.string(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

/** GET /admin/payments/:id: the payment and its whole history, oldest first. */
export const paymentDetailResponse = z.object({
  payment: adminPaymentSchema.extend({ course_id: z.number().int().nullable(), updated_at: z.string() }),
  events: z.array(paymentEventSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailResponse>;

/** Most points or yen one outside payment may carry: a typo guard well inside the columns. */
export const OUTSIDE_AMOUNT_MAX = 10_000_000;

const outsideAmount = intField({ min: 1, max: OUTSIDE_AMOUNT_MAX, message: 'admin.outside_amount' }).optional();

/**
 * POST /admin/payments/record: money a member paid outside the site (at a counter, to the
 * shop's account by hand, …) credited as a paid point purchase. Either a course (its points and
 * price) or both points and yen. The reference (the receipt or transfer number) makes it once:
 * the same reference again changes nothing.
 */
export const outsidePaymentPayload = z
  .object({
    user_id: idField(),
    course_id: idField().optional(),
    points: outsideAmount,
    yen: outsideAmount,
    method: z.enum(OUTSIDE_PAYMENT_METHODS, { error: 'common.invalid' }),
    reference: textField({ error: 'common.required', printable: true })
      .trim()
      .min(1, 'common.required')
      .max(100, 'common.too_long'),
  })
  .superRefine((v, ctx) => {
    if (v.course_id !== undefined && (v.points !== undefined || v.yen !== undefined)) {
      ctx.addIssue({ code: 'custom', path: ['course_id'], message: 'admin.course_or_amount' });
    } else if (v.course_id === undefined) {
      if (v.points === undefined) ctx.addIssue({ code: 'custom', path: ['points'], message: 'admin.course_or_amount' });
      if (v.yen === undefined) ctx.addIssue({ code: 'custom', path: ['yen'], message: 'admin.course_or_amount' });
    }
  });
export type OutsidePaymentInput = z.output<typeof outsidePaymentPayload>;

/** GET /admin/payments/courses: the active courses an outside payment may name. */
export const adminCourseListResponse = z.object({
  courses: z.array(z.object({ id: z.number().int(), point: z.number().int(), price: z.number().int(), memo: z.string() })),
});
