import { STATE } from '@oripa/contract/states';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { paymentRefunds, sandboxPayRefunds } from '../../db/schema/payment-refunds.ts';
import { payments, sandboxPayTransactions } from '../../db/schema/payments.ts';
import { browserPost, buyer, cardToken, createTestCourse, pointState } from '../../testing/payments.ts';
import { testEngine } from '../../testing/test-database.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { debitPoints } from '../wallet/wallet.service.ts';
import { sign } from './sandbox/sandbox-secret.ts';

/** Refunds (issue 21 item 4, decision 031): in the console, and reported by the provider. */

const t = useConsoleShop('owner', 'support');
const { db } = t;
let courseId: number;

beforeAll(async () => {
  courseId = await createTestCourse(db(), { point: 3000, price: 3300 });
});

/** A member who bought the course with a sandbox test card (succeeded, 3000 points). */
async function paidByCard() {
  const { client, userId } = await buyer(t.shop, courseId);
  const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(t.shop.app, '4111111111111111') });
  expect(res.body).toMatchObject({ state: STATE.ok, result: '1' });
  return { client, userId, paymentId: res.body.payment_id as number };
}

const spend = (userId: number, amount: number) => db().transaction((tx) => debitPoints(tx, { userId, amount, reason: 'pack', memo: 'パック購入' }));

let requestSeq = 0;
const requestId = () => `refund-test-${++requestSeq}-${Date.now().toString(36)}`;

describe('POST /api/admin/payments/refund', () => {
  it('refunds a card payment in full at the sandbox, takes the points back once, audited and in the member history', async () => {
    const { client, userId, paymentId } = await paidByCard();
    const payload = { payment_id: paymentId, amount: 3300, reason: 'お客様都合', request_id: requestId() };
    expect((await t.support.post('/admin/payments/refund', payload)).body.state).toBe(STATE.forbidden);
    const first = await t.owner.post('/admin/payments/refund', payload);
    const refundId = (first.body.refund as { id: number }).id;
    expect(first.body).toMatchObject({ state: STATE.ok, applied: true, refund: { state: 'succeeded', amount: 3300, points_taken: 3000, origin: 'operator' } });
    const again = await t.owner.post('/admin/payments/refund', payload);
    expect(again.body).toMatchObject({ state: STATE.ok, applied: false, refund: { id: refundId } });
    expect(await pointState(db(), userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
    expect(await db().select().from(sandboxPayRefunds)).toEqual(expect.arrayContaining([expect.objectContaining({ amount: 3300, shopRefundKey: String(refundId) })]));
    expect(await db().select().from(auditLog).where(eq(auditLog.target, `payment:${paymentId}`))).toMatchObject([{ action: 'payment.refund', after: { amount: 3300 } }]);

    const ja = await client.get('/user/point/list/1');
    expect((ja.body.list as unknown[])[0]).toMatchObject({ reason: 'refund', bonusPoint: -3000, memo: `ポイント返還（お支払い #${paymentId} の返金）`, history_id: paymentId });
    client.setLang('en');
    expect(((await client.get('/user/point/list/1')).body.list as unknown[])[0]).toMatchObject({ memo: 'Points taken back (payment refunded)' });

    const detail = await t.support.get(`/admin/payments/${paymentId}`);
    expect((detail.body.events as { kind: string }[]).map((e) => e.kind)).toEqual(expect.arrayContaining(['refund_requested', 'refunded']));
    const refunds = await t.support.get(`/admin/payments/${paymentId}/refunds`);
    expect(refunds.body).toMatchObject({ cap: { refundable: false, refundable_yen: 0, points_unspent: 0 }, refunds: [{ state: 'succeeded' }] });
  });

  it('takes back no more than is unspent of the payment, and shows that cap', async () => {
    const { userId, paymentId } = await paidByCard();
    await spend(userId, 2000);
    const cap = await t.owner.get(`/admin/payments/${paymentId}/refunds`);
    expect(cap.body.cap).toEqual({ refundable: true, refundable_yen: 3300, points_credited: 3000, points_unspent: 1000 });
    const partial = await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 1100, reason: '一部返金', request_id: requestId() });
    expect(partial.body.refund).toMatchObject({ amount: 1100, points_taken: 1000 });
    expect(await pointState(db(), userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
    const rest = await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 2200, reason: '残り', request_id: requestId() });
    expect(rest.body.refund).toMatchObject({ amount: 2200, points_taken: 0 });
    expect((await pointState(db(), userId)).point).toBe(0);
  });

  it('refuses more than is left, an unpaid payment, and malformed input, changing nothing', async () => {
    const { userId, paymentId } = await paidByCard();
    await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 3000, reason: 'a', request_id: requestId() });
    const tooMuch = await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 301, reason: 'b', request_id: requestId() });
    expect(tooMuch.body.state).toBe(STATE.validation);
    expect(tooMuch.body.errors.amount?.[0]).toBe('この決済で返金できるのは残り300円までです。');
    const bad = await t.owner.post('/admin/payments/refund', { payment_id: 'x', amount: -1, reason: '', request_id: '!' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['amount', 'payment_id', 'reason', 'request_id']);
    expect((await t.owner.post('/admin/payments/refund', { payment_id: 2147483647, amount: 1, reason: 'c', request_id: requestId() })).body.state).toBe(STATE.notFound);
    const { client } = await buyer(t.shop, courseId);
    const open = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'econ' });
    const unpaid = await t.owner.post('/admin/payments/refund', { payment_id: open.body.payment_id, amount: 1, reason: 'd', request_id: requestId() });
    expect(unpaid.body.state).toBe(STATE.conflict);
    expect((await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).map((r) => r.amount)).toEqual([3000]);
    expect((await pointState(db(), userId)).point).toBe(273);
  });
});

describe('a refund or chargeback reported by the provider', () => {
  async function dispute(paymentId: number, kind: 'refund' | 'chargeback', amount: number) {
    const [tx] = await db().select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    return t.shop.app.inject({ method: 'POST', url: `/sandbox/pay/v1/transactions/${tx!.id}/disputes`, payload: { kind, amount } });
  }

  it('a chargeback takes the points back, flags the member, and a replay changes nothing', async () => {
    const { userId, paymentId } = await paidByCard();
    expect((await t.support.get(`/admin/members/${userId}/reviews`)).body.reviews).toEqual([]);
    const res = await dispute(paymentId, 'chargeback', 3300);
    expect(res.json()).toMatchObject({ kind: 'chargeback', amount: 3300, notified: true });
    expect(await pointState(db(), userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
    const reviews = await t.support.get(`/admin/members/${userId}/reviews`);
    expect(reviews.body.reviews).toMatchObject([{ payment_id: paymentId, origin: 'chargeback', amount: 3300, points_taken: 3000 }]);

    // The same signed notification again (the provider retries): nothing more.
    const [tx] = await db().select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    const [row] = await db().select().from(sandboxPayRefunds).where(eq(sandboxPayRefunds.transactionId, tx!.id));
    const payload = JSON.stringify({ order_id: String(paymentId), transaction_id: row!.transactionId, kind: 'chargeback', amount: 3300, refund_id: row!.id });
    for (let i = 0; i < 2; i += 1) {
      expect((await browserPost(t.shop.app, '/api/payment/notify/sandbox', { payload, signature: await sign(db(), payload) })).statusCode).toBe(200);
    }
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).toHaveLength(1);
    expect((await pointState(db(), userId)).point).toBe(0);
  });

  it("the provider's report of a refund the shop is still waiting on completes that refund, and takes its points back once", async () => {
    const { userId, paymentId } = await paidByCard();
    const request_id = requestId();
    // The shop's half refund, recorded and sent, its answer not back yet (as if the call hung).
    const [payment] = await db().select().from(payments).where(eq(payments.id, paymentId));
    await db().insert(paymentRefunds).values({ paymentId, userId, origin: 'operator', requestKey: `console:${request_id}`, amount: 1650, reason: '一部返金', createdAt: new Date(), updatedAt: new Date() });
    expect(payment?.state).toBe('succeeded');
    // The provider's notification of that refund comes first.
    expect((await dispute(paymentId, 'refund', 1650)).json()).toMatchObject({ notified: true });
    expect((await pointState(db(), userId)).point).toBe(1500);
    // Then the shop's own submit finds the refund settled: no second take-back.
    const again = await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 1650, reason: '一部返金', request_id });
    expect(again.body).toMatchObject({ state: STATE.ok, applied: false, refund: { state: 'succeeded', amount: 1650, origin: 'operator' } });
    expect((await pointState(db(), userId)).point).toBe(1500);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).toHaveLength(1);
  });

  it('a partial refund at the provider takes back its share; a forged one is refused', async () => {
    const { userId, paymentId } = await paidByCard();
    await dispute(paymentId, 'refund', 1650);
    expect((await pointState(db(), userId)).point).toBe(1500);
    const forged = JSON.stringify({ order_id: String(paymentId), transaction_id: 'sbx_x', kind: 'refund', amount: 1650, refund_id: 'rfd_forged' });
    expect((await browserPost(t.shop.app, '/api/payment/notify/sandbox', { payload: forged, signature: 'AAAA' })).statusCode).toBe(400);
    expect((await dispute(paymentId, 'refund', 1651)).statusCode).toBe(409);
    expect((await pointState(db(), userId)).point).toBe(1500);
  });
});

describe.runIf(testEngine() === 'postgres')('racing refunds on PostgreSQL', () => {
  it('ten submits of one refund at once refund once', async () => {
    const { userId, paymentId } = await paidByCard();
    const payload = { payment_id: paymentId, amount: 3300, reason: '二重送信', request_id: requestId() };
    const answers = await Promise.all(Array.from({ length: 10 }, () => t.owner.post('/admin/payments/refund', payload)));
    expect(answers.every((a) => a.body.state === STATE.ok)).toBe(true);
    expect(answers.filter((a) => a.body.applied === true)).toHaveLength(1);
    expect(await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId))).toHaveLength(1);
    expect(await pointState(db(), userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
  });

  it('ten different full refunds and chargebacks racing give back the payment once', async () => {
    const { userId, paymentId } = await paidByCard();
    const [tx] = await db().select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(paymentId)));
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 3300, reason: '競合', request_id: requestId() })),
      ...Array.from({ length: 2 }, () => t.shop.app.inject({ method: 'POST', url: `/sandbox/pay/v1/transactions/${tx!.id}/disputes`, payload: { kind: 'chargeback', amount: 3300 } })),
    ]);
    expect(answers).toHaveLength(10);
    const refunds = await db().select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId));
    expect(refunds.filter((r) => r.state === 'succeeded').reduce((s, r) => s + r.amount, 0)).toBe(3300);
    expect(await pointState(db(), userId)).toMatchObject({ point: 0, ledger: 0, lots: 0 });
  });
});
