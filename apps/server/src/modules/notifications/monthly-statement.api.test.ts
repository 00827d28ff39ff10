import { and, eq } from 'drizzle-orm';
import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { shippingRequests } from '../../db/schema/gacha.ts';
import { outbox } from '../../db/schema/notifications.ts';
import { jstMonthBounds, jstMonthKey } from '../../lib/time.ts';
import { buyPacks, fundedMember } from '../../testing/buying.ts';
import { buyer, cardToken, createTestCourse } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { enqueueDueReminders, mailSite } from './mail-delivery.ts';
import { renderMail, type MonthlyStatement } from './mail-templates.ts';
import { deliverDueMail } from './mail-worker.ts';

let shop: TestShop;
const site = mailSite(testConfig());
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

const db = () => shop.database.db;

function statementsOf(userId: number) {
  return db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.userId, userId), eq(outbox.kind, MAIL_KIND.monthlyStatement)))
    .orderBy(outbox.id);
}

describe('the monthly statement', () => {
  it("mails last month's figures on the first days of a month, once, to active members who want it", async () => {
    const thisMonth = jstMonthKey(new Date());
    // 00:00 JST on the 1st of next month: what the members do now is "last month" from then.
    const { end: nextMonth } = jstMonthBounds(new Date());

    // A: pays ¥3,300 for 3,000 points by card, draws 2 packs of 100 points, converts the cards.
    const courseId = await createTestCourse(db(), { point: 3000, price: 3300 });
    const a = await buyer(shop, courseId);
    const paid = await a.client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, '4111111111111111') });
    expect(paid.body.state).toBe(200);
    const packId = await createTestPack(db(), { price: 100, prizes: [{ rarity: 1, count: 50, buyPoint: 30 }] });
    const bought = await buyPacks(a.client, packId, 2);
    const purchaseId = bought.body.pack_history_id as number;
    const cards = (await a.client.get(`/user/pack/buy_result?pack_history_id=${purchaseId}`)).body.cards as { history_id: number }[];
    expect(cards).toHaveLength(2);
    const decided = await a.client.post('/user/pack/decision', { send_card: [], reduction_card: cards.map((c) => c.history_id) });
    expect(decided.body.state).toBe(200);

    // B did nothing with money, packs or cards (points granted by the shop are not a purchase).
    const b = await fundedMember(shop, 0);
    // C drew a pack but turned the statement off on the member info page.
    const c = await fundedMember(shop, 1000);
    await buyPacks(c.client, packId, 1);
    const off = await c.client.post('/user/mail_preferences', { off: [MAIL_KIND.monthlyStatement] });
    expect(off.body.preferences).toContainEqual({ kind: MAIL_KIND.monthlyStatement, on: false });
    // D drew a pack and had its card shipped this month; the parcel has been delivered since,
    // and still counts as shipped in the month it left.
    const d = await fundedMember(shop, 1000);
    const dPurchase = (await buyPacks(d.client, packId, 1)).body.pack_history_id as number;
    const [dCard] = (await d.client.get(`/user/pack/buy_result?pack_history_id=${dPurchase}`)).body.cards as { history_id: number }[];
    expect((await d.client.post('/user/pack/decision', { send_card: [dCard?.history_id], reduction_card: [] })).body.state).toBe(200);
    await db().update(shippingRequests).set({ status: 'delivered', shippedAt: new Date() }).where(eq(shippingRequests.userId, d.userId));

    // On the 4th of next month the window has passed: a shop that was down all of the first
    // three days sends no stale statement.
    await enqueueDueReminders(db(), new Date(nextMonth.getTime() + 3 * DAY + HOUR));
    expect(await statementsOf(a.userId)).toHaveLength(0);

    // On the 1st (and again later the same day, and on the 2nd) A's statement is queued once.
    for (const at of [HOUR, 2 * HOUR, DAY + HOUR]) await enqueueDueReminders(db(), new Date(nextMonth.getTime() + at));
    const [statement, ...again] = await statementsOf(a.userId);
    expect(again).toHaveLength(0);
    expect(statement?.eventKey).toBe(`statement:${thisMonth}:${a.userId}`);
    expect(statement?.data).toEqual({
      month: thisMonth,
      paidYen: 3300,
      refundedYen: 0,
      pointsBought: 3000,
      packsDrawn: 2,
      pointsSpent: 200,
      coinsSpent: 0,
      cardsConverted: 2,
      pointsFromConversion: 60,
      parcelsShipped: 0,
      cardsShipped: 0,
    });
    expect(await statementsOf(b.userId)).toHaveLength(0);
    expect(await statementsOf(c.userId)).toHaveLength(0);
    const [dStatement] = await statementsOf(d.userId);
    expect(dStatement?.data).toMatchObject({ packsDrawn: 1, pointsSpent: 100, parcelsShipped: 1, cardsShipped: 1 });

    // Rendered in the member's language with the seller block, as every mail.
    await deliverDueMail(db(), undefined, new Date(nextMonth.getTime() + 2 * DAY), site);
    const [kept] = await statementsOf(a.userId);
    const [year, month] = thisMonth.split('-').map(Number);
    expect(kept?.subject).toBe(`【オリパ】${year}年${month}月のご利用明細`);
    for (const line of ['お支払い金額（税込）: 3,300円', '購入したポイント: 3,000', '引いたパック: 2', 'パックに使ったポイント: 200', 'ポイントに変換したカード: 2', '変換で得たポイント: 60', '発送したカード: 0（0件）', '販売事業者:']) {
      expect(kept?.body).toContain(line);
    }
    expect(kept?.body).not.toContain('ご返金');
    expect(kept?.body).toContain('/responsible-play');
  });

  it('reads in English for an English member, refunds shown when there were any', () => {
    const data: MonthlyStatement = {
      month: '2026-11',
      paidYen: 11000,
      refundedYen: 1100,
      pointsBought: 10000,
      packsDrawn: 12,
      pointsSpent: 1200,
      coinsSpent: 30,
      cardsConverted: 9,
      pointsFromConversion: 450,
      parcelsShipped: 1,
      cardsShipped: 3,
    };
    const mail = renderMail(MAIL_KIND.monthlyStatement, data, 'en', site);
    expect(mail.subject).toBe('[Oripa] Your statement for November 2026');
    for (const line of ['Money paid (tax included): JPY 11,000', 'Refunded: JPY 1,100', 'Cards shipped: 3 (1 parcel)', 'Coins spent on packs: 30']) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
  });
});
