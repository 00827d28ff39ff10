import { PAY_METHOD_TEXTS, type PayId } from '@oripa/contract/payments';
import type { Db, DbOrTx } from '../../db/client.ts';
import { grantCoinBack } from '../ranks/ranks.service.ts';
import { mailPointReceipt } from '../notifications/mail-events.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import type { ProviderOutcome } from './provider.ts';
import * as repo from './payments.repo.ts';
import { OPEN_STATES, type PaymentRow } from './payments.repo.ts';

/**
 * The payment state machine: pending → requires_action → succeeded | failed | expired |
 * canceled. Every move is a guarded UPDATE from the states it may leave, so of two requests
 * racing to finish one payment exactly one moves it; the move to succeeded credits the points
 * in the same transaction, keyed by the payment id. Provider calls happen before, never inside.
 */

/** The ledger's key and reference of a payment's credit: a second credit is a no-op. */
export const creditKey = (paymentId: number) => `payment:${paymentId}`;

/** The history memo of a purchase (ledger memos are Japanese; the history translates by reason). */
export function purchaseMemo(payId: number): string {
  const texts = PAY_METHOD_TEXTS[payId as PayId];
  return texts ? `ポイント購入（${texts.name.ja}）` : 'ポイント購入';
}

/**
 * Moves the payment to succeeded and credits its points, in one transaction. Answers the
 * payment afterwards; `credited` is true only for the one call that made the move.
 */
export async function succeed(db: Db, payment: PaymentRow, now: Date, providerRef?: string): Promise<{ payment: PaymentRow; credited: boolean }> {
  const moved = await db.transaction(async (tx) => {
    const row = await repo.transition(
      tx,
      payment.id,
      OPEN_STATES,
      { state: 'succeeded', completedAt: now, errorCode: '', ...(payment.providerRef ? {} : providerRef ? { providerRef } : {}) },
      now,
    );
    if (!row) return undefined;
    await creditPurchase(tx, row, now);
    return row;
  });
  if (moved) return { payment: moved, credited: true };
  return { payment: (await repo.findPayment(db, payment.id)) ?? payment, credited: false };
}

/** Credits a succeeded payment's points and its rank coin-back, both keyed by the payment. */
export async function creditPurchase(tx: DbOrTx, payment: PaymentRow, now: Date): Promise<void> {
  await grantCoinBack(tx, { id: payment.id, userId: payment.userId, amount: payment.amount });
  await creditPoints(tx, {
    userId: payment.userId,
    amount: payment.point,
    money: payment.amount,
    reason: 'purchase',
    ref: creditKey(payment.id),
    memo: purchaseMemo(payment.payId),
    idempotencyKey: creditKey(payment.id),
    now,
  });
  // The receipt (特定商取引法 items) goes out once the credit commits, keyed by the payment.
  await mailPointReceipt(tx, payment, now);
}

/**
 * Applies what the provider said about a payment. A final answer moves it once (crediting on
 * success); a waiting answer records the redirect, slip or deadline. Answers the payment as it
 * is afterwards, whoever moved it.
 */
export async function applyOutcome(
  db: Db,
  payment: PaymentRow,
  outcome: ProviderOutcome,
  now: Date,
  actionDueAt?: Date,
): Promise<PaymentRow> {
  const ref = payment.providerRef ?? outcome.providerRef ?? null;
  switch (outcome.status) {
    case 'succeeded':
      return (await succeed(db, payment, now, outcome.providerRef)).payment;
    case 'failed':
    case 'expired':
    case 'canceled': {
      const row = await repo.transition(
        db,
        payment.id,
        OPEN_STATES,
        { state: outcome.status, completedAt: now, errorCode: outcome.errorCode ?? '', providerRef: ref },
        now,
      );
      return row ?? (await repo.findPayment(db, payment.id)) ?? payment;
    }
    case 'requires_action': {
      const row = await repo.transition(
        db,
        payment.id,
        OPEN_STATES,
        {
          state: 'requires_action',
          providerRef: ref,
          actionUrl: outcome.redirectUrl ?? payment.actionUrl,
          dueAt: outcome.dueAt ?? payment.dueAt ?? actionDueAt ?? null,
        },
        now,
      );
      return row ?? (await repo.findPayment(db, payment.id)) ?? payment;
    }
    case 'pending': {
      const row = await repo.transition(
        db,
        payment.id,
        ['pending'],
        {
          providerRef: ref,
          receiptNumber: outcome.receiptNumber ?? payment.receiptNumber,
          actionUrl: outcome.slipUrl ?? payment.actionUrl,
          dueAt: outcome.dueAt ?? payment.dueAt,
        },
        now,
      );
      return row ?? (await repo.findPayment(db, payment.id)) ?? payment;
    }
    default:
      return payment;
  }
}
