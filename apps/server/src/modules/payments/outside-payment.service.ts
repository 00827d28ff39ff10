import type { OutsidePaymentInput } from '@oripa/contract/admin-payments';
import { OUTSIDE_PAY_ID } from '@oripa/contract/constants';
import { taxIncluded } from '@oripa/contract/payments';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { memberRecord } from '../users/users.service.ts';
import { creditedPoints, findActiveCourse } from './courses.service.ts';
import { operatorCause, recordPaymentEvent } from './payment-events.ts';
import { creditPurchase } from './payment-state.ts';
import { insertOutsidePayment } from './payments-admin.repo.ts';
import { findByProviderRef, type PaymentRow } from './payments.repo.ts';

/** The provider name of payments recorded outside the site: no adapter, the money already came. */
export const OUTSIDE_PROVIDER = 'outside';

/** Points and yen of an outside payment: the course's (points with its bonus, as a payment of it credits), or the operator's. */
async function amountsOf(db: Db, input: OutsidePaymentInput): Promise<{ courseId: number | null; point: number; amount: number }> {
  if (input.course_id === undefined) return { courseId: null, point: input.points ?? 0, amount: input.yen ?? 0 };
  const course = await findActiveCourse(db, input.course_id);
  if (!course) throw AppError.field('course_id', 'payment.course_not_found');
  return { courseId: course.id, point: creditedPoints(course), amount: course.price };
}

/**
 * Money a member paid outside the site (the console or `ops payment:record`): a payment row
 * (pay id OUTSIDE_PAY_ID, provider 'outside', the reference as its provider reference) credited
 * by the online payments' own completion (creditPurchase: ledger row with the yen, a point lot
 * expiring in 6 months, the rank's coin-back; it counts as a payment for the referral rule and
 * the rank), with its 'recorded' event and the audit entry, in one transaction. The reference
 * makes it once: the same reference again answers the first payment (applied false), unless it
 * was recorded for another member or amount, which is refused.
 */
export async function recordOutsidePayment(db: Db, input: OutsidePaymentInput, actor: Actor, now = new Date()): Promise<{ applied: boolean; payment: PaymentRow }> {
  if (!(await memberRecord(db, input.user_id))) throw AppError.field('user_id', 'common.not_found');
  const { courseId, point, amount } = await amountsOf(db, input);
  const detail = { method: input.method, reference: input.reference, point, amount };
  const recorded = await db.transaction(async (tx) => {
    const row = await insertOutsidePayment(tx, {
      userId: input.user_id,
      courseId,
      point,
      amount,
      tax: taxIncluded(amount),
      payId: OUTSIDE_PAY_ID,
      option: input.method,
      provider: OUTSIDE_PROVIDER,
      providerRef: input.reference,
      state: 'succeeded',
      createdAt: now,
      updatedAt: now,
      completedAt: now,
    });
    if (!row) return undefined;
    await creditPurchase(tx, row, now);
    await recordPaymentEvent(tx, row, 'recorded', operatorCause(actor), detail, now);
    await recordAudit(tx, actor, { action: 'payment.record', target: `payment:${row.id}`, after: { user_id: input.user_id, ...detail } });
    return row;
  });
  if (recorded) return { applied: true, payment: recorded };
  const first = await findByProviderRef(db, OUTSIDE_PROVIDER, input.reference);
  if (!first) throw new Error(`outside payment ${input.reference} neither inserted nor found`);
  if (first.userId !== input.user_id || first.point !== point || first.amount !== amount || first.option !== input.method) {
    throw AppError.field('reference', 'admin.reference_taken', { payment: first.id });
  }
  return { applied: false, payment: first };
}
