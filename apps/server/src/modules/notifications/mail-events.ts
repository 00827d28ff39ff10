import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { enqueueEventMailsPart, enqueueMail } from './mail-outbox.ts';

/**
 * The mails of other modules' events, one call each, made inside the event's transaction, so
 * the calling code stays one line. Keys name the event: one mail per event however often the
 * code path runs (retries, races, replays).
 */

/** A password set by the member or through a reset link; keyed by the moment it changed. */
export function mailPasswordChanged(tx: DbOrTx, userId: number, now: Date): Promise<boolean> {
  return enqueueMail(
    tx,
    {
      userId,
      kind: MAIL_KIND.passwordChanged,
      key: `password:${userId}:${now.getTime()}`,
      data: { changedAt: now.toISOString() },
    },
    now,
  );
}

export interface PaymentFacts {
  id: number;
  userId: number;
  payId: number;
  amount: number;
  tax: number;
  point: number;
  /** Store chain, carrier, or how money outside the site came ('' otherwise). */
  option?: string;
  /** Yen a course-discount coupon took off the course's price (decision 061; 0 or absent: none) and its code. */
  discountYen?: number;
  couponCode?: string;
}

/**
 * The receipt of a succeeded point purchase (with the 特定商取引法 items and the invoice
 * system's: the seller's registration number as it stands when the payment succeeds).
 */
export function mailPointReceipt(tx: DbOrTx, payment: PaymentFacts, registrationNumber: string, now: Date): Promise<boolean> {
  return enqueueMail(
    tx,
    {
      userId: payment.userId,
      kind: MAIL_KIND.pointReceipt,
      key: `payment:${payment.id}`,
      data: {
        paymentId: payment.id,
        points: payment.point,
        amount: payment.amount,
        tax: payment.tax,
        payId: payment.payId,
        option: payment.option ?? '',
        discountYen: payment.discountYen ?? 0,
        couponCode: payment.couponCode ?? '',
        paidAt: now.toISOString(),
        registrationNumber,
      },
    },
    now,
  );
}

/** An accepted order of a purchase batch, as its summary mail tells it (the purchase id comes from the statement). */
export interface PackPurchaseFacts {
  userId: number;
  count: number;
  cost: number;
  cards: number;
}

/**
 * The summaries of a purchase batch's accepted orders, as a CTE of the batch's recording
 * statement (decision 005: one round trip less while the pack row is locked). `purchases` is a
 * query of that statement yielding `event_id` (the purchase id), `user_id` and `ord`, the
 * 1-based place of the purchase in `facts`. One mail per purchase, keyed `purchase:<id>`.
 */
export function mailPackSummariesPart(
  pack: { name: string; currency: 'point' | 'coin' },
  facts: readonly PackPurchaseFacts[],
  purchases: SQL,
  now: Date,
): SQL {
  return enqueueEventMailsPart(
    {
      kind: MAIL_KIND.packSummary,
      keyPrefix: 'purchase:',
      idField: 'purchaseId',
      data: facts.map((p) => ({
        packName: pack.name,
        count: p.count,
        total: p.cost.toLocaleString('en-US'),
        currency: pack.currency === 'coin' ? ('coins' as const) : ('points' as const),
        cards: p.cards,
      })),
    },
    purchases,
    now,
  );
}

/** The member's decision on a purchase's cards: how many ship, how many became points. */
export function mailDecisionSummary(
  tx: DbOrTx,
  decision: {
    userId: number;
    purchaseId: number;
    packName: string;
    shipped: number;
    converted: number;
    points: number;
  },
  now: Date,
): Promise<boolean> {
  const { userId, ...data } = decision;
  return enqueueMail(
    tx,
    { userId, kind: MAIL_KIND.decisionSummary, key: `purchase:${decision.purchaseId}`, data },
    now,
  );
}
