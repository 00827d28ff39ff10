import { z } from 'zod';
import { NotificationRejectedError, ProviderUnavailableError, type ProviderNotification } from '../provider.ts';
import type { PayPalApi } from './paypal-api.ts';
import { paymentIdOf, refundOutcome, yenOf } from './paypal-states.ts';

/**
 * PayPal webhooks (Webhooks v1): the event is checked by PayPal itself
 * (POST /v1/notifications/verify-webhook-signature with the five PAYPAL-* transmission headers,
 * the webhook id and the event), then the shop asks PayPal about the object the event names:
 * the order, the capture, or the refund and its capture. The shop's payment is the order's
 * (or capture's) custom_id; nothing else of the event body is trusted.
 */

const eventSchema = z.object({
  id: z.string().min(1),
  event_type: z.string().min(1),
  resource: z.looseObject({ id: z.string().min(1).max(100) }),
});

const TRANSMISSION_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function signatureVerified(api: PayPalApi, event: unknown, headers: Record<string, string | string[] | undefined>): Promise<void> {
  const transmission = Object.fromEntries(Object.entries(TRANSMISSION_HEADERS).map(([field, name]) => [field, header(headers, name)]));
  if (Object.values(transmission).some((value) => value === '')) throw new NotificationRejectedError('PayPal transmission headers missing');
  const answer = await api.postJson('/v1/notifications/verify-webhook-signature', {
    ...transmission,
    webhook_id: api.settings.PAYPAL_WEBHOOK_ID,
    webhook_event: event,
  });
  if (answer.status >= 500) throw new ProviderUnavailableError(`verify-webhook-signature answered ${answer.status}`);
  const status = (answer.json as { verification_status?: unknown } | undefined)?.verification_status;
  if (answer.status !== 200 || status !== 'SUCCESS') throw new NotificationRejectedError('PayPal webhook signature not verified');
}

/** The capture of `captureId` as PayPal holds it: the shop's payment and the order. */
async function captureOwner(api: PayPalApi, captureId: string): Promise<{ paymentId: number; providerRef: string }> {
  const capture = await api.call(() => api.payments.getCapturedPayment({ captureId }));
  const paymentId = paymentIdOf(capture.customId);
  const orderId = capture.supplementaryData?.relatedIds?.orderId;
  if (paymentId === undefined || !orderId) throw new NotificationRejectedError('capture of no order of this shop');
  return { paymentId, providerRef: orderId };
}

/** The capture a refund (or reversal) belongs to: its "up" link. */
function captureIdOfRefundLinks(links: { rel?: string; href?: string }[] | undefined): string {
  const up = links?.find((link) => link.rel === 'up')?.href ?? '';
  return /\/v2\/payments\/captures\/([A-Za-z0-9-]+)$/.exec(up)?.[1] ?? '';
}

/** The verified notification of a PayPal webhook, or undefined for an event type the shop does not follow. */
export async function verifiedWebhook(api: PayPalApi, body: unknown, headers: Record<string, string | string[] | undefined>): Promise<ProviderNotification | undefined> {
  const event = eventSchema.safeParse(body);
  if (!event.success) throw new NotificationRejectedError('not a PayPal webhook event');
  await signatureVerified(api, body, headers);
  const { event_type: type, resource } = event.data;
  if (type === 'CHECKOUT.ORDER.APPROVED' || type === 'CHECKOUT.ORDER.COMPLETED') {
    const order = await api.call(() => api.orders.getOrder({ id: resource.id }));
    const paymentId = paymentIdOf(order.purchaseUnits?.[0]?.customId);
    if (paymentId === undefined || !order.id) throw new NotificationRejectedError('order of no payment of this shop');
    return { paymentId, providerRef: order.id };
  }
  if (type.startsWith('PAYMENT.CAPTURE.') && type !== 'PAYMENT.CAPTURE.REFUNDED' && type !== 'PAYMENT.CAPTURE.REVERSED') {
    return captureOwner(api, resource.id);
  }
  if (type === 'PAYMENT.CAPTURE.REFUNDED') {
    const refund = await api.call(() => api.payments.getRefund({ refundId: resource.id }));
    const owner = await captureOwner(api, captureIdOfRefundLinks(refund.links));
    if (refundOutcome(refund).status !== 'succeeded') return owner;
    return { ...owner, kind: 'refund', amount: yenOf(refund.amount?.value), providerRefundRef: refund.id ?? resource.id };
  }
  if (type === 'PAYMENT.CAPTURE.REVERSED') {
    // A reversal (chargeback or bank return) names the capture it reverses by its "up" link.
    const links = z.array(z.object({ rel: z.string().optional(), href: z.string().optional() })).safeParse(resource.links);
    const owner = await captureOwner(api, captureIdOfRefundLinks(links.success ? links.data : undefined));
    const amount = (resource.amount as { value?: unknown } | undefined)?.value;
    return { ...owner, kind: 'chargeback', amount: yenOf(amount), providerRefundRef: resource.id };
  }
  return undefined;
}
