import { PAY_ID } from '@oripa/contract/constants';
import { receiptTax } from '@oripa/contract/invoice';
import { POINT_BUY_RESULT } from '@oripa/contract/payments';
import { STATE } from '@oripa/contract/states';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { sandboxPayTransactions } from '../../db/schema/payments.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { buyer, cardToken, createTestCourse, paymentRow, pointState } from '../../testing/payments.ts';
import { browserPost, pathOf } from '../../testing/payments.ts';
import { testEngine } from '../../testing/test-database.ts';
import { useConsoleShop } from '../admin/admin-testing.ts';
import { notificationBody } from '../payments/sandbox/sandbox-provider.ts';
import { DECLINED_CARD } from '../payments/sandbox/test-cards.ts';
import { releaseCourseDiscount } from './course-discount.service.ts';

// Decision 061: codes that take yen or a percentage off a point course. The member pays less for
// the same paid points; the payment, the ledger's money, the sales, the receipt and refunds count
// the yen paid; the discount comes from the code's yen budget in the payment's start transaction
// and goes back once when the payment fails, is cancelled or lapses. Raced on PostgreSQL with
// `--project api-pg`.
const t = useConsoleShop('owner');
const db = () => t.db();
const HOUR = 3_600_000;
const GOOD_CARD = '4111111111111111';
let courseId: number;
let cheapCourseId: number;

beforeAll(async () => {
  courseId = await createTestCourse(db(), { point: 1000, price: 1100 });
  cheapCourseId = await createTestCourse(db(), { point: 100, price: 110 });
});

async function create(code: string, values: Record<string, unknown>) {
  const res = await t.owner.post('/admin/coupons/create', {
    code,
    name: '割引キャンペーン',
    per_member_limit: 1,
    starts_at: new Date(Date.now() - HOUR).toISOString(),
    ends_at: new Date(Date.now() + 24 * HOUR).toISOString(),
    ...values,
  });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return res.body.coupon as { id: number; kind: string; remaining: number; budget: number; status: string };
}

async function budgetOf(code: string) {
  const [row] = await queryRows<{ remaining: number; uses: number; live: number; released: number }>(
    db(),
    sql`select c.remaining, c.uses,
               (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id and r.released_at is null) as live,
               (select count(*)::int from coupon_redemptions r where r.coupon_id = c.id and r.released_at is not null) as released
          from coupons c where c.code = ${code}`,
  );
  return row!;
}

async function payByCard(client: Awaited<ReturnType<typeof buyer>>['client'], code: string, card = GOOD_CARD, course = courseId) {
  return client.post('/user/point/buy', { pay_id: 1, point_price_id: course, token: await cardToken(t.shop.app, card), coupon_code: code });
}

describe('checking a discount code before paying', () => {
  it('answers the price, the discount and the price to pay per course, in the member’s language; refuses points codes and unknown ones', async () => {
    await create('YEN100OFF', { kind: 'yen_off', discount_yen: 100, budget: 1000 });
    await create('TENPERCENT', { kind: 'percent_off', discount_percent: 10, budget: 100_000, per_member_limit: 5 });
    await create('FREEPTS50', { points: 50, budget: 500 });
    const { client } = await buyer(t.shop, courseId);
    const yen = await client.post('/user/coupon/check', { code: 'yen100off', point_price_id: courseId });
    expect(yen.body).toMatchObject({ state: STATE.ok, code: 'YEN100OFF', kind: 'yen_off', price: 1100, discount_yen: 100, pay: 1000, point: 1000 });
    expect(yen.body.courses).toEqual(expect.arrayContaining([{ point_price_id: cheapCourseId, price: 110, discount_yen: 100, pay: 10 }]));
    const pct = await client.post('/user/coupon/check', { code: 'TENPERCENT', point_price_id: courseId });
    expect(pct.body).toMatchObject({ state: STATE.ok, discount_yen: 110, pay: 990 });
    // Nothing is taken by a check.
    expect(await budgetOf('YEN100OFF')).toMatchObject({ remaining: 1000, uses: 0, live: 0 });

    client.setLang('en');
    const unknown = await client.post('/user/coupon/check', { code: 'NOSUCHCODE', point_price_id: courseId });
    expect(unknown.body.state).toBe(STATE.validation);
    expect(unknown.body.errors.code?.[0]).toBe('This code cannot be used. Please check the code you entered.');
    const points = await client.post('/user/coupon/check', { code: 'FREEPTS50', point_price_id: courseId });
    expect(points.body.errors.code?.[0]).toBe('This code gives points. Use it in the coupon code field on My page.');
    client.setLang('ja');
    // My page's field sends a discount code to /buy-point, without taking anything.
    const onMyPage = await client.post('/user/coupon', { code: 'YEN100OFF' });
    expect(onMyPage.body.state).toBe(STATE.conflict);
    expect(onMyPage.body.errors.code?.[0]).toContain('ポイント購入');
    expect(await budgetOf('YEN100OFF')).toMatchObject({ remaining: 1000, uses: 0 });
  });

  it('refuses a discount that takes the price to 0 or under the method’s minimum, on the check and on the purchase, writing nothing', async () => {
    await create('ALLOFF', { kind: 'yen_off', discount_yen: 1100, budget: 10_000 });
    const { client, userId } = await buyer(t.shop, courseId);
    const check = await client.post('/user/coupon/check', { code: 'ALLOFF', point_price_id: courseId });
    expect(check.body.state).toBe(STATE.conflict);
    expect(check.body.errors.code?.[0]).toContain('最低金額');
    const bought = await payByCard(client, 'ALLOFF');
    expect(bought.body).toMatchObject({ state: STATE.conflict, result: POINT_BUY_RESULT.failed });
    expect(bought.body.errors.coupon_code?.[0]).toContain('最低金額');
    expect(await budgetOf('ALLOFF')).toMatchObject({ remaining: 10_000, uses: 0, live: 0 });
    const [n] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from payments where user_id = ${userId}`);
    expect(n!.n).toBe(0);
  });
});

describe('buying a course with a discount code', () => {
  it('credits the full course as paid points; the payment, ledger money, sales and receipt show the yen paid; a refund gives back the yen paid', async () => {
    await create('PAYLESS', { kind: 'yen_off', discount_yen: 100, budget: 1000 });
    const salesToday = async () => ((await t.owner.get('/admin/dashboard')).body.today as { sales_yen: number }).sales_yen;
    const salesBefore = await salesToday();
    const { client, userId } = await buyer(t.shop, courseId);
    const res = await payByCard(client, ' pay-less ');
    expect(res.body, JSON.stringify(res.body.errors)).toMatchObject({ state: STATE.ok, result: '1' });
    const paymentId = res.body.payment_id as number;
    const payment = await paymentRow(db(), paymentId);
    expect(payment).toMatchObject({ state: 'succeeded', amount: 1000, discountYen: 100, point: 1000 });
    expect(payment!.couponId).not.toBeNull();
    // The points are the course's, paid; the money is what was paid.
    expect(await pointState(db(), userId)).toEqual({ point: 1000, ledger: 1000, lots: 1000, purchases: 1, money: 1000 });
    const [lot] = await queryRows<{ kind: string }>(db(), sql`select kind from point_lots where user_id = ${userId}`);
    expect(lot!.kind).toBe('paid');
    expect(await budgetOf('PAYLESS')).toMatchObject({ remaining: 900, uses: 1, live: 1 });
    expect((await salesToday()) - salesBefore).toBe(1000);

    const history = await client.get('/user/point/list/1');
    expect(history.body.list).toEqual([expect.objectContaining({ reason: 'purchase', history_id: paymentId, bonusPoint: 1000, money: 1000, discount_yen: 100 })]);
    const receipt = await client.get(`/user/point/receipt/${paymentId}`);
    expect(receipt.body.receipt).toMatchObject({ amount: 1000, discount_yen: 100, coupon_code: 'PAYLESS', tax: receiptTax(1000), points: 1000 });

    const uses = await t.owner.get(`/admin/coupons/uses/${payment!.couponId}`);
    expect(uses.body.uses).toEqual([expect.objectContaining({ user_id: userId, discount_yen: 100, payment_id: paymentId, released: false })]);

    const tooMuch = await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 1100, reason: '返金', request_id: `cc-refund-a-${Date.now()}` });
    expect(tooMuch.body.state).not.toBe(STATE.ok);
    const refund = await t.owner.post('/admin/payments/refund', { payment_id: paymentId, amount: 1000, reason: '返金', request_id: `cc-refund-b-${Date.now()}` });
    expect(refund.body).toMatchObject({ state: STATE.ok, refund: { state: 'succeeded', amount: 1000, points_taken: 1000 } });
  });

  it('keeps the per-member limit (only live redemptions count) and first purchase only, refusing with nothing written', async () => {
    await create('ONCEEACH', { kind: 'percent_off', discount_percent: 10, budget: 100_000, per_member_limit: 1 });
    const { client, userId } = await buyer(t.shop, courseId);
    expect((await payByCard(client, 'ONCEEACH')).body).toMatchObject({ state: STATE.ok, result: '1' });
    const again = await payByCard(client, 'ONCEEACH');
    expect(again.body).toMatchObject({ state: STATE.conflict, result: POINT_BUY_RESULT.failed });
    expect(again.body.errors.coupon_code?.[0]).toContain('1回まで');
    expect(await budgetOf('ONCEEACH')).toMatchObject({ remaining: 100_000 - 110, uses: 1, live: 1 });
    const [n] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from payments where user_id = ${userId}`);
    expect(n!.n).toBe(1);

    await create('FIRSTBUY', { kind: 'yen_off', discount_yen: 200, budget: 10_000, first_purchase_only: true });
    const repeat = await payByCard(client, 'FIRSTBUY');
    expect(repeat.body.errors.coupon_code?.[0]).toBeTruthy();
    expect((await budgetOf('FIRSTBUY')).uses).toBe(0);
    const newcomer = await buyer(t.shop, courseId);
    expect((await payByCard(newcomer.client, 'FIRSTBUY')).body).toMatchObject({ state: STATE.ok, result: '1' });
    expect(await budgetOf('FIRSTBUY')).toMatchObject({ remaining: 9_800, uses: 1 });
  });

  it('gives the discount back once when the card is declined, and the member may use the code again', async () => {
    await create('DECLINEBACK', { kind: 'yen_off', discount_yen: 300, budget: 300 });
    const { client, userId } = await buyer(t.shop, courseId);
    const declined = await payByCard(client, 'DECLINEBACK', DECLINED_CARD);
    expect(declined.body.result).toBe(POINT_BUY_RESULT.failed);
    expect((await paymentRow(db(), declined.body.payment_id as number))!.state).toBe('failed');
    expect(await budgetOf('DECLINEBACK')).toMatchObject({ remaining: 300, uses: 0, live: 0, released: 1 });
    const paid = await payByCard(client, 'DECLINEBACK');
    expect(paid.body).toMatchObject({ state: STATE.ok, result: '1' });
    expect(await budgetOf('DECLINEBACK')).toMatchObject({ remaining: 0, uses: 1, live: 1, released: 1 });
    expect(await pointState(db(), userId)).toMatchObject({ point: 1000, money: 800 });
  });

});

describe.runIf(testEngine() === 'postgres')('racing purchases on PostgreSQL', () => {
  it('50 members buying at once with a code whose budget covers 10 get exactly 10 discounts', async () => {
    await create('RACE10', { kind: 'yen_off', discount_yen: 100, budget: 1000 });
    const members = await Promise.all(Array.from({ length: 50 }, () => buyer(t.shop, courseId)));
    const tokens = await Promise.all(members.map(() => cardToken(t.shop.app, GOOD_CARD)));
    const answers = await Promise.all(
      members.map((m, i) => m.client.post('/user/point/buy', { pay_id: 1, point_price_id: courseId, token: tokens[i], coupon_code: 'RACE10' })),
    );
    const ok = answers.filter((a) => a.body.state === STATE.ok);
    expect(ok).toHaveLength(10);
    expect(answers.filter((a) => a.body.state === STATE.conflict && a.body.errors.coupon_code)).toHaveLength(40);
    expect(await budgetOf('RACE10')).toMatchObject({ remaining: 0, uses: 10, live: 10 });
    const [paid] = await queryRows<{ n: number; yen: number; points: number }>(
      db(),
      sql`select count(*)::int as n, sum(p.amount)::int as yen, sum(p.point)::int as points from payments p join coupons c on c.id = p.coupon_id
           where c.code = 'RACE10' and p.state = 'succeeded'`,
    );
    expect(paid).toEqual({ n: 10, yen: 10_000, points: 10_000 });
  });

  it('one member’s 10 tabs under a limit of 3 get 3 discounts', async () => {
    await create('TABS3', { kind: 'percent_off', discount_percent: 5, budget: 100_000, per_member_limit: 3 });
    const { client } = await buyer(t.shop, courseId);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => cardToken(t.shop.app, GOOD_CARD)));
    const answers = await Promise.all(tokens.map((token) => client.post('/user/point/buy', { pay_id: 1, point_price_id: courseId, token, coupon_code: 'TABS3' })));
    expect(answers.filter((a) => a.body.state === STATE.ok)).toHaveLength(3);
    expect(await budgetOf('TABS3')).toMatchObject({ uses: 3, live: 3, remaining: 100_000 - 3 * 55 });
  });
});

describe('a lapsed bank transfer confirmed late', () => {
  it('takes its discount again while the budget covers it; past that, honours it outside the budget and its redemption stays released', async () => {
    await create('LATEBANK', { kind: 'yen_off', discount_yen: 100, budget: 200, per_member_limit: 5 });
    const transfer = async () => {
      const { client } = await buyer(t.shop, courseId);
      const res = await client.post('/user/point/buy', { pay_id: PAY_ID.bank, point_price_id: courseId, name: 'ヤマダ　ハナコ', coupon_code: 'LATEBANK' });
      expect(res.body, JSON.stringify(res.body.errors)).toMatchObject({ state: STATE.ok });
      return res.body.payment_id as number;
    };
    const lapse = (id: number) => db().execute(sql`update payments set state = 'expired' where id = ${id}`).then(() => releaseCourseDiscount(db(), id, new Date()));
    const confirmLate = (id: number) => t.owner.post('/admin/payments/confirm', { payment_id: id, late: true });

    const first = await transfer();
    await lapse(first);
    expect(await budgetOf('LATEBANK')).toMatchObject({ remaining: 200, live: 0, released: 1 });
    expect((await confirmLate(first)).body).toMatchObject({ applied: true, payment: { state: 'succeeded', amount: 1000 } });
    expect(await budgetOf('LATEBANK')).toMatchObject({ remaining: 100, live: 1, released: 0 });

    // The second transfer lapses; a third member takes the last 100 yen; the late confirmation finds none left.
    const second = await transfer();
    await lapse(second);
    await transfer();
    expect(await budgetOf('LATEBANK')).toMatchObject({ remaining: 0, live: 2, released: 1 });
    expect((await confirmLate(second)).body).toMatchObject({ applied: true, payment: { state: 'succeeded', amount: 1000 } });
    expect(await budgetOf('LATEBANK')).toMatchObject({ remaining: 0, live: 2, released: 1 });
  });
});

// Last: the sweeper runs two hours ahead, which also ends the operator's idle session.
describe('closing unpaid payments', () => {
  it('gives the discount back once when the sweeper and the provider’s cancellation notice race to close an abandoned wallet payment', async () => {
    await create('ABANDONED', { kind: 'yen_off', discount_yen: 100, budget: 500, per_member_limit: 5 });
    const { client } = await buyer(t.shop, courseId);
    const orders = [];
    for (let i = 0; i < 3; i++) {
      const res = await client.post('/user/point/buy', { pay_id: 12, point_price_id: courseId, coupon_code: 'ABANDONED' });
      expect(res.body, JSON.stringify(res.body.errors)).toMatchObject({ state: STATE.ok });
      orders.push({ payment_id: res.body.payment_id as number, url: String(res.body.url) });
    }
    expect(await budgetOf('ABANDONED')).toMatchObject({ remaining: 200, uses: 3, live: 3 });
    const later = new Date(Date.now() + 2 * HOUR);
    await Promise.all([
      sweep(db(), later),
      ...orders.map(async (o) => {
        await browserPost(t.shop.app, pathOf(o.url), { decision: 'decline' });
        const [tx] = await db().select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(o.payment_id)));
        if (tx) await browserPost(t.shop.app, '/api/payment/notify/sandbox', await notificationBody(db(), tx, new Date()));
        await client.post('/user/point/append', { token: o.payment_id });
      }),
      sweep(db(), later),
    ]);
    for (const o of orders) expect(['failed', 'canceled', 'expired']).toContain((await paymentRow(db(), o.payment_id))!.state);
    expect(await budgetOf('ABANDONED')).toMatchObject({ remaining: 500, uses: 0, live: 0, released: 3 });
    // Closing them again changes nothing.
    await sweep(db(), later);
    expect(await budgetOf('ABANDONED')).toMatchObject({ remaining: 500, uses: 0, released: 3 });
  });
});
