import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sandboxPayTransactions } from '../../db/schema/payments.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { signIn } from '../../testing/members.ts';
import { browserGet, browserPost, buyer, decideOnPage, pathOf, paymentRow, pointState } from '../../testing/payments.ts';
import { useCourseShop } from '../../testing/course-shop.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestPack } from '../../testing/test-pack.ts';

const t = useCourseShop({ point: 2000, price: 2200 });

describe('redirect wallets (pay_id 12 and 5): provider consent → /pay-redirect → point/append', () => {
  for (const payId of [12, 5]) {
    it(`pay_id ${payId}: approved, credited once however often /pay-redirect posts append`, async () => {
      const db = t.shop.database.db;
      const { client, userId } = await buyer(t.shop, t.courseId);
      const res = await client.post('/user/point/buy', { pay_id: payId });
      expect(res.body).toMatchObject({ state: 200, result: '1', url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/sandbox\/pay\/consent\//) });
      const paymentId = res.body.payment_id as number;
      expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'requires_action' });
      const { page, location } = await decideOnPage(t.shop.app, String(res.body.url), 'approve');
      expect(page.body).toContain('2,200円');
      expect(location).toBe(`/pay-redirect?payment_id=${paymentId}&pay_id=${payId}`);
      for (let i = 0; i < 3; i += 1) {
        const appended = await client.post('/user/point/append', { token: String(paymentId) });
        expect(appended.body).toMatchObject({ state: 200, result: '1', payment_id: paymentId, pay_id: String(payId), payment_state: 'succeeded' });
      }
      expect(await pointState(db, userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });
      const end = await client.get('/user/point/end');
      expect(end.body).toMatchObject({ result: '1', message: '決済が完了し、ポイントに反映されました。' });
    });
  }

  it('declined at the provider: append answers the wallet failure text and nothing is credited', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 12 });
    const { location } = await decideOnPage(t.shop.app, String(res.body.url), 'decline');
    expect(location).toBe(`/pay-redirect?payment_id=${res.body.payment_id}&pay_id=12`);
    const appended = await client.post('/user/point/append', { token: res.body.payment_id });
    expect(appended.body).toMatchObject({ state: 200, result: '0', payment_state: 'failed', error_code: 'DECLINED' });
    expect(appended.body.message).toBe('決済に失敗しました。ご利用のウォレットの状態をご確認いただくか、ウォレットでお支払い方法を選択し直してください。');
    client.setLang('en');
    expect((await client.get('/user/point/end')).body.message).toBe(
      'The payment failed. Check the status of your wallet, or select your payment method in the wallet again.',
    );
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('refuses append for another member’s payment and for unknown ids', async () => {
    const owner = await buyer(t.shop, t.courseId);
    const res = await owner.client.post('/user/point/buy', { pay_id: 12 });
    await decideOnPage(t.shop.app, String(res.body.url), 'approve');
    const other = await buyer(t.shop, t.courseId);
    expect((await other.client.post('/user/point/append', { token: res.body.payment_id })).body.state).toBe(404);
    expect((await other.client.post('/user/point/append', { token: 'abc' })).body.state).toBe(400);
    expect((await other.client.post('/user/point/append', { token: 99999999 })).body.state).toBe(404);
    expect((await pointState(t.shop.database.db, other.userId)).point).toBe(0);
    expect((await owner.client.post('/user/point/append', { token: res.body.payment_id })).body.result).toBe('1');
  });
});

describe('carrier billing (pay_id 6)', () => {
  it('needs one of the three carriers', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    for (const carrier_id of [undefined, 'rakuten']) {
      const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id });
      expect(res.body.errors.carrier_id?.[0]).toBe('ご利用の携帯キャリアを選択してください。');
    }
  });

  it('approved: back through the shop to /complete-carrier, credited; declined: /error-carrier with the carrier text', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const ok = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'docomo' });
    const approved = await decideOnPage(t.shop.app, String(ok.body.url), 'approve');
    expect(approved.page.body).toContain('ドコモ払い');
    expect(approved.location).toBe(`/api/payment/return?payment_id=${ok.body.payment_id}`);
    const back = await browserGet(t.shop.app, approved.location, client);
    expect(back.headers.location).toBe(`/complete-carrier?payment_id=${ok.body.payment_id}&pay_id=6`);
    expect((await pointState(db, userId)).point).toBe(2000);

    const ng = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'softbank' });
    const declined = await decideOnPage(t.shop.app, String(ng.body.url), 'decline');
    expect((await browserGet(t.shop.app, declined.location, client)).headers.location).toBe(`/error-carrier?payment_id=${ng.body.payment_id}&pay_id=6`);
    const end = await client.get('/user/point/end');
    expect(end.body).toMatchObject({ result: '0', payment_id: ng.body.payment_id });
    expect(end.body.message).toBe('決済が失敗しました。ご契約状況をご確認ください。状態が不明な場合は、各サービス会社にお問い合わせください。');
    expect((await pointState(db, userId)).point).toBe(2000);
  });

  it('sends a malformed or unknown return to /error-carrier', async () => {
    expect((await browserGet(t.shop.app, '/api/payment/return?payment_id=abc')).headers.location).toBe('/error-carrier');
    expect((await browserGet(t.shop.app, '/api/payment/return?payment_id=99999999')).headers.location).toBe('/error-carrier');
  });
});

/** Runs the checkout wallet's button and sign-in as the browser does, back on the review page. */
async function checkoutSession(client: TestClient, decision: 'approve' | 'cancel' = 'approve') {
  const signed = await client.get('/user/button_signature');
  expect(signed.body.state).toBe(200);
  const start = await browserGet(t.shop.app, String(signed.body.button_url));
  expect(start.statusCode).toBe(200);
  const back = await browserPost(t.shop.app, '/sandbox/pay/checkout', {
    payloadJSON: String(signed.body.payloadJSON),
    signature: String(signed.body.signature),
    pay_method: 'JCB ****0000',
    decision,
  });
  const review = new URL(String(back.headers.location), 'http://localhost');
  return { signed, start, review, sessionId: review.searchParams.get('amazonCheckoutSessionId') };
}

describe('checkout-session wallet (pay_id 3): button_signature … complete_checkout_session', () => {
  it('runs the whole flow and credits once; pack_id comes back on point/end', async () => {
    const db = t.shop.database.db;
    const packId = await createTestPack(db);
    const { client, userId } = await buyer(t.shop, t.courseId, `?pack_id=${packId}`);
    const { signed, start, review, sessionId } = await checkoutSession(client);
    expect(JSON.parse(String(signed.body.payloadJSON))).toMatchObject({
      storeId: 'oripa-sandbox-store',
      webCheckoutDetails: { checkoutReviewReturnUrl: `/confirm-buy-point?pointPriceId=${t.courseId}&packId=${packId}` },
      paymentDetails: { chargeAmount: { amount: '2200', currencyCode: 'JPY' } },
    });
    expect(signed.body).toMatchObject({ public_key_id: 'SANDBOX-PUBLIC-KEY', checkout_url: expect.stringMatching(/\/sandbox\/pay\/checkout$/) });
    expect(start.body).toContain('JCB ****0000');
    expect(review.pathname).toBe('/confirm-buy-point');
    expect(review.searchParams.get('pointPriceId')).toBe(String(t.courseId));
    expect(review.searchParams.get('packId')).toBe(String(packId));
    expect(sessionId).toMatch(/^cs_/);

    expect((await client.get(`/user/set_checkout_session/${sessionId}`)).body).toMatchObject({ state: 200, result: '1' });
    expect((await client.get('/user/get_checkout_session')).body).toMatchObject({ state: 200, payMethod: 'JCB ****0000', checkout_session_id: sessionId });

    const bought = await client.post('/user/point/buy', { pay_id: 3 });
    expect(bought.body).toMatchObject({ state: 200, result: '1', url: expect.stringContaining(`/sandbox/pay/consent/${sessionId}`) });
    const { page, location } = await decideOnPage(t.shop.app, String(bought.body.url), 'approve');
    expect(page.body).toContain('JCB ****0000');
    expect(location).toBe(`/amazon-pay-redirect?amazonCheckoutSessionId=${sessionId}`);

    const completed = await client.get('/user/complete_checkout_session');
    expect(completed.body).toMatchObject({ state: 200, result: '1', pay_id: '3', pack_id: packId });
    await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    expect((await client.get('/user/point/end')).body).toMatchObject({ result: '1', pack_id: packId, payment_id: bought.body.payment_id });
    expect(await pointState(db, userId)).toMatchObject({ point: 2000, purchases: 1 });
  });

  it('declined at the provider: complete answers failure, nothing credited', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const { sessionId } = await checkoutSession(client);
    await client.get(`/user/set_checkout_session/${sessionId}`);
    const bought = await client.post('/user/point/buy', { pay_id: 3 });
    await decideOnPage(t.shop.app, String(bought.body.url), 'decline');
    const completed = await client.get(`/user/complete_checkout_session?amazonCheckoutSessionId=${sessionId}`);
    expect(completed.body).toMatchObject({ result: '0', payment_state: 'failed' });
    expect((await client.get('/user/point/end')).body.result).toBe('0');
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('cancel at the provider returns to the review page without a session; a session serves one order', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const cancelled = await checkoutSession(client, 'cancel');
    expect(cancelled.sessionId).toBeNull();
    expect((await client.post('/user/point/buy', { pay_id: 3 })).body.errors.payment?.[0]).toBe('お支払い方法の選択からやり直してください。');

    const { sessionId } = await checkoutSession(client);
    await client.get(`/user/set_checkout_session/${sessionId}`);
    expect((await client.post('/user/point/buy', { pay_id: 3 })).body.state).toBe(200);
    const twice = await client.post('/user/point/buy', { pay_id: 3, checkout_session_id: sessionId });
    expect(twice.body).toMatchObject({ state: 400, result: '0' });
    expect((await client.get(`/user/set_checkout_session/${sessionId}`)).body.state).toBe(404);
  });

  it('refuses a tampered button payload and unknown sessions', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const signed = await client.get('/user/button_signature');
    const payload = String(signed.body.payloadJSON).replace('"2200"', '"1"');
    const start = await browserGet(t.shop.app, `/sandbox/pay/checkout?payloadJSON=${encodeURIComponent(payload)}&signature=${encodeURIComponent(String(signed.body.signature))}`);
    expect(start.statusCode).toBe(400);
    const post = await browserPost(t.shop.app, '/sandbox/pay/checkout', { payloadJSON: payload, signature: String(signed.body.signature), decision: 'approve' });
    expect(post.statusCode).toBe(400);
    expect((await client.get('/user/set_checkout_session/cs_nothing')).body.state).toBe(404);
    expect((await client.get('/user/get_checkout_session')).body.state).toBe(404);
    expect((await client.get('/user/complete_checkout_session')).body.state).toBe(404);
  });
});

describe('GET /api/user/point/end and pack_id', () => {
  it('keeps the pack /buy-point came from; a payload pack_id wins; an unknown pack is dropped', async () => {
    const db = t.shop.database.db;
    const packA = await createTestPack(db);
    const packB = await createTestPack(db);
    const { client } = await buyer(t.shop, t.courseId, `?pack_id=${packA}`);
    const first = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect((await paymentRow(db, first.body.payment_id as number))?.packId).toBe(packA);
    const second = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej', pack_id: packB });
    expect((await client.get('/user/point/end')).body).toMatchObject({ payment_id: second.body.payment_id, pack_id: packB, result: '2' });
    expect((await client.get(`/user/point/end?payment_id=${first.body.payment_id}`)).body.pack_id).toBe(packA);
    await client.get(`/user/point_price/detail/${t.courseId}?pack_id=99999999`);
    const third = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect((await paymentRow(db, third.body.payment_id as number))?.packId).toBeNull();
    await client.get(`/user/point_price/detail/${t.courseId}`);
    const fourth = await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' });
    expect((await paymentRow(db, fourth.body.payment_id as number))?.packId).toBeNull();
  });

  it('answers 404 to a member who never paid, and 401 to a visitor', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    expect((await client.get('/user/point/end')).body.state).toBe(404);
    const visitor = t.shop.client();
    expect((await visitor.get('/user/point/end')).body.state).toBe(401);
  });
});

describe('payments abandoned at the provider (sweeper)', () => {
  it('cancels a redirect left waiting for an hour, at the provider too: a late approval credits nothing', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 12 });
    const paymentId = res.body.payment_id as number;
    const created = (await paymentRow(db, paymentId))!;
    expect(created.dueAt!.getTime() - created.createdAt.getTime()).toBe(60 * 60_000);
    await sweep(db, new Date(created.createdAt.getTime() + 59 * 60_000));
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'requires_action' });
    const moved = await sweep(db, new Date(created.createdAt.getTime() + 61 * 60_000));
    expect(moved['payments:abandon']).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'canceled' });
    const [tx] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    expect(tx?.status).toBe('canceled');

    const page = await browserGet(t.shop.app, String(res.body.url));
    expect(page.body).toContain('この取引は取り消されました。');
    await browserPost(t.shop.app, pathOf(String(res.body.url)), { decision: 'approve' });
    await signIn(db, client, userId);
    await client.get('/user/point');
    const appended = await client.post('/user/point/append', { token: paymentId });
    expect(appended.body).toMatchObject({ result: '0', payment_state: 'canceled', message: 'ご注文は取り消されました。' });
    expect((await pointState(db, userId)).point).toBe(0);
  });

  it('credits instead when the provider says the member paid just before the deadline', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 5 });
    const paymentId = res.body.payment_id as number;
    // Approved at the provider, but the notification never arrived and the browser never came back.
    await db.update(sandboxPayTransactions).set({ status: 'succeeded' }).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    const created = (await paymentRow(db, paymentId))!;
    await sweep(db, new Date(created.createdAt.getTime() + 2 * 60 * 60_000));
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'succeeded' });
    expect(await pointState(db, userId)).toMatchObject({ point: 2000, purchases: 1 });
    // The member's completion screen says so too.
    const end = await client.get(`/user/point/end?payment_id=${paymentId}`);
    expect(end.body).toMatchObject({ state: 200, result: '1', payment_state: 'succeeded', point: '2000' });
  });
});
