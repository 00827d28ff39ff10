import { describe, expect, it } from 'vitest';
import { decideAtCarrier, GMO_NOTIFY_CREDENTIALS, useGmoShop } from '../../../testing/gmo-shop.ts';
import { browserGet, browserPost, buyer, pathOf, paymentRow, pointState } from '../../../testing/payments.ts';
import { providerNamed } from '../providers.ts';

/**
 * GMO's result notifications (結果通知) against the stand-in: checked (Basic credentials, shop,
 * order), answered '0', then the shop asks GMO and trusts only its answer; duplicated and racing
 * with the browser's return they credit once; forged ones are refused.
 */
const t = useGmoShop({ point: 500, price: 550 });
const credited = { point: 500, ledger: 500, lots: 500, purchases: 1, money: 550 };

/** A carrier payment the member approved at GMO whose browser has not come back. */
async function approvedAtGmo() {
  const { client, userId } = await buyer(t.shop, t.courseId);
  const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'docomo' });
  const back = await decideAtCarrier(t.shop, pathOf(String(res.body.url)), 'approve');
  return { client, userId, paymentId: res.body.payment_id as number, back };
}

describe('GMO result notifications', () => {
  it('a verified notification makes the shop ask GMO, credits, and is answered 0', async () => {
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS, false);
    const { userId, paymentId } = await approvedAtGmo();
    const answer = await t.standIn.notify(`oripa-${paymentId}`);
    expect(answer).toEqual({ status: 200, body: '0' });
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('succeeded');
    expect(await pointState(t.shop.database.db, userId)).toEqual(credited);
  });

  it('duplicated notifications racing the browser’s return credit once', async () => {
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS);
    const { client, userId, paymentId, back } = await approvedAtGmo();
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => t.standIn.notify(`oripa-${paymentId}`)),
      browserPost(t.shop.app, back.action, back.fields, client).then((r) => browserGet(t.shop.app, String(r.headers.location), client)),
      client.get(`/user/point/end?payment_id=${paymentId}`),
    ]);
    expect(answers.slice(0, 6).every((a) => (a as { body: string }).body === '0')).toBe(true);
    expect(await pointState(t.shop.database.db, userId)).toEqual(credited);
  });

  it('refuses forged notifications: no or wrong credentials, another shop, an order not of this shop', async () => {
    // GMO itself sends nothing here: only the forged posts reach the shop.
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS, false);
    const { userId, paymentId } = await approvedAtGmo();
    const orderId = `oripa-${paymentId}`;
    const forged = [
      t.standIn.notify(orderId, { credentials: 'gmo-notify:guessed-password-000' }),
      t.standIn.notify(orderId, { fields: { ShopID: 'tshop99999999' } }),
      t.standIn.notify(orderId, { fields: { OrderID: `other-${paymentId}` } }),
      t.standIn.notify(orderId, { fields: { AccessID: 'not-the-access-id' } }),
    ];
    for (const answer of await Promise.all(forged)) expect(answer.status).toBe(400);
    const noCredentials = await fetch(`${t.url}/api/payment/notify/gmo`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `ShopID=${t.standIn.shopId}&OrderID=${orderId}&Status=CAPTURE` });
    expect(noCredentials.status).toBe(400);
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('requires_action');
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('a genuine notification’s claims are not trusted: "CAPTURE" for an order GMO has not captured changes nothing', async () => {
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS);
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'au' });
    const paymentId = res.body.payment_id as number;
    const answer = await t.standIn.notify(`oripa-${paymentId}`, { fields: { Status: 'CAPTURE' } });
    expect(answer.body).toBe('0');
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('requires_action');
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('GMO’s own notifications, sent as the member approves, race the return and credit once', async () => {
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS);
    const { client, userId, paymentId, back } = await approvedAtGmo();
    const posted = await browserPost(t.shop.app, back.action, back.fields, client);
    await browserGet(t.shop.app, String(posted.headers.location), client);
    await expect.poll(async () => (await paymentRow(t.shop.database.db, paymentId))?.state).toBe('succeeded');
    expect(await pointState(t.shop.database.db, userId)).toEqual(credited);
  });

  it('reports a cancel or refund made at GMO as kind "refund", keyed by the transaction and its time', async () => {
    const provider = providerNamed(t.shop.database.db, 'gmo');
    const auth = { authorization: `Basic ${Buffer.from(GMO_NOTIFY_CREDENTIALS).toString('base64')}` };
    const base = { ShopID: t.standIn.shopId, OrderID: 'oripa-42', AccessID: 'a1b2c3', TranDate: '20261127120000' };
    expect(await provider.verifyNotification({ ...base, Status: 'CAPTURE' }, auth)).toEqual({ paymentId: 42, providerRef: 'a1b2c3', kind: 'payment' });
    expect(await provider.verifyNotification({ ...base, Status: 'RETURN' }, auth)).toEqual({
      paymentId: 42,
      providerRef: 'a1b2c3',
      kind: 'refund',
      providerRefundRef: 'a1b2c3:RETURN:20261127120000',
    });
    expect((await provider.verifyNotification({ ...base, Status: 'CANCEL', PayType: '45' }, auth)).kind).toBe('refund');
    // A convenience-store slip cancelled unpaid gave no money back.
    expect((await provider.verifyNotification({ ...base, Status: 'CANCEL', PayType: '3' }, auth)).kind).toBe('payment');
  });
});
