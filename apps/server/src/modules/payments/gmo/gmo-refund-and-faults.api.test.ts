import { describe, expect, it } from 'vitest';
import { sweep } from '../../../jobs/sweeper.ts';
import { STAND_IN_CARDS } from '../../../testing/gmo-stand-in/stand-in-cards.ts';
import { decideAtCarrier, gmoEnvironment, useGmoShop } from '../../../testing/gmo-shop.ts';
import { buyer, pathOf, paymentRow, pointState } from '../../../testing/payments.ts';
import { providerNamed } from '../providers.ts';
import { GmoProvider } from './gmo-provider.ts';
import { readGmoSettings } from './gmo-settings.ts';

/**
 * Refunds at GMO (full: AlterTran VOID; part: ChangeTran to what remains; carriers: CancelAmount),
 * repeated safely; GMO not answering (timeout, connection lost before or after it acted): the
 * payment stays open and the sweep reconciles it by asking GMO; ping for /readyz.
 */
const t = useGmoShop({ point: 2000, price: 2200 });
const gmo = () => providerNamed(t.shop.database.db, 'gmo');

async function paidByCard(card: string = STAND_IN_CARDS.success) {
  const { client, userId } = await buyer(t.shop, t.courseId);
  const res = await client.post('/user/point/buy', { pay_id: 1, point_price_id: t.courseId, token: await t.token(card) });
  return { client, userId, res, paymentId: res.body.payment_id as number };
}

const refund = (paymentId: number, refundId: number, amount: number, refundedBefore = 0) => ({
  paymentId,
  providerRef: null,
  refundId,
  amount,
  paymentAmount: 2200,
  refundedBefore,
  reason: 'test',
  now: new Date(),
});

describe('GMO refunds', () => {
  it('a part of a card payment: the captured amount becomes what remains, and a repeat changes nothing more', async () => {
    const { paymentId } = await paidByCard();
    const first = await gmo().refund!(refund(paymentId, 1, 700));
    expect(first.status).toBe('succeeded');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)).toMatchObject({ status: 'CAPTURE', amount: 1500 });
    expect((await gmo().refund!(refund(paymentId, 1, 700))).status).toBe('succeeded');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.amount).toBe(1500);
    // The rest: the sale is cancelled the same day (VOID).
    expect((await gmo().refund!(refund(paymentId, 2, 1500, 700))).status).toBe('succeeded');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('VOID');
    expect((await gmo().refund!(refund(paymentId, 2, 1500, 700))).status).toBe('succeeded');
  });

  it('a carrier payment: CancelAmount once, however often the refund is asked', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'docomo' });
    const paymentId = res.body.payment_id as number;
    await decideAtCarrier(t.shop, pathOf(String(res.body.url)), 'approve');
    await client.get(`/user/point/end?payment_id=${paymentId}`);
    for (let i = 0; i < 2; i += 1) expect((await gmo().refund!(refund(paymentId, 3, 200))).status).toBe('succeeded');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)).toMatchObject({ status: 'CAPTURE', amount: 2000 });
    expect((await gmo().refund!(refund(paymentId, 4, 2000, 200))).status).toBe('succeeded');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('CANCEL');
  });

  it('a convenience-store payment cannot be refunded through GMO', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect(await gmo().refund!(refund(res.body.payment_id as number, 5, 2200))).toEqual({ status: 'failed', errorCode: 'UNSUPPORTED' });
  });
});

describe('GMO not answering', () => {
  it('ExecTran times out: the member is told, the payment stays open; GMO never acted, so the sweep closes it', async () => {
    t.standIn.fault('ExecTran', 'timeout');
    const { res, paymentId, userId } = await paidByCard();
    expect(res.body.result).toBe('0');
    expect(Object.keys(res.body.errors as object)).toEqual(['payment']);
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('pending');
    await sweep(t.shop.database.db, new Date(Date.now() + 2 * 3600_000));
    expect(['canceled', 'expired']).toContain((await paymentRow(t.shop.database.db, paymentId))?.state);
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('the answer of ExecTran is lost after GMO captured: the sweep asks GMO (SearchTrade) and credits once', async () => {
    t.standIn.fault('ExecTran', 'lose-answer');
    const { res, paymentId, userId } = await paidByCard();
    expect(res.body.result).toBe('0');
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('pending');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('CAPTURE');
    await sweep(t.shop.database.db, new Date(Date.now() + 60_000));
    await sweep(t.shop.database.db, new Date(Date.now() + 120_000));
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('succeeded');
    expect(await pointState(t.shop.database.db, userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });
  });

  it('the connection drops on the status check: the payment stays as it is, and the next ask settles it', async () => {
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 8, token: 'gmo-paypay' });
    const paymentId = res.body.payment_id as number;
    await decideAtCarrier(t.shop, pathOf(String(res.body.url)), 'approve');
    t.standIn.fault('SearchTradeMulti', 'drop');
    expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '2' });
    expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '1' });
    expect((await pointState(t.shop.database.db, userId)).point).toBe(2000);
  });
});

describe('GMO ping and configuration', () => {
  it('ping answers when GMO answers with these credentials, and throws otherwise', async () => {
    await expect(gmo().ping!()).resolves.toBeUndefined();
    const wrong = new GmoProvider(t.shop.database.db, readGmoSettings({ ...gmoEnvironment(t.standIn, t.url), GMO_SHOP_PASS: 'wrongpass' }));
    await expect(wrong.ping()).rejects.toThrow(/E01030002/);
    t.standIn.fault('SearchTrade', 'timeout');
    await expect(gmo().ping!()).rejects.toThrow(/did not answer/);
  });

  it('names every missing variable', () => {
    expect(() => readGmoSettings({})).toThrow(/GMO_SHOP_ID is missing; GMO_SHOP_PASS is missing; GMO_NOTIFY_USER is missing; GMO_NOTIFY_PASSWORD is missing.*PUBLIC_URL is missing/);
  });
});
