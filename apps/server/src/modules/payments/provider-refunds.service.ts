import type { Db } from '../../db/client.ts';
import type { PaymentCause } from './payment-events.ts';
import type { PaymentRow } from './payments.repo.ts';
import type { ProviderNotification } from './provider.ts';
import * as repo from './refunds.repo.ts';
import { takeBackForRefund } from './refunds.service.ts';

/**
 * A refund made at the provider (in its dashboard) or a chargeback the card holder won, reported
 * by a verified notification (decision 031): recorded once per provider refund id, settled at
 * once (the money has already gone back), its points taken back through the ledger (never more
 * than is unspent), and the member put up for review on the console's member page. A refund the
 * shop itself asked for, reported back by the provider, is recognised by its provider id and
 * changes nothing more.
 */
export async function applyProviderRefund(
  db: Db,
  payment: PaymentRow,
  note: ProviderNotification & { kind: 'refund' | 'chargeback' },
  now = new Date(),
): Promise<{ applied: boolean; refundId: number | null }> {
  const providerRefundRef = note.providerRefundRef ?? `${note.kind}:${note.providerRef}`;
  const cause: PaymentCause = { source: 'notification' };
  return db.transaction(async (tx) => {
    const locked = await repo.lockPayment(tx, payment.id);
    if (!locked || locked.state !== 'succeeded') return { applied: false, refundId: null };
    const known = (await repo.findByKey(tx, locked.id, `provider:${providerRefundRef}`)) ?? (await repo.findByProviderRefundRef(tx, locked.id, providerRefundRef));
    if (known) return { applied: false, refundId: known.id };
    // The provider's report of a refund the shop asked for and is still waiting on (the
    // notification outran the refund call's answer, so the shop has no provider id to know it
    // by): that refund completes here, once, rather than a second refund being counted and its
    // points taken back twice. The shop's own answer then finds it settled and does nothing.
    if (note.kind === 'refund') {
      const inFlight = await repo.findInFlightRefund(tx, locked.id, note.amount);
      if (inFlight) {
        const settledBefore = await repo.refundedYen(tx, locked.id, true);
        const settled = await repo.settleRefund(tx, inFlight.id, { state: 'succeeded', providerRefundRef, now });
        if (settled) await takeBackForRefund(tx, locked, settled, settledBefore, cause, now);
        return { applied: settled !== undefined, refundId: inFlight.id };
      }
    }
    // Money the provider says went back is a fact: it counts against what was given back, not
    // against refunds still waiting for the provider (which the provider will then refuse).
    const before = await repo.refundedYen(tx, locked.id, true);
    const left = locked.amount - before;
    // A notification that names no amount gives back whatever was left; none claims more.
    const amount = Math.min(note.amount ?? left, left);
    if (amount <= 0) return { applied: false, refundId: null };
    const refund = await repo.insertRefund(tx, {
      paymentId: locked.id,
      userId: locked.userId,
      origin: note.kind === 'chargeback' ? 'chargeback' : 'provider_refund',
      requestKey: `provider:${providerRefundRef}`,
      amount,
      state: 'succeeded',
      providerRefundRef,
      reason: note.kind === 'chargeback' ? 'chargeback' : 'refunded at the provider',
      createdAt: now,
      updatedAt: now,
      completedAt: now,
    });
    await takeBackForRefund(tx, locked, refund, before, cause, now);
    return { applied: true, refundId: refund.id };
  });
}
