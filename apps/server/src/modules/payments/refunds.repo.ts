import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentRefunds } from '../../db/schema/payment-refunds.ts';
import { payments } from '../../db/schema/payments.ts';

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type NewRefund = typeof paymentRefunds.$inferInsert;

/**
 * Holds the payment's row for the caller's transaction: refunds of one payment are decided one
 * after another, so two racing ones never give back more than the payment took.
 */
export async function lockPayment(tx: DbOrTx, paymentId: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return row;
}

/**
 * Yen of the payment given back or being given back (failed refunds do not count); with
 * `settledOnly`, only what the provider has given back.
 */
export async function refundedYen(db: DbOrTx, paymentId: number, settledOnly = false): Promise<number> {
  const [row] = await db
    .select({ yen: sql<number>`coalesce(sum(${paymentRefunds.amount}), 0)::int` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), settledOnly ? eq(paymentRefunds.state, 'succeeded') : ne(paymentRefunds.state, 'failed')));
  return row?.yen ?? 0;
}

export async function findByKey(db: DbOrTx, paymentId: number, requestKey: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.requestKey, requestKey)));
  return row;
}

/** A refund of the payment the provider knows by `ref` (one the shop asked for, reported back by a notification). */
export async function findByProviderRefundRef(db: DbOrTx, paymentId: number, ref: string): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.providerRefundRef, ref)));
  return row;
}

/**
 * The shop's own refund of the payment still waiting for the provider's answer (no provider id
 * yet), of `amount` yen when given: the one a provider's refund notification may be echoing.
 */
export async function findInFlightRefund(db: DbOrTx, paymentId: number, amount: number | undefined): Promise<RefundRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentRefunds)
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        eq(paymentRefunds.origin, 'operator'),
        eq(paymentRefunds.state, 'requested'),
        eq(paymentRefunds.providerRefundRef, ''),
        amount === undefined ? undefined : eq(paymentRefunds.amount, amount),
      ),
    )
    .orderBy(paymentRefunds.id)
    .limit(1);
  return row;
}

export async function findRefund(db: DbOrTx, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id));
  return row;
}

export async function insertRefund(tx: DbOrTx, values: NewRefund): Promise<RefundRow> {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  if (!row) throw new Error('refund not inserted');
  return row;
}

/** Moves a requested refund to its outcome; undefined when another request moved it first. */
export async function settleRefund(
  tx: DbOrTx,
  id: number,
  patch: { state: 'succeeded' | 'failed'; providerRefundRef?: string; errorCode?: string; now: Date },
): Promise<RefundRow | undefined> {
  const [row] = await tx
    .update(paymentRefunds)
    .set({
      state: patch.state,
      errorCode: patch.errorCode ?? '',
      ...(patch.providerRefundRef ? { providerRefundRef: patch.providerRefundRef } : {}),
      updatedAt: patch.now,
      completedAt: patch.now,
    })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.state, 'requested')))
    .returning();
  return row;
}

export async function setPointsTaken(tx: DbOrTx, id: number, points: number): Promise<void> {
  await tx.update(paymentRefunds).set({ pointsTaken: points }).where(eq(paymentRefunds.id, id));
}

/** The payment's refunds, oldest first. */
export function refundsOf(db: DbOrTx, paymentId: number): Promise<RefundRow[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(paymentRefunds.id);
}

/** The member's refunds the provider started (a refund at its side, a chargeback), newest first. */
export function providerRefundsOfMember(db: DbOrTx, userId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.userId, userId), inArray(paymentRefunds.origin, ['provider_refund', 'chargeback'])))
    .orderBy(desc(paymentRefunds.id))
    .limit(200);
}
