import { describe, expect, it } from 'vitest';
import { sweep } from '../../../jobs/sweeper.ts';
import { STAND_IN_CARDS } from '../../../testing/gmo-stand-in/stand-in-cards.ts';
import { decideAtCarrier, GMO_NOTIFY_CREDENTIALS, postToStandIn, startAtCarrier, useGmoShop } from '../../../testing/gmo-shop.ts';
import { browserGet, browserPost, buyer, pathOf, paymentRow, pointState } from '../../../testing/payments.ts';
import { testEngine } from '../../../testing/test-database.ts';

/**
 * The payment flow's race, crash and idempotency scenarios (race.api.test.ts, provider-sweep)
 * for the methods GMO serves (1, 2, 6, 8), against the GMO stand-in: however many returns,
 * result checks, notifications and sweeps arrive at once, a payment is credited once and
 * balance = ledger = open lots. Replays run on every engine, the races on PostgreSQL.
 */
const t = useGmoShop({ point: 1500, price: 1650 });
const once = { point: 1500, ledger: 1500, lots: 1500, purchases: 1, money: 1650 };
const notifyUrl = () => `${t.url}/api/payment/notify/gmo`;

/** A 3-D Secure payment the member authenticated at the issuer; the shop has heard nothing yet. */
async function authenticatedCard() {
  t.standIn.notifyTo(notifyUrl(), GMO_NOTIFY_CREDENTIALS, false);
  const { client, userId } = await buyer(t.shop, t.courseId);
  const res = await client.post('/user/point/buy', { pay_id: 1, token: await t.token(STAND_IN_CARDS.challenge) });
  const accessId = new URL(String(res.body.url)).searchParams.get('AccessID') ?? '';
  await postToStandIn(`${t.standIn.url}/stand-in/3ds/decide`, { AccessID: accessId, decision: 'approve' });
  return { client, userId, paymentId: res.body.payment_id as number };
}

describe('replays credit once (every engine)', () => {
  it('3-D Secure: the return, gmo_result, point/end and notifications again and again', async () => {
    const { client, userId, paymentId } = await authenticatedCard();
    for (let i = 0; i < 3; i += 1) {
      await browserPost(t.shop.app, `/api/payment/return?payment_id=${paymentId}`, {}, client);
      await browserGet(t.shop.app, `/api/payment/return?payment_id=${paymentId}`, client);
      await client.post('/user/gmo_result', { id: paymentId, pay_type: 1 });
      await client.get(`/user/point/end?payment_id=${paymentId}`);
      expect((await t.standIn.notify(`oripa-${paymentId}`)).body).toBe('0');
    }
    expect(await pointState(t.shop.database.db, userId)).toEqual(once);
  });

  it('a crash after GMO captured a carrier payment (no return, no notification): the sweep credits once, later news adds nothing', async () => {
    t.standIn.notifyTo(notifyUrl(), GMO_NOTIFY_CREDENTIALS, false);
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'docomo' });
    const paymentId = res.body.payment_id as number;
    const back = await decideAtCarrier(t.shop, pathOf(String(res.body.url)), 'approve');
    await sweep(t.shop.database.db, new Date(Date.now() + 60_000));
    expect(await pointState(t.shop.database.db, userId)).toEqual(once);
    await browserPost(t.shop.app, back.action, back.fields, client);
    await t.standIn.notify(`oripa-${paymentId}`);
    await sweep(t.shop.database.db, new Date(Date.now() + 120_000));
    expect(await pointState(t.shop.database.db, userId)).toEqual(once);
  });
});

describe.runIf(testEngine() === 'postgres')('racing completions on PostgreSQL', () => {
  it('3-D Secure: returns, gmo_result calls and notifications racing credit once', async () => {
    const { client, userId, paymentId } = await authenticatedCard();
    await Promise.all([
      ...Array.from({ length: 8 }, () => browserGet(t.shop.app, `/api/payment/return?payment_id=${paymentId}`, client)),
      ...Array.from({ length: 8 }, () => client.post('/user/gmo_result', { id: paymentId, pay_type: 1 })),
      ...Array.from({ length: 8 }, () => t.standIn.notify(`oripa-${paymentId}`)),
    ]);
    expect(await pointState(t.shop.database.db, userId)).toEqual(once);
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('succeeded');
  });

  it('a slip paid at the till with notification replays and completion screens at once credits once', async () => {
    t.standIn.notifyTo(notifyUrl(), GMO_NOTIFY_CREDENTIALS, false);
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'econ' });
    const paymentId = res.body.payment_id as number;
    t.standIn.payAtTill(`oripa-${paymentId}`);
    await Promise.all([
      ...Array.from({ length: 10 }, () => t.standIn.notify(`oripa-${paymentId}`)),
      ...Array.from({ length: 5 }, () => client.get(`/user/point/end?payment_id=${paymentId}`)),
      sweep(t.shop.database.db, new Date(Date.now() + 5 * 86_400_000)),
    ]);
    expect(await pointState(t.shop.database.db, userId)).toEqual(once);
  });

  it('a double click with one card token makes one payment succeed', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const token = await t.token(STAND_IN_CARDS.success);
    const answers = await Promise.all(Array.from({ length: 10 }, () => client.post('/user/point/buy', { pay_id: 1, token })));
    expect(answers.filter((a) => a.body.result === '1')).toHaveLength(1);
    expect(await pointState(t.shop.database.db, userId)).toEqual(once);
  });

  it('the sweeper closing due PayPay payments while members are approving them at PayPay: each credited once', async () => {
    t.standIn.notifyTo(notifyUrl(), GMO_NOTIFY_CREDENTIALS, true);
    const db = t.shop.database.db;
    const members = await Promise.all(Array.from({ length: 6 }, () => buyer(t.shop, t.courseId)));
    const orders = await Promise.all(members.map((m) => m.client.post('/user/point/buy', { pay_id: 8, token: 'gmo-paypay' })));
    // Every member is at PayPay's page (AUTHPROCESS) when the shop's window runs out.
    const decisions = await Promise.all(orders.map((o) => startAtCarrier(t.shop, pathOf(String(o.body.url)))));
    const later = new Date(Date.now() + 2 * 3600_000);
    await Promise.all([
      sweep(db, later),
      ...decisions.map(async (decide, i) => {
        const back = await decide('approve');
        await browserPost(t.shop.app, back.action, back.fields, members[i]!.client);
      }),
      sweep(db, later),
    ]);
    await sweep(db, later);
    for (const [i, o] of orders.entries()) {
      const paymentId = o.body.payment_id as number;
      expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('CAPTURE');
      expect((await paymentRow(db, paymentId))?.state).toBe('succeeded');
      expect(await pointState(db, members[i]!.userId)).toEqual(once);
    }
  });
});
