import { describe, expect, it } from 'vitest';
import { sweep } from '../../../jobs/sweeper.ts';
import { decideAtCarrier, useGmoShop } from '../../../testing/gmo-shop.ts';
import { browserGet, browserPost, buyer, pathOf, paymentRow, pointState } from '../../../testing/payments.ts';

/**
 * Convenience stores, carrier billing and PayPay through the GMO adapter against the stand-in:
 * slips with GMO's number, page and deadline; redirects through the shop's start page to GMO's
 * StartURL and back through RetURL; the sweep closing what was never paid.
 */
const t = useGmoShop({ point: 1000, price: 1100 });
const credited = { point: 1000, ledger: 1000, lots: 1000, purchases: 1, money: 1100 };

describe('GMO convenience stores', () => {
  for (const [group, code] of [['econ', '00001'], ['sej', '00007'], ['other', '00006']] as const) {
    it(`${group} → store code ${code}: a slip with GMO's receipt number, page and deadline; paid at the till, credited once`, async () => {
      const db = t.shop.database.db;
      const { client, userId } = await buyer(t.shop, t.courseId);
      const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: group });
      expect(res.body).toMatchObject({ state: 200, result: '1' });
      const paymentId = res.body.payment_id as number;
      const order = t.standIn.state.orders.get(`oripa-${paymentId}`)!;
      expect(order.cvs?.convenience).toBe(code);
      const slip = await client.get(`/user/point/combini_number?payment_id=${paymentId}`);
      expect(slip.body).toMatchObject({ state: 200, url: order.cvs?.receiptUrl, payment_state: 'pending' });
      expect(String(slip.body.receipt_number)).toContain(order.cvs!.receiptNo);
      expect(slip.body.due).not.toBe('');
      expect((await paymentRow(db, paymentId))?.dueAt?.getTime()).toBeGreaterThan(Date.now() + 2 * 86_400_000);

      t.standIn.payAtTill(order.orderId);
      expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '1' });
      await client.get(`/user/point/end?payment_id=${paymentId}`);
      expect(await pointState(db, userId)).toEqual(credited);
    });
  }

  it('a slip past its deadline is cancelled at GMO (CvsCancel) and expires; it can no longer be paid', async () => {
    const db = t.shop.database.db;
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    const paymentId = res.body.payment_id as number;
    await sweep(db, new Date(Date.now() + 5 * 86_400_000));
    expect((await paymentRow(db, paymentId))?.state).toBe('expired');
    expect(t.standIn.state.orders.get(`oripa-${paymentId}`)?.status).toBe('CANCEL');
    expect(() => t.standIn.payAtTill(`oripa-${paymentId}`)).toThrow();
  });

  it('a slip paid at the till just before the sweep is credited, not expired', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'econ' });
    const paymentId = res.body.payment_id as number;
    t.standIn.payAtTill(`oripa-${paymentId}`);
    await sweep(db, new Date(Date.now() + 5 * 86_400_000));
    expect((await paymentRow(db, paymentId))?.state).toBe('succeeded');
    expect(await pointState(db, userId)).toEqual(credited);
  });
});

describe('GMO carrier billing and PayPay', () => {
  for (const [payId, extra, payType] of [
    [6, { carrier_id: 'docomo' }, '9'],
    [6, { carrier_id: 'au' }, '8'],
    [6, { carrier_id: 'softbank' }, '11'],
    [8, { token: 'gmo-paypay' }, '45'],
  ] as const) {
    it(`pay_id ${payId} ${JSON.stringify(extra)}: start page → GMO StartURL → approved → RetURL → complete, credited once`, async () => {
      const db = t.shop.database.db;
      const { client, userId } = await buyer(t.shop, t.courseId);
      const res = await client.post('/user/point/buy', { pay_id: payId, ...extra });
      expect(res.body).toMatchObject({ state: 200, result: '1' });
      const paymentId = res.body.payment_id as number;
      expect(pathOf(String(res.body.url))).toMatch(/^\/api\/payment\/gmo\/start\?p=/);
      expect(t.standIn.state.orders.get(`oripa-${paymentId}`)).toMatchObject({ payType, status: 'REQSUCCESS', jobCd: 'CAPTURE' });
      const back = await decideAtCarrier(t.shop, pathOf(String(res.body.url)), 'approve');
      expect(back.fields).toMatchObject({ OrderID: `oripa-${paymentId}`, Status: 'CAPTURE' });
      const posted = await browserPost(t.shop.app, back.action, back.fields, client);
      const target = await browserGet(t.shop.app, String(posted.headers.location), client);
      expect(target.headers.location).toBe(`/complete-carrier?payment_id=${paymentId}&pay_id=${payId}`);
      await browserGet(t.shop.app, String(posted.headers.location), client);
      expect(await pointState(db, userId)).toEqual(credited);
    });
  }

  it('declined at the carrier: the failure screen and the carrier message', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'au' });
    const paymentId = res.body.payment_id as number;
    const back = await decideAtCarrier(t.shop, pathOf(String(res.body.url)), 'decline');
    const posted = await browserPost(t.shop.app, back.action, back.fields, client);
    const target = await browserGet(t.shop.app, String(posted.headers.location), client);
    expect(target.headers.location).toBe(`/error-carrier?payment_id=${paymentId}&pay_id=6`);
    expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '0', error_code: 'PAYFAIL' });
  });

  it('a start page whose address was altered is refused', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'docomo' });
    const tampered = pathOf(String(res.body.url)).replace(/s=[^&]+/, 's=AAAA');
    const page = await t.shop.app.inject({ method: 'GET', url: tampered });
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe('/error-carrier');
  });

  it('the start page may post only to GMO’s StartURL and run only its own script', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 8, token: 'gmo-paypay' });
    const page = await t.shop.app.inject({ method: 'GET', url: pathOf(String(res.body.url)) });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`form-action ${t.standIn.url}`);
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
  });

  it('abandoned at GMO: the sweep closes it (canceled, as the shop closes abandoned redirects); nothing is credited', async () => {
    const db = t.shop.database.db;
    const { client, userId } = await buyer(t.shop, t.courseId);
    const res = await client.post('/user/point/buy', { pay_id: 6, carrier_id: 'softbank' });
    const paymentId = res.body.payment_id as number;
    await sweep(db, new Date(Date.now() + 2 * 3600_000));
    expect((await paymentRow(db, paymentId))?.state).toBe('canceled');
    expect((await pointState(db, userId)).point).toBe(0);
  });
});
