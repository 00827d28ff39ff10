import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinLedger, pointLedger } from '../../db/schema/wallet.ts';
import { purchases, shippingRequests } from '../../db/schema/gacha.ts';
import { jstMonthBounds } from '../../lib/time.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { buyer, cardToken, createTestCourse } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { creditPoints } from '../wallet/wallet.service.ts';

let shop: TestShop;
let staff: TestClient;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  staff = shop.client();
  await signInOperator(db(), staff, (await createTestOperator(db(), 'staff')).id);
});

afterAll(async () => {
  await shop?.close();
});

async function figures() {
  const res = await staff.get('/admin/dashboard');
  expect(res.body.state).toBe(200);
  return res.body as unknown as {
    day: string;
    this_month: Record<string, number | string>;
    today: Record<string, number | string>;
    days: {
      day: string;
      sales_yen: number;
      points_sold: number;
      points_spent: number;
      packs_drawn: number;
    }[];
    payments_waiting: { count: number; amount_yen: number };
    shipping: { state: string; total: number }[];
  };
}

async function buyPack(client: TestClient, packId: number, count: number) {
  await client.get(`/user/pack/detail/${packId}`);
  expect((await client.post('/user/pack/check', { count })).body.state).toBe(200);
  expect((await client.post('/user/pack/buy')).body.state).toBe(200);
}

/** The month's sums read straight from the ledger rows, in JavaScript (not the dashboard's SQL). */
async function ledgerMonth(now: Date) {
  const { start, end } = jstMonthBounds(now);
  const points = await db()
    .select()
    .from(pointLedger)
    .where(and(gte(pointLedger.createdAt, start), lt(pointLedger.createdAt, end)));
  const coins = await db()
    .select()
    .from(coinLedger)
    .where(and(gte(coinLedger.createdAt, start), lt(coinLedger.createdAt, end)));
  const packs = await db()
    .select()
    .from(purchases)
    .where(and(gte(purchases.createdAt, start), lt(purchases.createdAt, end)));
  const of = (...reasons: string[]) => points.filter((p) => reasons.includes(p.reason));
  const coinCents = coins
    .filter((c) => Number(c.delta) < 0 && ['pack', 'exchange', 'rank'].includes(c.reason))
    .reduce((s, c) => s - Math.round(Number(c.delta) * 100), 0);
  return {
    sales_yen: of('purchase').reduce((s, p) => s + p.money, 0),
    points_sold: of('purchase').reduce((s, p) => s + p.delta, 0),
    points_spent: points
      .filter((p) => ['pack', 'rank'].includes(p.reason) && p.delta < 0)
      .reduce((s, p) => s - p.delta, 0),
    packs_drawn: packs.reduce((s, p) => s + p.count, 0),
    conversions: of('conversion', 'free_draw_conversion').length,
    conversion_points: of('conversion', 'free_draw_conversion').reduce((s, p) => s + p.delta, 0),
    coins_used: (coinCents / 100).toFixed(2),
  };
}

describe('GET /api/admin/dashboard', () => {
  it('answers only a console session with dashboard.read', async () => {
    expect((await shop.client().get('/admin/dashboard')).body.state).not.toBe(200);
    const support = shop.client();
    await signInOperator(db(), support, (await createTestOperator(db(), 'support')).id);
    expect((await support.get('/admin/dashboard')).body.state).toBe(200);
  });

  it('moves by exactly what purchases and payments did, and the month reconciles with the ledgers', async () => {
    const before = await figures();

    // A card payment: 3,300 yen for 3,000 points.
    const courseId = await createTestCourse(db(), { point: 3000, price: 3300 });
    const card = await buyer(shop, courseId);
    expect(
      (
        await card.client.post('/user/point/buy', {
          pay_id: 1,
          token: await cardToken(shop.app, '4111111111111111'),
        })
      ).body.state,
    ).toBe(200);
    // A convenience-store slip waiting for 5,500 yen.
    const slipCourse = await createTestCourse(db(), { point: 5000, price: 5500 });
    const slip = await buyer(shop, slipCourse);
    expect((await slip.client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' })).body.state).toBe(
      200,
    );
    // Packs: 3 for points with the card's points, one of them converted back; 2 for coins.
    const pointPack = await createTestPack(db(), { price: 100 });
    await buyPack(card.client, pointPack, 3);
    const result = await card.client.get('/user/pack/buy_result');
    const cards = result.body.cards as { history_id: number; buy_point: number }[];
    const [ship, ...convert] = cards;
    expect(
      (
        await card.client.post('/user/pack/decision', {
          send_card: [ship?.history_id],
          reduction_card: convert.map((c) => c.history_id),
        })
      ).body.state,
    ).toBe(200);
    const converted = convert.reduce((s, c) => s + c.buy_point, 0);
    const coinPack = await createTestPack(db(), { price: 10, paymentMethod: '2' });
    const coinMember = await createTestMember(db());
    await fund(db(), coinMember, { coins: '50' });
    const coinClient = shop.client();
    await signIn(db(), coinClient, coinMember);
    await buyPack(coinClient, coinPack, 2);
    // Cards of a free daily draw converted back (decision 056) are conversions too, of free points.
    const freeDrawMember = await createTestMember(db());
    await db().transaction((tx) => creditPoints(tx, { userId: freeDrawMember, reason: 'free_draw_conversion', amount: 40, ref: 'purchase:free' }));

    const after = await figures();
    const moved = (key: string) => Number(after.this_month[key]) - Number(before.this_month[key]);
    expect(moved('sales_yen')).toBe(3300);
    expect(moved('points_sold')).toBe(3000);
    expect(moved('points_spent')).toBe(300);
    expect(moved('packs_drawn')).toBe(5);
    expect(moved('conversions')).toBe(2);
    expect(moved('conversion_points')).toBe(converted + 40);
    expect(moved('coins_used')).toBeCloseTo(20, 2);
    expect(after.payments_waiting.count - before.payments_waiting.count).toBe(1);
    expect(after.payments_waiting.amount_yen - before.payments_waiting.amount_yen).toBe(5500);
    const requested = (f: typeof after) => f.shipping.find((s) => s.state === 'requested')?.total ?? 0;
    // The backlog is the open requests of the table (the decision's, and any the coin pack's cards made).
    const open = await db().select().from(shippingRequests).where(eq(shippingRequests.status, 'requested'));
    expect(requested(after)).toBe(open.length);
    expect(requested(after) - requested(before)).toBeGreaterThanOrEqual(1);

    // The month is the ledgers' sum; today is the chart's last day.
    expect(after.this_month).toEqual(await ledgerMonth(new Date()));
    expect(after.days).toHaveLength(90);
    const last = after.days.at(-1);
    expect(last?.day).toBe(after.day);
    expect(last).toMatchObject({
      sales_yen: after.today.sales_yen,
      points_sold: after.today.points_sold,
      points_spent: after.today.points_spent,
      packs_drawn: after.today.packs_drawn,
    });
  });
});
