import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/run-command.ts';
import { testConfig } from '../../config.ts';
import { sandboxPayTransactions } from '../../db/schema/payments.ts';
import { formatDeadlineJst } from '../../lib/time.ts';
import { signIn } from '../../testing/members.ts';
import { browserGet, browserPost, buyer, createTestCourse, pathOf, paymentRow, payAtStore, pointState } from '../../testing/payments.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { dueAfterDays } from '../../kernel/business-days.ts';
import { notificationBody } from './sandbox/sandbox-provider.ts';

let shop: TestShop;
let courseId: number;

beforeAll(async () => {
  shop = await openTestShop();
  courseId = await createTestCourse(shop.database.db, { point: 5000, price: 5500 });
});

afterAll(async () => {
  await shop?.close();
});

async function order(code = 'econ') {
  const member = await buyer(shop, courseId);
  const res = await member.client.post('/user/point/buy', { pay_id: 2, combini_code: code });
  return { ...member, res, paymentId: res.body.payment_id as number };
}

function jobs(now: Date) {
  return runCommand({ database: shop.database, config: testConfig() }, ['jobs', '--now', now.toISOString()]);
}

describe('POST /api/user/point/buy at a convenience store (pay_id 2)', () => {
  it('needs one of the chain codes econ, sej or other', async () => {
    const { client } = await buyer(shop, courseId);
    for (const combini_code of [undefined, '', 'lawson']) {
      const res = await client.post('/user/point/buy', { pay_id: 2, combini_code });
      expect(res.body.state).toBe(400);
      expect(res.body.errors.combini_code?.[0]).toBe('お支払いするコンビニを選択してください。');
    }
  });

  it('issues a slip with a receipt number, due at the end of the third day (JST), and credits nothing yet', async () => {
    const before = new Date();
    const { res, paymentId, userId } = await order('sej');
    expect(res.body).toMatchObject({ state: 200, result: '1', receipt_number: expect.stringMatching(/^\d{13}$/), url: `/confirm-combini?payment_id=${paymentId}` });
    const payment = await paymentRow(shop.database.db, paymentId);
    expect(payment).toMatchObject({ state: 'pending', option: 'sej', amount: 5500, receiptNumber: res.body.receipt_number });
    expect(payment?.dueAt?.getTime()).toBe(dueAfterDays(before, 3).getTime());
    expect(formatDeadlineJst(payment!.dueAt!)).toMatch(/ 23:59$/);
    expect((await pointState(shop.database.db, userId)).point).toBe(0);
  });
});

describe('GET /api/user/point/combini_number', () => {
  it('answers the slip page’s full address, the number, chain, amount and deadline', async () => {
    const { client, paymentId, res } = await order('econ');
    const slip = await client.get('/user/point/combini_number');
    const payment = await paymentRow(shop.database.db, paymentId);
    expect(slip.body).toMatchObject({
      state: 200,
      payment_id: paymentId,
      url: expect.stringMatching(/^http:\/\/localhost(:\d+)?\/sandbox\/pay\/combini\/sbx_/),
      receipt_number: res.body.receipt_number,
      combini_code: 'econ',
      combini_name: 'ローソン・ファミリーマート・ミニストップ・セイコーマート',
      price: '5500',
      due: formatDeadlineJst(payment!.dueAt!),
      payment_state: 'pending',
    });
    client.setLang('en');
    expect((await client.get(`/user/point/combini_number?payment_id=${paymentId}`)).body.combini_name).toBe('Lawson, FamilyMart, Ministop, Seicomart');
    const page = await browserGet(shop.app, String(slip.body.url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(String(res.body.receipt_number));
    expect(page.body).toContain('5,500円');
    expect(page.body).toContain('サンドボックス（テスト環境）');
  });

  it('answers 404 to a member without such an order, and for another member’s order', async () => {
    const { paymentId } = await order();
    const other = await buyer(shop, courseId);
    expect((await other.client.get('/user/point/combini_number')).body.state).toBe(404);
    expect((await other.client.get(`/user/point/combini_number?payment_id=${paymentId}`)).body.state).toBe(404);
  });
});

describe('paying the slip at the store', () => {
  it('notifies the shop, which credits the points once; pressing again or replaying the notification credits nothing', async () => {
    const db = shop.database.db;
    const { client, paymentId, userId } = await order();
    const slip = await client.get('/user/point/combini_number');
    const paid = await payAtStore(shop.app, String(slip.body.url));
    expect(paid.statusCode).toBe(303);
    expect(pathOf(String(paid.headers.location))).toMatch(/^\/sandbox\/pay\/combini\/sbx_.*lang=ja$/);
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'succeeded' });
    expect(await pointState(db, userId)).toEqual({ point: 5000, ledger: 5000, lots: 5000, purchases: 1, money: 5500 });
    expect((await browserGet(shop.app, String(slip.body.url))).body).toContain('お支払い済みです。');

    await browserPost(shop.app, `${pathOf(String(slip.body.url)).split('?')[0]}/pay`, {});
    const [tx] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    const body = await notificationBody(db, tx!, new Date());
    for (let i = 0; i < 3; i += 1) {
      const replay = await browserPost(shop.app, '/api/payment/notify/sandbox', body);
      expect(replay.json()).toMatchObject({ ok: true, payment_id: paymentId, payment_state: 'succeeded' });
    }
    expect(await pointState(db, userId)).toMatchObject({ point: 5000, purchases: 1 });
    expect((await client.get('/user/point/end')).body).toMatchObject({ result: '1', payment_state: 'succeeded' });
  });

  it('refuses a notification with a bad signature or for an unknown provider, changing nothing', async () => {
    const db = shop.database.db;
    const { paymentId, userId } = await order();
    const [tx] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    const body = await notificationBody(db, tx!, new Date());
    const forged = await browserPost(shop.app, '/api/payment/notify/sandbox', { payload: body.payload, signature: 'x'.repeat(43) });
    expect(forged.statusCode).toBe(400);
    const tampered = await browserPost(shop.app, '/api/payment/notify/sandbox', { payload: body.payload.replace('"pending"', '"succeeded"'), signature: body.signature });
    expect(tampered.statusCode).toBe(400);
    expect((await browserPost(shop.app, '/api/payment/notify/nobody', body)).statusCode).toBe(404);
    // A genuine notification of an unpaid slip changes nothing either: the shop asks the provider.
    expect((await browserPost(shop.app, '/api/payment/notify/sandbox', body)).json()).toMatchObject({ ok: true, payment_state: 'pending' });
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'pending' });
    expect((await pointState(db, userId)).point).toBe(0);
  });
});

describe('expiry of unpaid slips (ops jobs --now)', () => {
  it('keeps the slip open until its deadline, then expires it without credit; it can no longer be paid', async () => {
    const db = shop.database.db;
    const { client, paymentId, userId } = await order('other');
    const due = (await paymentRow(db, paymentId))!.dueAt!;
    const early = await jobs(new Date(due.getTime() - 60_000));
    expect(early.ok).toBe(true);
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'pending' });

    const late = await jobs(new Date(due.getTime() + 60_000));
    expect(late.data.moved).toMatchObject({ 'payments:expire': expect.any(Number) });
    expect((late.data.moved as Record<string, number>)['payments:expire']).toBeGreaterThanOrEqual(1);
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'expired', completedAt: expect.any(Date) });

    // The sweep at a future time also ended the member's session: they log in again.
    await signIn(db, client, userId);
    const slip = await client.get('/user/point/combini_number');
    expect(slip.body.payment_state).toBe('expired');
    const page = await browserGet(shop.app, String(slip.body.url));
    expect(page.body).toContain('この払込票は無効です');
    expect(page.body).not.toContain('<form');
    await browserPost(shop.app, `${pathOf(String(slip.body.url))}/pay`, {});
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'expired' });
    expect((await pointState(db, userId)).point).toBe(0);
    const end = await client.get('/user/point/end');
    expect(end.body).toMatchObject({ result: '0', payment_state: 'expired', message: 'お支払い期限を過ぎたため、ご注文は取り消されました。' });
  });
});

describe('unpaid orders per member', () => {
  it('allows at most five unpaid slips at once', async () => {
    const { client } = await buyer(shop, courseId);
    for (let i = 0; i < 5; i += 1) {
      expect((await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' })).body.state).toBe(200);
    }
    const sixth = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect(sixth.body).toMatchObject({ state: 409, result: '0' });
    expect(sixth.body.errors.payment).toHaveLength(1);
  });
});
