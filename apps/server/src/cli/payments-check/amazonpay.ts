import { randomUUID } from 'node:crypto';
import { AmazonPayApi, type AmazonPayObject } from '../../modules/payments/amazonpay/amazonpay-api.ts';
import { amazonPaySettings } from '../../modules/payments/amazonpay/amazonpay-env.ts';

/**
 * `npm run payments:check -- --provider amazonpay`: with the operator's Sandbox keys, signs a
 * ¥100 button payload, creates that Checkout Session at Amazon Pay (which checks the request
 * signature and the store id), reads it back and sets its ¥100 amount. Nothing is charged: a
 * session no buyer completed is cancelled by Amazon after 24 hours (there is no call to cancel
 * one); the checkout page is printed for a manual try.
 */
export async function runCheck(step: (label: string, fn: () => Promise<unknown>) => Promise<void>, env: NodeJS.ProcessEnv): Promise<void> {
  let api!: AmazonPayApi;
  let settings!: ReturnType<typeof amazonPaySettings>;
  await step('read AMAZON_PAY_* settings', async () => {
    settings = amazonPaySettings(env);
    const sandbox = settings.AMAZON_PAY_SANDBOX || settings.AMAZON_PAY_PUBLIC_KEY_ID.toUpperCase().startsWith('SANDBOX');
    if (!sandbox) throw new Error('the check needs Sandbox keys (a SANDBOX-… public key id, or AMAZON_PAY_SANDBOX=1)');
    api = new AmazonPayApi(settings);
    return `region ${settings.AMAZON_PAY_REGION}, key ${settings.AMAZON_PAY_PUBLIC_KEY_ID}`;
  });
  const payload = {
    webCheckoutDetails: { checkoutReviewReturnUrl: '' },
    storeId: '',
    scopes: ['name', 'email'],
    chargePermissionType: 'OneTime',
  };
  await step('sign a button payload (generateButtonSignature)', async () => {
    payload.storeId = settings.AMAZON_PAY_STORE_ID;
    payload.webCheckoutDetails.checkoutReviewReturnUrl = `${settings.PUBLIC_URL}/confirm-buy-point`;
    return `${api.signButton(JSON.stringify(payload)).length} characters`;
  });
  let session!: AmazonPayObject;
  await step('create a Checkout Session', async () => {
    session = (await api.client.createCheckoutSession(payload, { 'x-amz-pay-idempotency-key': randomUUID() })).data as AmazonPayObject;
    return `session ${String(session.checkoutSessionId)} ${session.statusDetails?.state ?? ''}`;
  });
  await step('set its amount to ¥100 and read it back', async () => {
    const id = String(session.checkoutSessionId);
    await api.updateCheckoutSession(id, {
      webCheckoutDetails: { checkoutResultReturnUrl: `${settings.PUBLIC_URL}/amazon-pay-redirect` },
      paymentDetails: { paymentIntent: 'AuthorizeWithCapture', chargeAmount: { amount: '100', currencyCode: 'JPY' } },
      merchantMetadata: { merchantReferenceId: 'oripa-check' },
    });
    const again = await api.getCheckoutSession(id);
    return `${again.statusDetails?.state ?? ''}: never completed, so never charged (Amazon cancels it after 24 hours)`;
  });
}
