import type { MemberReview, PaymentRefunds } from '@oripa/contract/admin-refunds';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { unspentOfGrant } from '../wallet/wallet.service.ts';
import { creditKey } from './payment-state.ts';
import { findPayment } from './payments.repo.ts';
import { providerRefundsOfMember, refundedYen, refundsOf } from './refunds.repo.ts';
import { refundView } from './refunds.service.ts';

/**
 * A payment's refunds and the cap of a new one, for the console's payment page: the yen not yet
 * given back, and what is unspent of the payment's points (the most a refund can take back).
 */
export async function refundsForConsole(db: Db, paymentId: number, now = new Date()): Promise<PaymentRefunds> {
  const payment = await findPayment(db, paymentId);
  if (!payment) throw AppError.field('id', 'payment.not_found');
  const [rows, given, unspent] = [await refundsOf(db, paymentId), await refundedYen(db, paymentId), await unspentOfGrant(db, creditKey(paymentId), now)];
  const refundableYen = payment.state === 'succeeded' ? payment.amount - given : 0;
  return {
    refunds: rows.map(refundView),
    cap: { refundable: refundableYen > 0, refundable_yen: refundableYen, points_credited: payment.state === 'succeeded' ? payment.point : 0, points_unspent: unspent },
  };
}

/** The member's refunds and chargebacks made at the provider: why the member is up for review. */
export async function reviewsForConsole(db: Db, userId: number): Promise<MemberReview[]> {
  return (await providerRefundsOfMember(db, userId)).map((r) => ({
    payment_id: r.paymentId,
    origin: r.origin as MemberReview['origin'],
    amount: r.amount,
    points_taken: r.pointsTaken,
    created_at: r.createdAt.toISOString(),
  }));
}
