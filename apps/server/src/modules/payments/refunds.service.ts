import type { RefundOrigin } from '@oripa/contract/admin-refunds';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { takeBackCampaignPoints } from '../campaigns/campaigns.service.ts';
import { takeBackGrant } from '../wallet/wallet.service.ts';
import { operatorCause, recordPaymentEvent, type PaymentCause } from './payment-events.ts';
import { creditKey } from './payment-state.ts';
import type { PaymentRow } from './payments.repo.ts';
import type { RefundOutcome } from './provider.ts';
import { providerNamed } from './providers.ts';
import { pointsForRefund } from './refund-points.ts';
import * as repo from './refunds.repo.ts';
import type { RefundRow } from './refunds.repo.ts';

/**
 * Refunds (decision 031). A refund is recorded (requested) in one short transaction that holds
 * the payment's row, so racing refunds never give back more than the payment took; the provider
 * is asked outside any transaction; its answer settles the refund with one guarded update, and
 * the move to succeeded takes the points back through the ledger in the same transaction.
 */

/** The ledger memo of a take-back (ledger memos are Japanese; the history translates by reason). */
const takeBackMemo = (paymentId: number) => `ポイント返還（お支払い #${paymentId} の返金）`;

/**
 * Takes back the refund's share of the payment's points — at most what is still unspent of
 * them — with its ledger row keyed by the refund, and records the payment's 'refunded' event.
 * `refundedBefore` is the yen the provider gave back by the payment's other refunds.
 */
export async function takeBackForRefund(tx: DbOrTx, payment: PaymentRow, refund: RefundRow, refundedBefore: number, cause: PaymentCause, now: Date): Promise<number> {
  const wanted = pointsForRefund(payment, refundedBefore, refund.amount);
  const { taken } = wanted > 0
    ? await takeBackGrant(tx, {
        userId: payment.userId,
        reason: 'refund',
        ref: creditKey(payment.id),
        memo: takeBackMemo(payment.id),
        idempotencyKey: `refund:${refund.id}`,
        grantKey: creditKey(payment.id),
        points: wanted,
        now,
      })
    : { taken: 0 };
  await repo.setPointsTaken(tx, refund.id, taken);
  // A campaign's extra points on the payment go back in the same proportion (decision 060).
  const campaignTaken = await takeBackCampaignPoints(tx, payment, refund, refundedBefore, now);
  await recordPaymentEvent(
    tx,
    payment,
    'refunded',
    cause,
    {
      refund_id: refund.id,
      origin: refund.origin,
      amount: refund.amount,
      points_wanted: wanted,
      points_taken: taken,
      ...(campaignTaken > 0 ? { campaign_points_taken: campaignTaken } : {}),
      provider_refund_ref: refund.providerRefundRef,
    },
    now,
  );
  return taken;
}

export interface OperatorRefund {
  paymentId: number;
  amount: number;
  reason: string;
  requestId: string;
}

/** Records the operator's refund as requested, once per request id (a repeat answers the first). */
async function recordRequest(db: Db, input: OperatorRefund, actor: Actor, now: Date): Promise<{ refund: RefundRow; payment: PaymentRow; refundedBefore: number }> {
  return db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, input.paymentId);
    if (!payment) throw AppError.field('payment_id', 'payment.not_found');
    const key = `console:${input.requestId}`;
    const existing = await repo.findByKey(tx, payment.id, key);
    const others = await repo.refundedYen(tx, payment.id);
    if (existing) return { refund: existing, payment, refundedBefore: others - (existing.state === 'failed' ? 0 : existing.amount) };
    if (payment.state !== 'succeeded') throw AppError.field('payment_id', 'admin.refund_not_paid', { state: payment.state });
    const left = payment.amount - others;
    if (input.amount > left) throw AppError.field('amount', 'admin.refund_too_much', { max: left });
    const refund = await repo.insertRefund(tx, {
      paymentId: payment.id,
      userId: payment.userId,
      origin: 'operator',
      requestKey: key,
      amount: input.amount,
      reason: input.reason,
      operatorId: actor.operatorId,
      createdAt: now,
      updatedAt: now,
    });
    await recordPaymentEvent(tx, payment, 'refund_requested', operatorCause(actor), { refund_id: refund.id, amount: refund.amount, reason: refund.reason }, now);
    await recordAudit(tx, actor, { action: 'payment.refund', target: `payment:${payment.id}`, after: { refund_id: refund.id, amount: refund.amount, reason: refund.reason } });
    return { refund, payment, refundedBefore: others };
  });
}

/** Applies the provider's answer to a requested refund; answers the refund as it is afterwards. */
async function settle(db: Db, payment: PaymentRow, refund: RefundRow, outcome: RefundOutcome, cause: PaymentCause, now: Date): Promise<{ refund: RefundRow; settled: boolean }> {
  if (outcome.status === 'pending') return { refund, settled: false };
  const moved = await db.transaction(async (tx) => {
    // Refunds of one payment settle one after another, each counting the ones settled before it.
    await repo.lockPayment(tx, payment.id);
    const settledBefore = await repo.refundedYen(tx, payment.id, true);
    const row = await repo.settleRefund(tx, refund.id, { state: outcome.status as 'succeeded' | 'failed', providerRefundRef: outcome.providerRefundRef, errorCode: outcome.errorCode, now });
    if (!row) return undefined;
    if (row.state === 'succeeded') await takeBackForRefund(tx, payment, row, settledBefore, cause, now);
    else await recordPaymentEvent(tx, payment, 'refund_failed', cause, { refund_id: row.id, amount: row.amount, error_code: row.errorCode }, now);
    return row;
  });
  return { refund: (await repo.findRefund(db, refund.id)) ?? moved ?? refund, settled: moved !== undefined };
}

/**
 * An owner refunds a succeeded payment, fully or partly, at the provider that took it. A double
 * or racing submit (same request id) refunds once; a repeat of a refund still waiting for the
 * provider asks the provider again (its refund call is idempotent on the shop's refund id).
 */
export async function refundPayment(db: Db, input: OperatorRefund, actor: Actor, now = new Date()): Promise<{ applied: boolean; refund: RefundRow }> {
  const { refund, payment, refundedBefore } = await recordRequest(db, input, actor, now);
  if (refund.state !== 'requested') return { applied: false, refund };
  let outcome: RefundOutcome;
  try {
    outcome = await providerNamed(db, payment.provider).refund({
      paymentId: payment.id,
      providerRef: payment.providerRef,
      refundId: refund.id,
      amount: refund.amount,
      paymentAmount: payment.amount,
      refundedBefore,
      reason: refund.reason,
      now,
    });
  } catch {
    // The provider did not answer: the refund stays requested; submitting again asks again.
    throw AppError.field('payment_id', 'payment.provider_unreachable');
  }
  const done = await settle(db, payment, refund, outcome, operatorCause(actor), now);
  if (done.refund.state === 'failed' && done.settled) throw AppError.field('amount', 'admin.refund_declined', { code: done.refund.errorCode || '—' });
  // Of racing submits, the one whose answer settled the refund reports it applied.
  return { applied: done.settled && done.refund.state === 'succeeded', refund: done.refund };
}

/** The refund row as the console shows it. */
export function refundView(r: RefundRow) {
  return {
    id: r.id,
    payment_id: r.paymentId,
    origin: r.origin as RefundOrigin,
    state: r.state as 'requested' | 'succeeded' | 'failed',
    amount: r.amount,
    points_taken: r.pointsTaken,
    reason: r.reason,
    provider_refund_ref: r.providerRefundRef,
    error_code: r.errorCode,
    created_at: r.createdAt.toISOString(),
    completed_at: r.completedAt?.toISOString() ?? null,
  };
}
