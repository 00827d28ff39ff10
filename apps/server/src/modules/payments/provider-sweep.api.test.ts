import { describe, expect, it } from 'vitest';
import { sweep } from '../../jobs/sweeper.ts';
import { browserGet, buyer, paymentRow, pointState } from '../../testing/payments.ts';
import { useCourseShop } from '../../testing/course-shop.ts';
import * as sandbox from './sandbox/sandbox.service.ts';

/**
 * Issue 10, defect 10: a payment approved at the provider while the shop was down (no
 * notification arrived, the browser never came back) is settled by the sweep asking the
 * provider — within a minute of a restart — and credited once.
 */

const t = useCourseShop({ point: 2000, price: 2200 });

const inAMinute = () => new Date(Date.now() + 60_000);

/** The sandbox transaction id of a consent page URL (/sandbox/pay/consent/<id>?…). */
const transactionOf = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop() as string);

describe('sweep settles payments waiting at the provider', () => {
  for (const [payId, extra] of [
    [12, {}],
    [5, {}],
    [6, { carrier_id: 'docomo' }],
  ] as const) {
    it(`pay_id ${payId}: approved at the provider while "crashed", the sweep credits once; a late return credits nothing more`, async () => {
      const db = t.shop.database.db;
      const { client, userId } = await buyer(t.shop, t.courseId);
      const bought = await client.post('/user/point/buy', { pay_id: payId, ...extra });
      expect(bought.body).toMatchObject({ state: 200, result: '1' });
      const paymentId = bought.body.payment_id as number;

      // The member approves at the provider; the shop is down: no notification, no return.
      const { changed } = await sandbox.decide(db, transactionOf(String(bought.body.url)), 'approve', new Date());
      expect(changed).toBe(true);
      expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'requires_action' });
      expect((await pointState(db, userId)).point).toBe(0);

      // Back up: the first sweep asks the provider and credits.
      expect((await sweep(db, inAMinute()))['payments:settle']).toBeGreaterThanOrEqual(1);
      expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'succeeded' });
      expect(await pointState(db, userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });

      // Another sweep, the browser's late return and the member's completion screen change nothing.
      await sweep(db, inAMinute());
      await browserGet(t.shop.app, `/api/payment/return?payment_id=${paymentId}`, client);
      expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '1' });
      expect(await pointState(db, userId)).toEqual({ point: 2000, ledger: 2000, lots: 2000, purchases: 1, money: 2200 });
    });
  }

  it('leaves a payment the member has not decided yet waiting, and fails one declined meanwhile', async () => {
    const db = t.shop.database.db;
    const waiting = await buyer(t.shop, t.courseId);
    const open = await waiting.client.post('/user/point/buy', { pay_id: 12 });
    const declined = await buyer(t.shop, t.courseId);
    const refused = await declined.client.post('/user/point/buy', { pay_id: 12 });
    await sandbox.decide(db, transactionOf(String(refused.body.url)), 'decline', new Date());

    await sweep(db, inAMinute());
    expect(await paymentRow(db, open.body.payment_id as number)).toMatchObject({ state: 'requires_action' });
    expect(await paymentRow(db, refused.body.payment_id as number)).toMatchObject({ state: 'failed' });
    expect((await pointState(db, waiting.userId)).point).toBe(0);
    expect((await pointState(db, declined.userId)).point).toBe(0);
  });

  it('does not ask about a payment younger than a few seconds (its browser may be on the way back)', async () => {
    const db = t.shop.database.db;
    const { client } = await buyer(t.shop, t.courseId);
    const bought = await client.post('/user/point/buy', { pay_id: 12 });
    await sandbox.decide(db, transactionOf(String(bought.body.url)), 'approve', new Date());
    await sweep(db, new Date());
    expect(await paymentRow(db, bought.body.payment_id as number)).toMatchObject({ state: 'requires_action' });
    await sweep(db, inAMinute());
    expect(await paymentRow(db, bought.body.payment_id as number)).toMatchObject({ state: 'succeeded' });
  });
});
