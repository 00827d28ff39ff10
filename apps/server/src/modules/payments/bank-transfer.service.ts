import type { Db } from '../../db/client.ts';
import { creditPurchase, succeed } from './payment-state.ts';
import * as repo from './payments.repo.ts';
import type { PaymentRow } from './payments.repo.ts';

export type ConfirmOutcome =
  | { kind: 'confirmed'; payment: PaymentRow }
  | { kind: 'already'; payment: PaymentRow }
  | { kind: 'not_found' }
  | { kind: 'not_bank'; payment: PaymentRow }
  | { kind: 'closed'; payment: PaymentRow };

/**
 * An operator confirms that a bank transfer arrived (npm run ops -- payment:confirm ID): the
 * order moves to succeeded and its points are credited in the same transaction, once. A
 * transfer that expired is confirmed only with `late` (the money came after the deadline and
 * the operator decided to honour it); failed or cancelled orders are never confirmed.
 */
export async function confirmBankTransfer(db: Db, paymentId: number, options: { late?: boolean } = {}, now = new Date()): Promise<ConfirmOutcome> {
  const payment = await repo.findPayment(db, paymentId);
  if (!payment) return { kind: 'not_found' };
  if (payment.payId !== 4) return { kind: 'not_bank', payment };
  if (payment.state === 'succeeded') return { kind: 'already', payment };
  if (payment.state === 'pending') {
    const done = await succeed(db, payment, now);
    return done.credited ? { kind: 'confirmed', payment: done.payment } : outcomeOfRace(done.payment);
  }
  if (payment.state === 'expired' && options.late) {
    const moved = await db.transaction(async (tx) => {
      const row = await repo.transition(tx, payment.id, ['expired'], { state: 'succeeded', completedAt: now }, now);
      if (!row) return undefined;
      await creditPurchase(tx, row, now);
      return row;
    });
    if (moved) return { kind: 'confirmed', payment: moved };
    return outcomeOfRace((await repo.findPayment(db, payment.id)) ?? payment);
  }
  return { kind: 'closed', payment };
}

function outcomeOfRace(payment: PaymentRow): ConfirmOutcome {
  return payment.state === 'succeeded' ? { kind: 'already', payment } : { kind: 'closed', payment };
}
