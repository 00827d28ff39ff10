import { PAY_ID } from '@oripa/contract/constants';
import type { Db } from '../../db/client.ts';
import { refreshPayment } from './completion.service.ts';
import { applyOutcome } from './payment-state.ts';
import * as repo from './payments.repo.ts';
import type { PaymentRow } from './payments.repo.ts';
import type { ProviderOutcome } from './provider.ts';
import { providerNamed } from './providers.ts';

const BATCH = 100;
const MAX_ROUNDS = 100;

/**
 * Closes one payment past its deadline: the provider cancels it first (so a slip can no longer
 * be paid, a wallet no longer approved), then the shop applies the provider's final answer. If
 * the money came in just before, that answer is 'succeeded' and the points are credited.
 */
async function closeDue(db: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  // A pay-later order (slip, bank transfer, remittance) runs out; an abandoned redirect is cancelled.
  const reason =
    payment.payId === PAY_ID.combini || payment.payId === PAY_ID.bank || payment.payId === PAY_ID.remittance
      ? 'expired'
      : 'canceled';
  let outcome: ProviderOutcome;
  try {
    outcome = await providerNamed(db, payment.provider).cancel({ paymentId: payment.id, providerRef: payment.providerRef }, reason);
  } catch {
    return false; // asked again at the next sweep
  }
  if (outcome.status === 'pending' || outcome.status === 'requires_action') return false;
  const after = await applyOutcome(db, payment, outcome, now, { source: 'sweeper' });
  return after.state !== payment.state;
}

async function closeAllDue(db: Db, state: 'pending' | 'requires_action', now: Date): Promise<number> {
  let moved = 0;
  const tried = new Set<number>();
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const due = (await repo.duePayments(db, state, now, BATCH + tried.size)).filter((p) => !tried.has(p.id));
    if (due.length === 0) return moved;
    for (const payment of due.slice(0, BATCH)) {
      tried.add(payment.id);
      if (await closeDue(db, payment, now)) moved += 1;
    }
  }
  return moved;
}

/**
 * Sweeper job: convenience-store slips (3 days) and bank transfers (3 business days) not paid by
 * their deadline expire; an order whose provider call never answered is cancelled. No credit.
 */
export function expireDuePayments(db: Db, now: Date): Promise<number> {
  return closeAllDue(db, 'pending', now);
}

/**
 * Sweeper job: payments left waiting at the provider (3-D Secure, wallet, carrier, QR) for
 * PAYMENT_ACTION_MINUTES are cancelled there and here.
 */
export function cancelAbandonedPayments(db: Db, now: Date): Promise<number> {
  return closeAllDue(db, 'requires_action', now);
}

/** A payment this young may still be in its create call or its browser's return: asked next time. */
const SETTLE_GRACE_MS = 10_000;
const SETTLE_BATCH = 200;

/**
 * Sweeper job: asks the provider where each payment waiting at it stands and applies the answer
 * — so a wallet, carrier or QR payment approved while this process was down (its notification
 * and the browser's return lost with it) is credited within a minute of a restart, once (the
 * state machine's guarded move and the ledger key make a late notification or return a no-op).
 * A provider that does not answer is asked again at the next sweep.
 */
export async function settleWaitingPayments(db: Db, now: Date): Promise<number> {
  const waiting = await repo.paymentsWaitingAtProvider(db, new Date(now.getTime() - SETTLE_GRACE_MS), SETTLE_BATCH);
  let moved = 0;
  for (const payment of waiting) {
    const after = await refreshPayment(db, payment, 'status', 'sweeper', now);
    if (after.state !== payment.state) moved += 1;
  }
  return moved;
}
