import type { ProviderOutcome, RefundOutcome } from '../provider.ts';
import type { AmazonPayObject } from './amazonpay-api.ts';

/**
 * Amazon Pay's object states (API v2 reference: Checkout Session, Charge, Refund) in the
 * shop's terms.
 */

/** The order reference the shop puts in merchantMetadata.merchantReferenceId. */
export function merchantReference(paymentId: number): string {
  return `oripa-${paymentId}`;
}

export function paymentIdOf(reference: unknown): number | undefined {
  const match = typeof reference === 'string' ? /^oripa-(\d{1,15})$/.exec(reference) : null;
  return match ? Number(match[1]) : undefined;
}

const stateOf = (object: AmazonPayObject) => object.statusDetails?.state ?? '';
const reasonOf = (object: AmazonPayObject) => object.statusDetails?.reasonCode ?? '';

/** A Charge: Captured is paid; Authorized/…Initiated are on their way; Declined/Canceled are final. */
export function chargeOutcome(charge: AmazonPayObject, providerRef: string): ProviderOutcome {
  switch (stateOf(charge)) {
    // 'Completed' is the earlier API version's name of 'Captured'.
    case 'Captured':
    case 'Completed':
      return { status: 'succeeded', providerRef };
    case 'Declined':
      return { status: 'failed', providerRef, errorCode: reasonOf(charge) || 'Declined' };
    case 'Canceled':
      return { status: 'canceled', providerRef, errorCode: reasonOf(charge) };
    default:
      return { status: 'pending', providerRef };
  }
}

/** A Checkout Session without a charge: Open waits for the buyer; Canceled says why it ended. */
export function sessionOutcome(session: AmazonPayObject, providerRef: string): ProviderOutcome {
  if (stateOf(session) === 'Open') return { status: 'requires_action', providerRef };
  const reason = reasonOf(session);
  if (reason === 'Expired') return { status: 'expired', providerRef, errorCode: reason };
  if (reason === 'BuyerCanceled') return { status: 'canceled', providerRef, errorCode: reason };
  return { status: 'failed', providerRef, errorCode: reason || 'Declined' };
}

/** A Refund: Refunded is done, RefundInitiated is on its way, Declined failed. */
export function refundOutcome(refund: AmazonPayObject): RefundOutcome {
  const providerRefundRef = typeof refund.refundId === 'string' ? refund.refundId : undefined;
  switch (stateOf(refund)) {
    case 'Refunded':
      return { status: 'succeeded', providerRefundRef };
    case 'Declined':
      return { status: 'failed', providerRefundRef, errorCode: reasonOf(refund) || 'Declined' };
    default:
      return { status: 'pending', providerRefundRef };
  }
}

export function yenOf(price: unknown): number | undefined {
  const amount = Number((price as { amount?: unknown } | undefined)?.amount);
  return Number.isFinite(amount) && amount >= 0 ? Math.round(amount) : undefined;
}
