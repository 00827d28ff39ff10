import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { payments, sandboxPayTransactions } from '../../db/schema/payments.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import {
  browserGet,
  buyer,
  cardToken,
  decideOnPage,
  paymentRow,
  pointState,
  tokenize,
} from '../../testing/payments.ts';
import { useCourseShop } from '../../testing/course-shop.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { providerNamed } from './providers.ts';
import { codeCardNumber, DECLINED_CARD, THREE_D_SECURE_CARD } from './sandbox/test-cards.ts';

const t = useCourseShop({ point: 3000, price: 3300 });

describe('POST /api/user/gmo_token', () => {
  it('answers what the browser needs to tokenize at the sandbox, for cards and mobile payments', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const card = await client.post('/user/gmo_token', { pay_id: 1, pay_type: 1 });
    expect(card.body).toMatchObject({
      state: 200,
      result: '1',
      pay_type: '1',
      shop_id: 'oripa-sandbox-shop',
      script_url: '/sandbox/pay/tokenize.js',
      token_url: '/sandbox/pay/v1/tokens',
      point: '3000',
      price: '3300',
    });
    expect((await client.post('/user/gmo_token', { pay_id: 8, pay_type: 8 })).body).toMatchObject({ state: 200, pay_type: '8' });
  });

  it('refuses other payment ids, a mismatched pay_type, no course, and visitors', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    expect((await client.post('/user/gmo_token', { pay_id: 2, pay_type: 2 })).body.state).toBe(400);
    expect((await client.post('/user/gmo_token', { pay_id: 1, pay_type: 8 })).body.errors.pay_id).toHaveLength(1);
    const userId = await createTestMember(t.shop.database.db);
    const fresh = t.shop.client();
    await signIn(t.shop.database.db, fresh, userId);
    await fresh.get('/user/point');
    expect((await fresh.post('/user/gmo_token', { pay_id: 1, pay_type: 1 })).body.errors.point_price?.[0]).toBe('ポイントコースを選択してください。');
    const visitor = t.shop.client();
    await visitor.get('/user/point');
    expect((await visitor.post('/user/gmo_token', { pay_id: 1, pay_type: 1 })).body.state).toBe(401);
  });
});

describe('the sandbox tokenizer (POST /sandbox/pay/v1/tokens)', () => {
  it('serves its script as a file, under the shop’s script policy', async () => {
    const res = await browserGet(t.shop.app, '/sandbox/pay/tokenize.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/javascript');
    expect(res.body).toContain('OripaSandboxPay');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('answers the provider codes of spec section 5 for bad card input', async () => {
    const year = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');
    const cases: [Record<string, string>, string][] = [
      [{ card_number: '' }, '1300'],
      [{ card_number: '4111111111111112' }, '1301'],
      [{ card_number: '41111111' }, '1301'],
      [{ card_number: '4111111111111111', limit_month: '' }, '1400'],
      [{ card_number: '4111111111111111', limit_month: '13' }, '1401'],
      [{ card_number: '4111111111111111', limit_year: '' }, '1500'],
      [{ card_number: '4111111111111111', limit_year: '2x' }, '1501'],
      [{ card_number: '4111111111111111', limit_year: '2001' }, '1502'],
      [{ card_number: '4111111111111111', limit_year: year, cvc: '' }, '1600'],
      [{ card_number: '4111111111111111', limit_year: year, cvc: '12' }, '1601'],
      [{ card_number: '4111111111111111', limit_year: year, card_name: '山田花子' }, '1700'],
      [{ card_number: '4111111111111111', limit_year: year, card_name: 'A'.repeat(21) }, '1700'],
    ];
    for (const [card, code] of cases) {
      expect((await tokenize(t.shop.app, card)).resultCode, JSON.stringify(card)).toBe(code);
    }
    const ok = await tokenize(t.shop.app, { card_number: '4111 1111 1111 1111', limit_year: year });
    expect(ok).toMatchObject({ resultCode: '000', maskedCardNumber: '************1111' });
    expect(ok.token).toMatch(/^tok_/);
  });

  it('refuses a token request for another shop', async () => {
    const res = await t.shop.app.inject({ method: 'POST', url: '/sandbox/pay/v1/tokens', payload: { shop_id: 'someone-else', kind: 'mobile' } });
    expect(res.json()).toEqual({ resultCode: '902' });
  });
});

describe('POST /api/user/point/buy with a card (pay_id 1)', () => {
  it('charges the course price from the server, credits its points once and records the money', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const token = await cardToken(t.shop.app, '4111111111111111');
    // Whatever the client claims about money or points is ignored.
    const res = await client.post('/user/point/buy', { pay_id: 1, token, price: 1, amount: 1, point: 999999 });
    expect(res.body).toMatchObject({ state: 200, result: '1', url: '', receipt_number: '', payment_id: expect.any(Number) });
    const payment = await paymentRow(db, res.body.payment_id as number);
    expect(payment).toMatchObject({ state: 'succeeded', amount: 3300, tax: 300, point: 3000, payId: 1, provider: 'sandbox', userId });
    expect(await pointState(db, userId)).toEqual({ point: 3000, ledger: 3000, lots: 3000, purchases: 1, money: 3300 });

    const result = await client.post('/user/gmo_result', { id: payment?.id, pay_type: 1 });
    expect(result.body).toMatchObject({ state: 200, result: '1', payment_state: 'succeeded', point: '3000', price: '3300' });
    expect(result.body.message).toBe('決済が完了し、ポイントに反映されました。');
    await client.post('/user/gmo_result', { id: payment?.id, pay_type: 1 });
    expect((await pointState(db, userId)).point).toBe(3000);
  });

  it('never takes card data: without a token it refuses and records nothing', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, card_number: '4111111111111111', cvc: '123' });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.card?.[0]).toBe('カード情報を確認できませんでした。入力内容をご確認ください。');
    expect(await t.shop.database.db.select().from(payments).where(eq(payments.userId, userId))).toHaveLength(0);
  });

  it('fails a declined card with the card-company message and credits nothing', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, DECLINED_CARD) });
    expect(res.body).toMatchObject({ state: 400, result: '0', payment_id: expect.any(Number) });
    expect(res.body.errors.card?.[0]).toBe('決済に失敗しました。クレジットカードの状態をご確認いただくか、カード会社にお問い合わせください。');
    expect(await paymentRow(t.shop.database.db, res.body.payment_id as number)).toMatchObject({ state: 'failed', errorCode: 'G12' });
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
    const end = await client.get('/user/point/end');
    expect(end.body).toMatchObject({ result: '0', payment_state: 'failed', error_code: 'G12' });
  });

  it('maps each provider error code to its field and message, in Japanese and English', async () => {
    const expected: [string, string, string, string][] = [
      ['1300', 'card_number', 'カード番号が正しくありません。', 'Card number is invalid'],
      ['1301', 'card_number', 'カード番号が正しくありません。', 'Card number is invalid'],
      ['1400', 'limit_month', '有効期限が正しくありません。', 'Expiry date is invalid'],
      ['1401', 'limit_month', '有効期限が正しくありません。', 'Expiry date is invalid'],
      ['1500', 'limit_year', '有効期限が正しくありません。', 'Expiry date is invalid'],
      ['1501', 'limit_year', '有効期限が正しくありません。', 'Expiry date is invalid'],
      ['1502', 'limit_year', '有効期限が正しくありません。', 'Expiry date is invalid'],
      ['1600', 'cvc', 'セキュリティコードが正しくありません。', 'Security code is invalid'],
      ['1601', 'cvc', 'セキュリティコードが正しくありません。', 'Security code is invalid'],
      ['1700', 'card_name', 'カード名義が正しくありません。', 'Cardholder name is invalid'],
      ['8000', 'card', 'ただいまカード決済はシステムメンテナンス中です。時間をおいて再度お試しください。', 'Card payments are under system maintenance. Please retry later.'],
      ['7001', 'card', '通信エラーが発生しました。時間をおいて再度お試しください。', 'A communication error occurred. Please retry later.'],
    ];
    const { client, userId } = await buyer(t.shop, t.courseId);
    for (const [code, field, ja, en] of expected) {
      client.setLang('ja');
      const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, codeCardNumber(code)) });
      expect(res.body.state, code).toBe(400);
      expect(res.body.errors[field], code).toEqual([ja]);
      expect((await paymentRow(t.shop.database.db, res.body.payment_id as number))?.errorCode).toBe(code);
      client.setLang('en');
      const english = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, codeCardNumber(code)) });
      expect(english.body.errors[field], code).toEqual([en]);
    }
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('refuses a token used before (a double click), crediting the first payment only', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const token = await cardToken(t.shop.app, '4111111111111111');
    const first = await client.post('/user/point/buy', { pay_id: 1, token });
    const second = await client.post('/user/point/buy', { pay_id: 1, token });
    expect(first.body.result).toBe('1');
    expect(second.body).toMatchObject({ state: 400, result: '0' });
    expect(second.body.errors.card?.[0]).toBe('カード情報を確認できませんでした。入力内容をご確認ください。');
    expect(await pointState(t.shop.database.db, userId)).toMatchObject({ point: 3000, purchases: 1 });
  });
});

describe('3-D Secure (result 7 → /api/acs/secure → back to the shop)', () => {
  it('approves at the challenge, returns to /complete-carrier and credits once, however often it is replayed', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, THREE_D_SECURE_CARD) });
    expect(res.body).toMatchObject({ state: 200, result: '7', url: expect.stringMatching(/^\/api\/acs\/secure\?ref=sbx_/) });
    const paymentId = res.body.payment_id as number;
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'requires_action' });
    expect((await client.post('/user/gmo_result', { id: paymentId, pay_type: 1 })).body).toMatchObject({ result: '2', payment_state: 'requires_action' });

    const { page, decided, location } = await decideOnPage(t.shop.app, String(res.body.url), 'approve');
    expect(page.body).toContain('サンドボックス（テスト環境）');
    expect(page.body).toContain('3,300円');
    expect(page.body).toContain('************3220');
    expect(page.body).not.toMatch(/<script/);
    expect(decided.statusCode).toBe(303);
    expect(location).toBe(`/api/payment/return?payment_id=${paymentId}`);
    // The provider's notification got there first and already credited.
    const [tx] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    expect(tx?.notifiedAt).not.toBeNull();
    expect(await pointState(db, userId)).toMatchObject({ point: 3000, purchases: 1 });

    const back = await browserGet(t.shop.app, location, client);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/complete-carrier?payment_id=${paymentId}&pay_id=1`);
    // Replays: the return, the challenge's button, gmo_result and point/end.
    await browserGet(t.shop.app, location, client);
    await decideOnPage(t.shop.app, String(res.body.url), 'approve').catch(() => undefined);
    const again = await browserPost(String(res.body.url));
    expect(again.statusCode).toBe(303);
    expect((await client.post('/user/gmo_result', { id: paymentId, pay_type: 1 })).body).toMatchObject({ result: '1' });
    expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '1', pack_id: null });
    expect(await pointState(db, userId)).toEqual({ point: 3000, ledger: 3000, lots: 3000, purchases: 1, money: 3300 });
  });

  it('declined at the challenge lands on /error-carrier with the card failure text', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, THREE_D_SECURE_CARD) });
    const { location } = await decideOnPage(t.shop.app, String(res.body.url), 'decline');
    const back = await browserGet(t.shop.app, location, client);
    expect(back.headers.location).toBe(`/error-carrier?payment_id=${res.body.payment_id}&pay_id=1`);
    const result = await client.post('/user/gmo_result', { id: res.body.payment_id, pay_type: 1 });
    expect(result.body).toMatchObject({ result: '0', payment_state: 'failed', error_code: '3DS' });
    expect(result.body.message).toBe('決済に失敗しました。クレジットカードの状態をご確認いただくか、カード会社にお問い合わせください。');
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('shows the challenge in English with the lang cookie', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, THREE_D_SECURE_CARD) });
    const page = await t.shop.app.inject({ method: 'GET', url: String(res.body.url), headers: { cookie: 'lang=en' } });
    expect(page.body).toContain('3-D Secure authentication');
    expect(page.body).toContain('SANDBOX (test environment)');
    expect(page.body).toContain('¥3,300');
  });
});

describe('mobile payment (pay_id 8): token, QR page, result check', () => {
  it('follows the provider’s QR page and succeeds or fails by the member’s choice', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const mobileToken = (await tokenize(t.shop.app, 'mobile')).token;
    const res = await client.post('/user/point/buy', { pay_id: 8, token: mobileToken });
    expect(res.body).toMatchObject({ state: 200, result: '1', url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/sandbox\/pay\/consent\/sbx_/) });
    const { page, location } = await decideOnPage(t.shop.app, String(res.body.url), 'approve');
    expect(page.body).toContain('data:image/svg+xml;base64,');
    const back = await browserGet(t.shop.app, location, client);
    expect(back.headers.location).toBe(`/complete-carrier?payment_id=${res.body.payment_id}&pay_id=8`);
    expect((await client.post('/user/gmo_result', { id: res.body.payment_id, pay_type: 8 })).body.result).toBe('1');
    expect((await pointState(t.shop.database.db, userId)).point).toBe(3000);

    const declined = await client.post('/user/point/buy', { pay_id: 8, token: (await tokenize(t.shop.app, 'mobile')).token });
    const refused = await decideOnPage(t.shop.app, String(declined.body.url), 'decline');
    expect((await browserGet(t.shop.app, refused.location, client)).headers.location).toBe(`/error-carrier?payment_id=${declined.body.payment_id}&pay_id=8`);
    const result = await client.post('/user/gmo_result', { id: declined.body.payment_id, pay_type: 8 });
    expect(result.body).toMatchObject({ result: '0', message: 'お支払いに失敗しました。他のお支払方法をご利用ください。' });
    expect((await pointState(t.shop.database.db, userId)).point).toBe(3000);
  });

  it('refuses a mobile payment without a token', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    expect((await client.post('/user/point/buy', { pay_id: 8 })).body.state).toBe(400);
  });
});

describe('a payment belongs to its member', () => {
  it('refuses another member’s payment id everywhere and credits nothing to anyone', async () => {
    const db = t.shop.database.db;
    const owner = await buyer(t.shop, t.courseId);
    const res = await owner.client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, THREE_D_SECURE_CARD) });
    const paymentId = res.body.payment_id as number;
    const { location } = await decideOnPage(t.shop.app, String(res.body.url), 'approve');
    const thief = await buyer(t.shop, t.courseId);
    expect((await thief.client.post('/user/gmo_result', { id: paymentId, pay_type: 1 })).body.state).toBe(404);
    expect((await thief.client.post('/user/point/append', { token: paymentId })).body.state).toBe(404);
    expect((await thief.client.get(`/user/point/end?payment_id=${paymentId}`)).body.state).toBe(404);
    // The provider's return in the other member's browser shows nothing of the payment.
    expect((await browserGet(t.shop.app, location, thief.client)).headers.location).toBe(`/error-carrier?payment_id=${paymentId}&pay_id=1`);
    expect((await pointState(db, thief.userId)).point).toBe(0);
    expect((await pointState(db, owner.userId)).point).toBe(3000);
    expect((await owner.client.get('/user/point/end')).body).toMatchObject({ result: '1', payment_id: paymentId });
  });
});

describe('when the provider does not answer', () => {
  it('keeps the order pending (outcome unknown), answers the communication error, and the sweeper closes it later', async () => {
    const db = t.shop.database.db;
    const provider = providerNamed(db, 'sandbox');
    const { client, userId } = await buyer(t.shop, t.courseId);
    const token = await cardToken(t.shop.app, '4111111111111111');
    const create = vi.spyOn(provider, 'create').mockRejectedValueOnce(new Error('connection reset'));
    const res = await client.post('/user/point/buy', { pay_id: 1, token });
    create.mockRestore();
    expect(res.body).toMatchObject({ state: 500, result: '0', payment_id: expect.any(Number) });
    expect(res.body.errors.payment?.[0]).toBe('通信エラーが発生しました。時間をおいて再度お試しください。');
    const paymentId = res.body.payment_id as number;
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'pending', providerRef: null });

    // A status check that fails changes nothing either.
    const status = vi.spyOn(provider, 'status').mockRejectedValueOnce(new Error('timeout'));
    expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '2', payment_state: 'pending' });
    status.mockRestore();

    const created = (await paymentRow(db, paymentId))!;
    await sweep(db, new Date(created.dueAt!.getTime() + 1000));
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'canceled' });
    expect((await pointState(db, userId)).point).toBe(0);
    // The provider now knows the order is closed: a late create for it cannot charge.
    const [closed] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    expect(closed?.status).toBe('canceled');
  });
});

/** Presses a page's decision button again without reading the page (the browser's back and resubmit). */
async function browserPost(acsUrl: string) {
  const ref = new URL(acsUrl, 'http://localhost').searchParams.get('ref') ?? '';
  return t.shop.app.inject({
    method: 'POST',
    url: `/sandbox/pay/acs/${encodeURIComponent(ref)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'decision=approve',
  });
}
