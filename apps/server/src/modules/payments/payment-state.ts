import type { PaymentEventKind } from '@oripa/contract/admin-payments';
import { OUTSIDE_METHOD_TEXTS, OUTSIDE_PAY_ID, type OutsidePaymentMethod } from '@oripa/contract/constants';
import { PAY_METHOD_TEXTS, type PayId, type PaymentState } from '@oripa/contract/payments';
import type { Db, DbOrTx } from '../../db/client.ts';
import { grantCampaignCoinBack, grantCampaignPoints } from '../campaigns/campaigns.service.ts';
import { couponCode, releaseCourseDiscount, retakeCourseDiscount } from '../coupons/course-discount.service.ts';
import { grantCoinBack } from '../ranks/ranks.service.ts';
import { mailPointReceipt } from '../notifications/mail-events.ts';
import { invoiceRegistrationNumber } from '../settings/settings.service.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import { recordPaymentEvent, type PaymentCause } from './payment-events.ts';
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
export function purchaseMemo(payId: number, option = ''): string {
  const name = payId === OUTSIDE_PAY_ID ? OUTSIDE_METHOD_TEXTS[option as OutsidePaymentMethod]?.ja : PAY_METHOD_TEXTS[payId as PayId]?.name.ja;
  return name ? `ポイント購入（${name}）` : 'ポイント購入';
}

/**
 * Records a new payment (pending) with its 'created' event, in one transaction. `guard` runs
 * first in that transaction (the member's caps and limits, decision 037): it may lock and
 * refuse, and a refusal writes nothing.
 */
export function createPayment(
  db: Db,
  values: repo.NewPayment,
  guard?: (tx: DbOrTx) => Promise<void>,
  discount?: PaymentDiscount,
): Promise<PaymentRow> {
  return db.transaction(async (tx) => {
    await discount?.take(tx);
    await guard?.(tx);
    const row = await repo.insertPayment(tx, values);
    await discount?.tie(tx, row);
    const off = row.discountYen > 0 || row.couponId !== null ? { discount_yen: row.discountYen, coupon_id: row.couponId } : {};
    await recordPaymentEvent(tx, row, 'created', { source: 'member' }, { pay_id: row.payId, course_id: row.courseId, point: row.point, amount: row.amount, ...off }, row.createdAt);
    return row;
  });
}

/**
 * A coupon's discount on a new payment (decision 061): `take` runs first in the start
 * transaction (the code's budget, by its conditional UPDATE), `tie` after the payment row (the
 * redemption that names it). A refusal of either writes nothing.
 */
export interface PaymentDiscount {
  take: (tx: DbOrTx) => Promise<void>;
  tie: (tx: DbOrTx, payment: PaymentRow) => Promise<void>;
}

/** States in which a payment's coupon discount goes back to the code's budget. */
const CLOSED_UNPAID: PaymentState[] = ['failed', 'canceled', 'expired'];

/**
 * The mirror of the discount's take (decision 061): a payment that has just moved to failed,
 * canceled or expired gives its coupon's yen back, in the move's transaction. The move is a
 * guarded UPDATE that only one caller wins, and the release is guarded again, so it happens
 * exactly once whether the member, a notification, the sweeper or an operator closed it.
 */
export async function releaseDiscountOf(tx: DbOrTx, row: PaymentRow, now: Date): Promise<void> {
  if (row.couponId !== null && CLOSED_UNPAID.includes(row.state as PaymentState)) await releaseCourseDiscount(tx, row.id, now);
}

/** What a move to succeeded records besides the credit: its event, and the caller's own writes (an audit entry). */
export interface SuccessOptions {
  providerRef?: string | undefined;
  /** 'confirmed' for an operator's confirmation of a transfer; 'succeeded' otherwise. */
  kind?: 'succeeded' | 'confirmed';
  detail?: Record<string, unknown>;
  /** Runs in the move's transaction, after the credit (the console's audit entry). */
  within?: (tx: DbOrTx, payment: PaymentRow) => Promise<void>;
}

/**
 * Moves the payment to succeeded from one of `from` and credits its points, with its event, in
 * one transaction. Answers the payment afterwards; `credited` is true only for the one call that
 * made the move.
 */
export async function succeedFrom(
  db: Db,
  payment: PaymentRow,
  from: PaymentState[],
  now: Date,
  cause: PaymentCause,
  options: SuccessOptions = {},
): Promise<{ payment: PaymentRow; credited: boolean }> {
  const { providerRef } = options;
  const moved = await db.transaction(async (tx) => {
    const row = await repo.transition(
      tx,
      payment.id,
      from,
      { state: 'succeeded', completedAt: now, errorCode: '', ...(payment.providerRef ? {} : providerRef ? { providerRef } : {}) },
      now,
    );
    if (!row) return undefined;
    // A lapsed payment confirmed late takes its released discount again (decision 061).
    if (row.couponId !== null && from.some((state) => CLOSED_UNPAID.includes(state))) await retakeCourseDiscount(tx, row.id, now);
    await creditPurchase(tx, row, now);
    await recordPaymentEvent(tx, row, options.kind ?? 'succeeded', cause, { point: row.point, amount: row.amount, provider_ref: row.providerRef ?? '', ...options.detail }, now);
    await options.within?.(tx, row);
    return row;
  });
  if (moved) return { payment: moved, credited: true };
  return { payment: (await repo.findPayment(db, payment.id)) ?? payment, credited: false };
}

/** Moves an open payment to succeeded and credits its points (see succeedFrom). */
export function succeed(db: Db, payment: PaymentRow, now: Date, cause: PaymentCause, options: SuccessOptions = {}) {
  return succeedFrom(db, payment, OPEN_STATES, now, cause, options);
}

/**
 * Credits a succeeded payment's points and its rank coin-back, both keyed by the payment, and
 * what a campaign running when the order was created adds (decision 060: coin-back ×M, extra
 * free points), each keyed by the payment too.
 */
export async function creditPurchase(tx: DbOrTx, payment: PaymentRow, now: Date): Promise<void> {
  const coinBack = await grantCoinBack(tx, { id: payment.id, userId: payment.userId, amount: payment.amount });
  await grantCampaignCoinBack(tx, payment, coinBack, now);
  await creditPoints(tx, {
    userId: payment.userId,
    amount: payment.point,
    money: payment.amount,
    reason: 'purchase',
    ref: creditKey(payment.id),
    memo: purchaseMemo(payment.payId, payment.option),
    idempotencyKey: creditKey(payment.id),
    now,
  });
  await grantCampaignPoints(tx, payment, now);
  // The receipt (特定商取引法 items) goes out once the credit commits, keyed by the payment,
  // with a course-discount coupon's yen and code as the web receipt shows them (decision 061).
  const code = payment.couponId === null ? '' : await couponCode(tx, payment.couponId);
  await mailPointReceipt(tx, { ...payment, couponCode: code }, await invoiceRegistrationNumber(tx), now);
}

/** Whether a guarded update changed what the history shows: the state, or what the member is sent to. */
function changed(before: PaymentRow, after: PaymentRow): boolean {
  return (
    before.state !== after.state ||
    before.providerRef !== after.providerRef ||
    before.receiptNumber !== after.receiptNumber ||
    before.actionUrl !== after.actionUrl ||
    before.dueAt?.getTime() !== after.dueAt?.getTime()
  );
}

/** A guarded move or update other than success, with its event when it changed something. */
async function move(
  db: Db,
  payment: PaymentRow,
  from: PaymentState[],
  patch: Parameters<typeof repo.transition>[3],
  now: Date,
  cause: PaymentCause,
): Promise<PaymentRow> {
  const row = await db.transaction(async (tx) => {
    const after = await repo.transition(tx, payment.id, from, patch, now);
    if (after) await releaseDiscountOf(tx, after, now);
    if (after && changed(payment, after)) {
      const detail = { provider_ref: after.providerRef ?? '', ...(after.errorCode ? { error_code: after.errorCode } : {}), ...(after.receiptNumber ? { receipt_number: after.receiptNumber } : {}) };
      await recordPaymentEvent(tx, after, after.state as PaymentEventKind, cause, detail, now);
    }
    return after;
  });
  return row ?? (await repo.findPayment(db, payment.id)) ?? payment;
}

/**
 * Applies what the provider said about a payment. A final answer moves it once (crediting on
 * success); a waiting answer records the redirect, slip or deadline. Answers the payment as it
 * is afterwards, whoever moved it. `cause` names the path that asked the provider.
 */
export async function applyOutcome(
  db: Db,
  payment: PaymentRow,
  outcome: ProviderOutcome,
  now: Date,
  cause: PaymentCause,
  actionDueAt?: Date,
): Promise<PaymentRow> {
  const ref = payment.providerRef ?? outcome.providerRef ?? null;
  switch (outcome.status) {
    case 'succeeded':
      return (await succeed(db, payment, now, cause, { providerRef: outcome.providerRef })).payment;
    case 'failed':
    case 'expired':
    case 'canceled':
      return move(db, payment, OPEN_STATES, { state: outcome.status, completedAt: now, errorCode: outcome.errorCode ?? '', providerRef: ref }, now, cause);
    case 'requires_action':
      return move(
        db,
        payment,
        OPEN_STATES,
        {
          state: 'requires_action',
          providerRef: ref,
          actionUrl: outcome.redirectUrl ?? payment.actionUrl,
          dueAt: outcome.dueAt ?? payment.dueAt ?? actionDueAt ?? null,
        },
        now,
        cause,
      );
    case 'pending':
      return move(
        db,
        payment,
        ['pending'],
        {
          providerRef: ref,
          receiptNumber: outcome.receiptNumber ?? payment.receiptNumber,
          actionUrl: outcome.slipUrl ?? payment.actionUrl,
          dueAt: outcome.dueAt ?? payment.dueAt,
          ...(outcome.bankAccount ? { bankAccount: outcome.bankAccount } : {}),
        },
        now,
        cause,
      );
    default:
      return payment;
  }
}
