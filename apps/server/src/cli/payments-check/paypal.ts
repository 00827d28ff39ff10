import { randomUUID } from 'node:crypto';
import type { Order } from '@paypal/paypal-server-sdk';
import { PayPalApi } from '../../modules/payments/paypal/paypal-api.ts';
import { payPalSettings } from '../../modules/payments/paypal/paypal-env.ts';
import { approvalUrl } from '../../modules/payments/paypal/paypal-states.ts';

/**
 * `npm run payments:check -- --provider paypal`: with the operator's sandbox credentials
 * (PAYPAL_ENVIRONMENT=sandbox), gets an OAuth token, creates a ¥100 CAPTURE order, reads it
 * back and checks that the webhook id answers PayPal's signature check. Nothing is charged: an
 * order no buyer approved is never captured and lapses at PayPal (Orders v2 has no call to
 * void it); the approval link is printed for a manual try.
 */
export async function runCheck(step: (label: string, fn: () => Promise<unknown>) => Promise<void>, env: NodeJS.ProcessEnv): Promise<void> {
  let api!: PayPalApi;
  await step('read PAYPAL_* settings', async () => {
    const settings = payPalSettings(env);
    if (settings.PAYPAL_ENVIRONMENT !== 'sandbox') throw new Error('PAYPAL_ENVIRONMENT must be sandbox for the check (it makes a test order)');
    api = new PayPalApi(settings);
    return settings.PAYPAL_API_HOST ?? 'api-m.sandbox.paypal.com';
  });
  await step('OAuth token (client credentials)', async () => `token of ${(await api.accessToken()).length} characters`);
  let order!: Order;
  await step('create a ¥100 order (intent CAPTURE)', async () => {
    order = await api.call(() =>
      api.orders.createOrder({
        paypalRequestId: `oripa-check-${randomUUID()}`,
        body: { intent: 'CAPTURE', purchaseUnits: [{ customId: 'oripa-check', amount: { currencyCode: 'JPY', value: '100' } }] } as Parameters<PayPalApi['orders']['createOrder']>[0]['body'],
      }),
    );
    return `order ${order.id} ${order.status}; approval ${approvalUrl(order) ?? '(none)'}`;
  });
  await step('read the order back', async () => {
    const again = await api.call(() => api.orders.getOrder({ id: order.id ?? '' }));
    if (again.status === 'COMPLETED') throw new Error('the check order was captured');
    return `${again.status}: not approved, so never captured (it lapses at PayPal)`;
  });
  await step('webhook id known to the signature check', async () => {
    const answer = await api.postJson('/v1/notifications/verify-webhook-signature', {
      auth_algo: 'SHA256withRSA',
      cert_url: 'https://api.sandbox.paypal.com/v1/notifications/certs/CERT-check',
      transmission_id: randomUUID(),
      transmission_sig: 'check',
      transmission_time: new Date().toISOString(),
      webhook_id: api.settings.PAYPAL_WEBHOOK_ID,
      webhook_event: { id: 'WH-CHECK', event_type: 'PAYMENT.CAPTURE.COMPLETED', resource: { id: 'CHECK' } },
    });
    if (answer.status >= 400) throw new Error(`verify-webhook-signature answered ${answer.status}: is PAYPAL_WEBHOOK_ID this app's webhook?`);
    return `answered ${JSON.stringify(answer.json)} (FAILURE is right for this made-up event)`;
  });
}
