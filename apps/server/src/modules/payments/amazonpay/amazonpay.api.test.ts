import { describe, expect, it } from 'vitest';
import { sweep } from '../../../jobs/sweeper.ts';
import { AmazonPayStandIn } from '../../../testing/amazonpay-stand-in.ts';
import { browserGet, buyer, paymentRow, pathOf, pointState } from '../../../testing/payments.ts';
import { standInFetch } from '../../../testing/stand-in-server.ts';
import type { TestClient } from '../../../testing/test-client.ts';
import { postNotification, TEST_PUBLIC_URL, useWalletShop } from '../../../testing/wallet-shop.ts';
import { providerNamed } from '../providers.ts';

const t = useWalletShop(AmazonPayStandIn.start, '3:amazonpay');
const db = () => t.shop.database.db;
const afterDeadline = () => new Date(Date.now() + 61 * 60_000);

/** Button → the shop's checkout page → Amazon's sign-in (stand-in) → back on the review page. */
async function openSession(client: TestClient) {
  const signed = await client.get('/user/button_signature');
  expect(signed.body).toMatchObject({ state: 200, public_key_id: t.standIn.merchantKey.publicKeyId, store_id: t.standIn.storeId });
  const page = await browserGet(t.shop.app, String(signed.body.button_url));
  const session = t.standIn.openSession(String(signed.body.payloadJSON), String(signed.body.signature));
  if (!session) throw new Error('the stand-in refused the button signature');
  return { signed, page, sessionId: session.checkoutSessionId };
}

/** The member orders with the session and approves on Amazon's page; answers the payment id. */
async function buyAndApprove(client: TestClient) {
  const { sessionId } = await openSession(client);
  expect((await client.get(`/user/set_checkout_session/${sessionId}`)).body).toMatchObject({ state: 200, result: '1' });
  const bought = await client.post('/user/point/buy', { pay_id: 3 });
  expect(bought.body).toMatchObject({ state: 200, result: '1', url: `${t.standIn.server.webUrl}/pay/${sessionId}` });
  const approved = await standInFetch(String(bought.body.url), {});
  expect(approved.status).toBe(303);
  return { sessionId, paymentId: bought.body.payment_id as number, back: approved.location };
}

describe('Amazon Pay Checkout v2 (pay_id 3) against the stand-in', () => {
  it('signs the button, opens Amazon checkout, buys and completes: credited once however often completion runs', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { signed, page, sessionId } = await openSession(client);
    expect(JSON.parse(String(signed.body.payloadJSON))).toMatchObject({
      storeId: t.standIn.storeId,
      webCheckoutDetails: { checkoutReviewReturnUrl: `${TEST_PUBLIC_URL}/confirm-buy-point?pointPriceId=${t.courseId}` },
      paymentDetails: { chargeAmount: { amount: '2200', currencyCode: 'JPY' } },
    });
    expect(pathOf(String(signed.body.button_url))).toMatch(/^\/api\/payment\/amazonpay\/checkout\?payloadJSON=/);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`src="${t.standIn.server.webUrl}/checkout.js"`);
    expect(page.headers['content-security-policy']).toContain(`script-src 'self' ${t.standIn.server.webUrl}`);
    expect((await browserGet(t.shop.app, '/api/payment/amazonpay/checkout.js')).body).toContain('initCheckout');

    expect((await client.get(`/user/set_checkout_session/${sessionId}`)).body).toMatchObject({ state: 200, result: '1' });
    expect((await client.get('/user/get_checkout_session')).body).toMatchObject({ state: 200, payMethod: 'Visa ****1111' });
    const bought = await client.post('/user/point/buy', { pay_id: 3 });
    expect(t.standIn.sessions.get(sessionId)?.merchantMetadata).toMatchObject({ merchantReferenceId: `oripa-${bought.body.payment_id}`, customInformation: `oripa-member:${userId}` });
    const approved = await standInFetch(String(bought.body.url), {});
    expect(approved.location).toBe(`${TEST_PUBLIC_URL}/amazon-pay-redirect?amazonCheckoutSessionId=${sessionId}&amazonCheckoutSessionId=${sessionId}`);
    await Promise.all([1, 2, 3].map(() => client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`)));
    const completed = await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    expect(completed.body).toMatchObject({ state: 200, result: '1', pay_id: '3', payment_state: 'succeeded' });
    expect(await pointState(db(), userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });
    // One session, one order.
    expect((await client.post('/user/point/buy', { pay_id: 3, checkout_session_id: sessionId })).body).toMatchObject({ result: '0' });
  });

  it('declined by the payment method: the completion answers the wallet failure, nothing credited', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { sessionId, paymentId } = await buyAndApprove(client);
    t.standIn.declineNext = true;
    const completed = await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    expect(completed.body).toMatchObject({ result: '0', payment_state: 'failed', error_code: 'Declined' });
    expect(await paymentRow(db(), paymentId)).toMatchObject({ state: 'failed' });
    expect((await pointState(db(), userId)).point).toBe(0);
  });

  it('a completion that times out leaves the payment open; the deadline sweep completes it at Amazon and credits once', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { sessionId, paymentId } = await buyAndApprove(client);
    t.standIn.server.failNext('hang', /^POST \/v2\/checkoutSessions\/.+\/complete$/);
    const slow = await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    expect(slow.body).toMatchObject({ state: 200, payment_state: 'requires_action' });
    await sweep(db(), new Date(Date.now() + 60_000));
    expect(await paymentRow(db(), paymentId)).toMatchObject({ state: 'requires_action' });
    await sweep(db(), afterDeadline());
    expect(await paymentRow(db(), paymentId)).toMatchObject({ state: 'succeeded' });
    expect(await pointState(db(), userId)).toMatchObject({ point: 2000, purchases: 1 });
  });

  it('a connection lost after the capture: the IPN (or the sweep) finds the charge captured; duplicated and racing IPNs credit once', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { sessionId, paymentId } = await buyAndApprove(client);
    t.standIn.server.failNext('drop', /^GET \/v2\/charges\//);
    const lost = await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    expect(lost.body).toMatchObject({ payment_state: 'requires_action' });
    const session = t.standIn.sessions.get(sessionId)!;
    expect(session.state).toBe('Completed');
    const ipn = t.standIn.ipn('CHARGE', session.chargeId!, session.chargePermissionId!);
    const answers = await Promise.all([ipn, ipn, ipn].map((body) => postNotification(t.shop.app, 'amazonpay', body)));
    for (const answer of answers) expect(answer.json()).toMatchObject({ ok: true, payment_id: paymentId, payment_state: 'succeeded' });
    expect((await postNotification(t.shop.app, 'amazonpay', ipn)).statusCode).toBe(200);
    expect(await pointState(db(), userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });
  });

  it('refuses forged, tampered, foreign and malformed IPNs (400) and changes nothing', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const { sessionId, paymentId } = await buyAndApprove(client);
    const session = t.standIn.sessions.get(sessionId)!;
    const forged = t.standIn.ipn('CHARGE', 'S03-x-C01', 'S03-x', { forged: true });
    const foreign = t.standIn.ipn('CHARGE', 'S03-x-C01', 'S03-x', { merchantId: 'SOMEONEELSE' });
    const genuine = JSON.parse(t.standIn.ipn('CHARGE', 'S03-x-C01', 'S03-x')) as Record<string, string>;
    const tampered = JSON.stringify({ ...genuine, Message: genuine.Message!.replace('S03-x', 'S03-y') });
    const elsewhere = JSON.stringify({ ...genuine, SigningCertURL: 'https://evil.example/cert.pem' });
    for (const body of [forged, foreign, tampered, elsewhere, '{"Type":"Notification"}', 'not json', '']) {
      expect((await postNotification(t.shop.app, 'amazonpay', body)).statusCode).toBe(400);
    }
    expect(session.state).toBe('Open');
    expect(await paymentRow(db(), paymentId)).toMatchObject({ state: 'requires_action' });
  });

  it('refunds fully or partly at Amazon, idempotently per refund; refund and chargeback IPNs report their kind', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const { sessionId, paymentId } = await buyAndApprove(client);
    await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    const provider = providerNamed(db(), 'amazonpay');
    const base = { paymentId, providerRef: sessionId, paymentAmount: 2200, reason: 'test', now: new Date() };
    const part = await provider.refund!({ ...base, refundId: 1, amount: 1000, refundedBefore: 0 });
    expect(part).toMatchObject({ status: 'succeeded', providerRefundRef: expect.stringMatching(/-R01$/) });
    expect(await provider.refund!({ ...base, refundId: 1, amount: 1000, refundedBefore: 0 })).toEqual(part);
    expect(await provider.refund!({ ...base, refundId: 2, amount: 1201, refundedBefore: 1000 })).toMatchObject({ status: 'failed', errorCode: 'TransactionAmountExceeded' });
    const session = t.standIn.sessions.get(sessionId)!;
    const refundIpn = t.standIn.ipn('REFUND', part.providerRefundRef!, session.chargePermissionId!);
    expect(await provider.verifyNotification(refundIpn, {})).toEqual({ paymentId, providerRef: sessionId, kind: 'refund', amount: 1000, providerRefundRef: part.providerRefundRef });
    const chargeback = t.standIn.ipn('CHARGEBACK', 'S03-CB-1', session.chargePermissionId!);
    expect(await provider.verifyNotification(chargeback, {})).toMatchObject({ paymentId, kind: 'chargeback', providerRefundRef: 'S03-CB-1' });
    t.standIn.refundsPending = true;
    expect(await provider.refund!({ ...base, refundId: 3, amount: 200, refundedBefore: 1000 })).toMatchObject({ status: 'pending' });
    t.standIn.refundsPending = false;
  });

  it('ping answers when Amazon accepts the shop’s signature', async () => {
    await expect(providerNamed(db(), 'amazonpay').ping!()).resolves.toBeUndefined();
    t.standIn.server.failNext('drop', /checkoutSessions/);
    await expect(providerNamed(db(), 'amazonpay').ping!()).rejects.toThrow();
  });
});
