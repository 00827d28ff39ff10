import { describe, expect, it } from 'vitest';
import { sweep } from '../../../jobs/sweeper.ts';
import { buyer, paymentRow, pathOf, pointState } from '../../../testing/payments.ts';
import { PayPalStandIn } from '../../../testing/paypal-stand-in.ts';
import { standInFetch } from '../../../testing/stand-in-server.ts';
import type { TestClient } from '../../../testing/test-client.ts';
import { postNotification, TEST_PUBLIC_URL, useWalletShop } from '../../../testing/wallet-shop.ts';
import { ProviderUnavailableError } from '../provider.ts';
import { providerNamed } from '../providers.ts';
import { payPalSettings } from './paypal-env.ts';
import { PayPalProvider } from './paypal-provider.ts';

const t = useWalletShop(PayPalStandIn.start, '5:paypal');
const db = () => t.shop.database.db;
const afterDeadline = () => new Date(Date.now() + 61 * 60_000);

/** Orders with PayPal and decides on PayPal's page; answers the payment, the order and where the browser went. */
async function buyAndDecide(client: TestClient, decision: 'approve' | 'cancel' = 'approve') {
  const bought = await client.post('/user/point/buy', { pay_id: 5 });
  expect(bought.body).toMatchObject({ state: 200, result: '1', url: expect.stringMatching(new RegExp(`^${t.standIn.server.webUrl}/checkoutnow\\?token=`)) });
  const orderId = new URL(String(bought.body.url)).searchParams.get('token')!;
  const page = await standInFetch(String(bought.body.url));
  expect(page.body).toContain('¥2200');
  const decided = await standInFetch(String(bought.body.url), { decision });
  return { paymentId: bought.body.payment_id as number, orderId, back: decided.location };
}

describe('PayPal (pay_id 5) against the stand-in', () => {
  it('creates an order, sends the buyer to approve, captures on the way back: credited once however often append runs', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { paymentId, orderId, back } = await buyAndDecide(client);
    expect(back).toBe(`${TEST_PUBLIC_URL}/pay-redirect?payment_id=${paymentId}&pay_id=5&token=${orderId}&PayerID=STANDINPAYER`);
    expect(t.standIn.orders.get(orderId)).toMatchObject({ amount: '2200', customId: `oripa-${paymentId}`, status: 'APPROVED' });
    const appended = await Promise.all([1, 2, 3].map(() => client.post('/user/point/append', { token: String(paymentId) })));
    for (const answer of appended) expect(answer.body).toMatchObject({ state: 200, result: '1', pay_id: '5', payment_state: 'succeeded' });
    expect(await pointState(db(), userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });
    expect(pathOf(back)).toMatch(/^\/pay-redirect\?/);
  });

  it('a declined funding source fails the payment with PayPal’s issue; a refused order fails at once', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { paymentId } = await buyAndDecide(client);
    t.standIn.declineNextCapture = true;
    const appended = await client.post('/user/point/append', { token: String(paymentId) });
    expect(appended.body).toMatchObject({ result: '0', payment_state: 'failed', error_code: 'INSTRUMENT_DECLINED' });
    t.standIn.refuseNextCreate = 'PAYEE_ACCOUNT_RESTRICTED';
    const refused = await client.post('/user/point/buy', { pay_id: 5 });
    expect(refused.body).toMatchObject({ state: 400, result: '0' });
    expect(await paymentRow(db(), refused.body.payment_id as number)).toMatchObject({ state: 'failed', errorCode: 'PAYEE_ACCOUNT_RESTRICTED' });
    expect((await pointState(db(), userId)).point).toBe(0);
  });

  it('cancelled at PayPal: the payment waits, and the deadline sweep cancels it without capturing', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { paymentId, orderId, back } = await buyAndDecide(client, 'cancel');
    expect(pathOf(back)).toBe(`/pay-redirect?payment_id=${paymentId}&pay_id=5&token=${orderId}`);
    expect((await client.post('/user/point/append', { token: String(paymentId) })).body).toMatchObject({ payment_state: 'requires_action' });
    await sweep(db(), afterDeadline());
    expect(await paymentRow(db(), paymentId)).toMatchObject({ state: 'canceled' });
    expect(t.standIn.orders.get(orderId)?.status).toBe('PAYER_ACTION_REQUIRED');
    expect((await pointState(db(), userId)).point).toBe(0);
  });

  it('a create that times out leaves the payment pending (no order reference); one whose connection drops on capture is settled by the sweep', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    t.standIn.server.failNext('hang', /^POST \/v2\/checkout\/orders$/);
    const slow = await client.post('/user/point/buy', { pay_id: 5 });
    // The shop's "could not reach the payment company" answer (payment.provider_unreachable).
    expect(slow.body).toMatchObject({ state: 500, result: '0', payment_id: expect.any(Number) });
    expect(await paymentRow(db(), slow.body.payment_id as number)).toMatchObject({ state: 'pending', providerRef: null });

    const { paymentId, orderId } = await buyAndDecide(client);
    t.standIn.server.failNext('drop', /^POST \/v2\/checkout\/orders\/.+\/capture$/);
    expect((await client.post('/user/point/append', { token: String(paymentId) })).body).toMatchObject({ payment_state: 'requires_action' });
    expect(t.standIn.orders.get(orderId)?.status).toBe('APPROVED');
    await sweep(db(), afterDeadline());
    expect(await paymentRow(db(), paymentId)).toMatchObject({ state: 'succeeded' });
    expect(await paymentRow(db(), slow.body.payment_id as number)).toMatchObject({ state: 'canceled' });
    expect(await pointState(db(), userId)).toMatchObject({ point: 2000, purchases: 1 });
  });

  it('webhooks verified by PayPal settle the payment; duplicated and racing deliveries credit once; forged ones are refused', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { paymentId, orderId } = await buyAndDecide(client);
    // Captured at PayPal (e.g. by another instance) while this one lost the answer.
    t.standIn.server.failNext('drop', /^GET \/v2\/checkout\/orders\//);
    await client.post('/user/point/append', { token: String(paymentId) });
    const order = t.standIn.orders.get(orderId)!;
    if (!order.capture) {
      order.status = 'COMPLETED';
      order.capture = { id: 'CAPTURESTANDIN1', status: 'COMPLETED', refunded: 0, requestId: 'x' };
    }
    const hook = t.standIn.webhook('PAYMENT.CAPTURE.COMPLETED', t.standIn.captureJson(order));
    const answers = await Promise.all([1, 2, 3].map(() => postNotification(t.shop.app, 'paypal', hook.body, hook.headers)));
    for (const answer of answers) expect(answer.json()).toMatchObject({ ok: true, payment_id: paymentId, payment_state: 'succeeded' });
    expect(await pointState(db(), userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });

    const forged = t.standIn.webhook('PAYMENT.CAPTURE.COMPLETED', t.standIn.captureJson(order), { forged: true });
    const tampered = { ...hook.body, resource: { ...hook.body.resource as object, id: 'OTHERCAPTURE' } };
    const noHeaders = postNotification(t.shop.app, 'paypal', hook.body);
    for (const answer of [
      await postNotification(t.shop.app, 'paypal', forged.body, forged.headers),
      await postNotification(t.shop.app, 'paypal', tampered, hook.headers),
      await noHeaders,
      await postNotification(t.shop.app, 'paypal', { nothing: true }, hook.headers),
    ]) {
      expect(answer.statusCode).toBe(400);
    }
  });

  it('refunds fully or partly (PayPal-Request-Id per refund); refund and reversal webhooks report their kind', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const { paymentId, orderId } = await buyAndDecide(client);
    await client.post('/user/point/append', { token: String(paymentId) });
    const provider = providerNamed(db(), 'paypal');
    const base = { paymentId, providerRef: orderId, paymentAmount: 2200, reason: 'test', now: new Date() };
    const part = await provider.refund!({ ...base, refundId: 11, amount: 1000, refundedBefore: 0 });
    expect(part).toMatchObject({ status: 'succeeded', providerRefundRef: expect.any(String) });
    expect(await provider.refund!({ ...base, refundId: 11, amount: 1000, refundedBefore: 0 })).toEqual(part);
    expect(await provider.refund!({ ...base, refundId: 12, amount: 1201, refundedBefore: 1000 })).toMatchObject({ status: 'failed', errorCode: 'REFUND_AMOUNT_EXCEEDED' });
    const refundHook = t.standIn.webhook('PAYMENT.CAPTURE.REFUNDED', t.standIn.refundJson(part.providerRefundRef!));
    expect(await provider.verifyNotification(refundHook.body, refundHook.headers)).toEqual({ paymentId, providerRef: orderId, kind: 'refund', amount: 1000, providerRefundRef: part.providerRefundRef });
    const reversal = t.standIn.webhook('PAYMENT.CAPTURE.REVERSED', { ...t.standIn.refundJson(part.providerRefundRef!), id: 'REVERSAL1', amount: { currency_code: 'JPY', value: '1200' } });
    expect(await provider.verifyNotification(reversal.body, reversal.headers)).toMatchObject({ paymentId, kind: 'chargeback', amount: 1200, providerRefundRef: 'REVERSAL1' });
  });

  it('ping gets an OAuth token; it fails when PayPal cannot be reached', async () => {
    await expect(providerNamed(db(), 'paypal').ping!()).resolves.toBeUndefined();
    const unreachable = new PayPalProvider({ ...payPalSettings(), PAYPAL_API_HOST: '127.0.0.1:9' });
    await expect(unreachable.ping()).rejects.toThrow(ProviderUnavailableError);
    const refused = new PayPalProvider({ ...payPalSettings(), PAYPAL_CLIENT_SECRET: 'wrong' });
    await expect(refused.ping()).rejects.toThrow(/401/);
  });
});
