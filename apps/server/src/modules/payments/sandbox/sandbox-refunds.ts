import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxPayRefunds } from '../../../db/schema/payment-refunds.ts';
import { sandboxPayTransactions } from '../../../db/schema/payments.ts';
import type { RefundInput, RefundOutcome } from '../provider.ts';
import { newId } from './sandbox-ids.ts';

/**
 * The sandbox provider's refunds and chargebacks, standing for a payment company's: a refund
 * gives back part or all of a captured transaction, never more than is left of it, and a refund
 * the shop asks for twice (same shop refund id) is made once. The transaction's row is held
 * while deciding, so racing refunds never give back more than was captured.
 */

export type SandboxRefund = typeof sandboxPayRefunds.$inferSelect;

/** Gives back `amount` yen of a captured transaction; answers the refund or why it was refused. */
export async function refundCaptured(
  db: Db,
  where: { orderId: string } | { id: string },
  refund: { amount: number; kind: 'refund' | 'chargeback'; shopRefundKey: string; now: Date },
): Promise<{ refund?: SandboxRefund; transactionId?: string; errorCode?: string }> {
  return db.transaction(async (tx) => {
    const match = 'orderId' in where ? eq(sandboxPayTransactions.orderId, where.orderId) : eq(sandboxPayTransactions.id, where.id);
    const [transaction] = await tx.select().from(sandboxPayTransactions).where(match).for('update');
    if (!transaction) return { errorCode: 'NOT_FOUND' };
    if (refund.shopRefundKey !== '') {
      const [earlier] = await tx
        .select()
        .from(sandboxPayRefunds)
        .where(and(eq(sandboxPayRefunds.transactionId, transaction.id), eq(sandboxPayRefunds.shopRefundKey, refund.shopRefundKey)));
      if (earlier) return { refund: earlier, transactionId: transaction.id };
    }
    if (transaction.status !== 'succeeded') return { errorCode: 'NOT_CAPTURED', transactionId: transaction.id };
    const [given] = await tx
      .select({ yen: sql<number>`coalesce(sum(${sandboxPayRefunds.amount}), 0)::int` })
      .from(sandboxPayRefunds)
      .where(eq(sandboxPayRefunds.transactionId, transaction.id));
    if (!Number.isSafeInteger(refund.amount) || refund.amount <= 0 || refund.amount > transaction.amount - (given?.yen ?? 0)) {
      return { errorCode: 'AMOUNT', transactionId: transaction.id };
    }
    const [row] = await tx
      .insert(sandboxPayRefunds)
      .values({ id: newId('rfd'), transactionId: transaction.id, kind: refund.kind, shopRefundKey: refund.shopRefundKey, amount: refund.amount, createdAt: refund.now })
      .returning();
    return { refund: row, transactionId: transaction.id };
  });
}

/** PaymentProvider.refund of the sandbox: keyed by the shop's refund id. */
export async function refundForShop(db: Db, input: RefundInput): Promise<RefundOutcome> {
  const answer = await refundCaptured(db, { orderId: String(input.paymentId) }, { amount: input.amount, kind: 'refund', shopRefundKey: String(input.refundId), now: input.now });
  if (!answer.refund) return { status: 'failed', errorCode: answer.errorCode ?? 'REFUND' };
  return { status: 'succeeded', providerRefundRef: answer.refund.id };
}
