import type { Order, Refund } from '@paypal/paypal-server-sdk';
import type { ProviderOutcome, RefundOutcome } from '../provider.ts';

/** PayPal's order, capture and refund statuses (Orders v2, Payments v2) in the shop's terms. */

/** The shop's order id as the purchase unit's custom_id. */
export function customIdOf(paymentId: number): string {
  return `oripa-${paymentId}`;
}

export function paymentIdOf(customId: unknown): number | undefined {
  const match = typeof customId === 'string' ? /^oripa-(\d{1,15})$/.exec(customId) : null;
  return match ? Number(match[1]) : undefined;
}

/** Where the buyer approves: the order's payer-action (or approve) link. */
export function approvalUrl(order: Order): string | undefined {
  return order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
}

export function firstCapture(order: Order) {
  return order.purchaseUnits?.[0]?.payments?.captures?.[0];
}

export function orderOutcome(order: Order): ProviderOutcome {
  const providerRef = order.id ?? '';
  switch (order.status) {
    case 'COMPLETED': {
      const capture = firstCapture(order);
      switch (capture?.status) {
        case 'COMPLETED':
        case 'PARTIALLY_REFUNDED':
        case 'REFUNDED':
          return { status: 'succeeded', providerRef };
        case 'DECLINED':
        case 'FAILED':
          return { status: 'failed', providerRef, errorCode: capture.status };
        default:
          return { status: 'pending', providerRef };
      }
    }
    case 'VOIDED':
      return { status: 'canceled', providerRef, errorCode: 'VOIDED' };
    default: {
      // CREATED, SAVED, PAYER_ACTION_REQUIRED, APPROVED: the buyer is (or was) at PayPal.
      const redirectUrl = approvalUrl(order);
      return { status: 'requires_action', providerRef, ...(redirectUrl ? { redirectUrl } : {}) };
    }
  }
}

export function refundOutcome(refund: Refund): RefundOutcome {
  const providerRefundRef = refund.id;
  switch (refund.status) {
    case 'COMPLETED':
      return { status: 'succeeded', providerRefundRef };
    case 'FAILED':
    case 'CANCELLED':
      return { status: 'failed', providerRefundRef, errorCode: refund.status };
    default:
      return { status: 'pending', providerRefundRef };
  }
}

export function yenOf(value: unknown): number | undefined {
  const amount = Number(value);
  return Number.isFinite(amount) && amount >= 0 ? Math.round(amount) : undefined;
}
