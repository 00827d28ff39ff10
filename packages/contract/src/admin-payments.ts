import { z } from 'zod';
import { idField, intField, textField } from './fields.ts';
import { PAYMENT_STATES } from './payments.ts';

/** The console's payment calls (issue 12, part 4). */

const dateFilter = textField()
  .trim()
  .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), 'admin.date_format')
  .optional();

/** GET /admin/payments?…: by member (id or part of the address), method, state and Japan dates. */
export const paymentSearchQuery = z.object({
  member: textField().trim().max(254, 'common.too_long').optional(),
  method: intField({ min: 1, max: 99 }).optional(),
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
