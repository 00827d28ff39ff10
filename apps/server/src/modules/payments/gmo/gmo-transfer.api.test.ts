import { describe, expect, it } from 'vitest';
import { sweep } from '../../../jobs/sweeper.ts';
import { GMO_NOTIFY_CREDENTIALS, useGmoShop } from '../../../testing/gmo-shop.ts';
import { buyer, paymentRow, pointState } from '../../../testing/payments.ts';
import { providerNamed } from '../providers.ts';

/**
 * Bank transfer (4) through GMO's virtual accounts (銀行振込(バーチャル口座), GANB): each order
 * gets its own account, shown on the transfer page; the money arriving is reported by GMO's
 * notification and confirmed by asking GMO; an account not paid by the deadline is stopped.
 */
const t = useGmoShop({ point: 800, price: 880 });

describe('GMO bank transfer to a virtual account', () => {
  it('the transfer page shows this order’s own account; the transfer credits once, through GMO’s notification', async () => {
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS);
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' });
    expect(res.body).toMatchObject({ state: 200, result: '1' });
    const paymentId = res.body.payment_id as number;
    const bank = await client.get(`/user/bank?payment_id=${paymentId}`);
    expect(bank.body).toMatchObject({ state: 200, bank: 'ＧＭＯあおぞらネット銀行 スタンドイン支店（店番号 101）', name: 'ｵﾘﾊﾟ', price: '880', payment_state: 'pending' });
    expect(String(bank.body.number)).toMatch(/^普通 \d{7}$/);
    // Another order gets another account.
    const other = await buyer(t.shop, t.courseId);
    const second = await other.client.post('/user/point/buy', { pay_id: 4, name: 'スズキ' });
    const secondBank = await other.client.get(`/user/bank?payment_id=${second.body.payment_id}`);
    expect(secondBank.body.number).not.toBe(bank.body.number);

    t.standIn.transferIn(`oripa-${paymentId}`);
    await expect.poll(async () => (await paymentRow(db, paymentId))?.state).toBe('succeeded');
    await client.get(`/user/point/end?payment_id=${paymentId}`);
    expect(await pointState(db, userId)).toEqual({ point: 800, ledger: 800, lots: 800, purchases: 1, money: 880 });
  });

  it('an account not paid by the third business day is stopped at GMO (CancelTranGANB) and the order expires', async () => {
    t.standIn.notifyTo(`${t.url}/api/payment/notify/gmo`, GMO_NOTIFY_CREDENTIALS, false);
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' });
    const paymentId = res.body.payment_id as number;
    await sweep(t.shop.database.db, new Date(Date.now() + 10 * 86_400_000));
    expect((await paymentRow(t.shop.database.db, paymentId))?.state).toBe('expired');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('STOP');
    expect(() => t.standIn.transferIn(`oripa-${paymentId}`)).toThrow();
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('a transfer cannot be refunded through GMO', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 4, name: 'ヤマダ' });
    const refund = { paymentId: res.body.payment_id as number, providerRef: null, refundId: 9, amount: 880, paymentAmount: 880, refundedBefore: 0, reason: 'test', now: new Date() };
    expect(await providerNamed(t.shop.database.db, 'gmo').refund!(refund)).toEqual({ status: 'failed', errorCode: 'UNSUPPORTED' });
  });
});
