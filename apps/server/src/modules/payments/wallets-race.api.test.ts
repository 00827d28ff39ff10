import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweep } from '../../jobs/sweeper.ts';
import { AmazonPayStandIn } from '../../testing/amazonpay-stand-in.ts';
import { buyer, createTestCourse, paymentRow, pointState } from '../../testing/payments.ts';
import { PayPalStandIn } from '../../testing/paypal-stand-in.ts';
import { standInFetch } from '../../testing/stand-in-server.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { postNotification, TEST_PUBLIC_URL } from '../../testing/wallet-shop.ts';

/**
 * The payment flow's race, run once per wallet adapter (Amazon Pay 3, PayPal 5) against its
 * stand-in: the browser's return several times, the provider's notifications several times and
 * sweeps, all at once after the buyer approved. Credited once; balance = ledger = open lots.
 * On PGlite (project api) and PostgreSQL (project api-pg, requests truly concurrent).
 */

let shop: TestShop;
let courseId: number;
let amazon: AmazonPayStandIn;
let payPal: PayPalStandIn;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  [amazon, payPal] = await Promise.all([AmazonPayStandIn.start(), PayPalStandIn.start()]);
  for (const [name, value] of Object.entries({ ...amazon.env(TEST_PUBLIC_URL), ...payPal.env(TEST_PUBLIC_URL), AMAZON_PAY_TIMEOUT_MS: '10000', PAYPAL_TIMEOUT_MS: '10000' })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
  shop = await openTestShop({ PAYMENT_PROVIDERS: '3:amazonpay,5:paypal,*:sandbox' });
  courseId = await createTestCourse(shop.database.db, { point: 1500, price: 1650 });
});

afterAll(async () => {
  // Stand-ins first: on PostgreSQL the shop's close otherwise waits on a provider call still open.
  await Promise.all([amazon?.close(), payPal?.close()]);
  await shop?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}, 180_000);

const once = { point: 1500, ledger: 1500, lots: 1500, purchases: 1, money: 1650 };
const later = () => new Date(Date.now() + 61 * 60_000);

describe('every way of finishing a wallet payment at once credits once', () => {
  it('Amazon Pay: completions, IPNs and sweeps racing', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const signed = await client.get('/user/button_signature');
    const session = amazon.openSession(String(signed.body.payloadJSON), String(signed.body.signature))!;
    const id = session.checkoutSessionId;
    await client.get(`/user/set_checkout_session/${id}`);
    const bought = await client.post('/user/point/buy', { pay_id: 3 });
    await standInFetch(String(bought.body.url), {});
    // Amazon completes (e.g. another tab's completion) so the IPN can name the charge.
    const first = await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${id}`);
    expect(first.body.payment_state).toBe('succeeded');
    const ipn = amazon.ipn('CHARGE', session.chargeId!, session.chargePermissionId!);
    await Promise.all([
      ...[1, 2, 3].map(() => client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${id}`)),
      ...[1, 2, 3].map(() => postNotification(shop.app, 'amazonpay', ipn)),
      sweep(shop.database.db, later()),
      client.get('/user/point/end'),
    ]);
    expect(await paymentRow(shop.database.db, bought.body.payment_id as number)).toMatchObject({ state: 'succeeded' });
    expect(await pointState(shop.database.db, userId)).toEqual(once);
  });

  it('PayPal: returns, webhooks and sweeps racing before any capture', async () => {
    const { client, userId } = await buyer(shop, courseId);
    const bought = await client.post('/user/point/buy', { pay_id: 5 });
    const paymentId = bought.body.payment_id as number;
    await standInFetch(String(bought.body.url), { decision: 'approve' });
    const orderId = new URL(String(bought.body.url)).searchParams.get('token')!;
    const hook = payPal.webhook('CHECKOUT.ORDER.APPROVED', { id: orderId });
    await Promise.all([
      ...[1, 2, 3].map(() => client.post('/user/point/append', { token: String(paymentId) })),
      ...[1, 2, 3].map(() => postNotification(shop.app, 'paypal', hook.body, hook.headers)),
      sweep(shop.database.db, later()),
      client.get('/user/point/end'),
    ]);
    expect(await paymentRow(shop.database.db, paymentId)).toMatchObject({ state: 'succeeded' });
    expect(await pointState(shop.database.db, userId)).toEqual(once);
    expect(payPal.orders.get(orderId)?.capture?.status).toBe('COMPLETED');
  });
});
