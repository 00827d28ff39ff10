import { describe, expect, it } from 'vitest';
import { runCommand } from '../../../cli/run-command.ts';
import { testConfig } from '../../../config.ts';
import { browserGet, buyer, pathOf, paymentRow, payAtStore, pointState } from '../../../testing/payments.ts';
import { useCourseShop } from '../../../testing/course-shop.ts';
import { dueAfterDays } from '../../../kernel/business-days.ts';

const t = useCourseShop({ point: 3000, price: 3300 });

async function order() {
  const member = await buyer(t.shop, t.courseId);
  const res = await member.client.post('/user/point/buy', { pay_id: 9 });
  return { ...member, res, paymentId: res.body.payment_id as number };
}

/** The remittance address the buy answer hands to /payge-transfer-information. */
function remittanceOf(url: string): string {
  return new URL(url, 'http://localhost').searchParams.get('remittance') ?? '';
}

describe('POST /api/user/point/buy with the payment-service remittance (pay_id 9)', () => {
  it('is offered by /user/pay_style with its name and 3-day memo, in both languages', async () => {
    const { client } = await buyer(t.shop, t.courseId);
    const ja = (await client.get('/user/pay_style')).body.methods as { id: string; name: string; memo: string }[];
    expect(ja.find((m) => m.id === '9')).toMatchObject({ name: '送金サービス（Payge）', memo: expect.stringContaining('3日以内') });
    client.setLang('en');
    const en = (await client.get('/user/pay_style')).body.methods as { id: string; name: string; memo: string }[];
    expect(en.find((m) => m.id === '9')).toMatchObject({ name: 'Remittance service (Payge)', memo: expect.stringContaining('within 3 days') });
  });

  it('leads to /payge-transfer-information with the payment and a remittance address, due in 3 days, crediting nothing yet', async () => {
    const before = new Date();
    const { res, paymentId, userId } = await order();
    expect(res.body).toMatchObject({
      state: 200,
      result: '1',
      payment_id: paymentId,
      url: expect.stringMatching(new RegExp(`^/payge-transfer-information\\?payment_id=${paymentId}&remittance=`)),
    });
    expect(remittanceOf(String(res.body.url))).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/pay\/remit\/sbx_/);
    const payment = await paymentRow(t.shop.database.db, paymentId);
    expect(payment).toMatchObject({ state: 'pending', amount: 3300 });
    expect(payment?.dueAt?.getTime()).toBe(dueAfterDays(before, 3).getTime());
    expect((await pointState(t.shop.database.db, userId)).point).toBe(0);
  });

  it('credits the points once when the member sends the remittance on the provider page', async () => {
    const db = t.shop.database.db;
    const { client, res, paymentId, userId } = await order();
    const address = remittanceOf(String(res.body.url));
    const page = await browserGet(t.shop.app, address);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('送金先（決済サービス）');
    expect(page.body).toContain('3,300円');
    const paid = await payAtStore(t.shop.app, address);
    expect(paid.statusCode).toBe(303);
    expect(pathOf(String(paid.headers.location))).toMatch(/^\/sandbox\/pay\/remit\/sbx_.*lang=ja$/);
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'succeeded' });
    expect(await pointState(db, userId)).toMatchObject({ point: 3000, ledger: 3000, purchases: 1 });
    await payAtStore(t.shop.app, address).catch(() => undefined);
    expect(await pointState(db, userId)).toMatchObject({ point: 3000, purchases: 1 });
    expect((await client.get(`/user/point/end?payment_id=${paymentId}`)).body).toMatchObject({ result: '1', price: '3300' });
  });

  it('expires unpaid after its deadline; the page can no longer be paid', async () => {
    const db = t.shop.database.db;
    const { res, paymentId, userId } = await order();
    const due = (await paymentRow(db, paymentId))!.dueAt!;
    await runCommand({ database: t.shop.database, config: testConfig() }, ['jobs', '--now', new Date(due.getTime() + 60_000).toISOString()]);
    expect(await paymentRow(db, paymentId)).toMatchObject({ state: 'expired' });
    const page = await browserGet(t.shop.app, remittanceOf(String(res.body.url)));
    expect(page.body).not.toContain('<form');
    expect((await pointState(db, userId)).point).toBe(0);
  });

  it('is not a slip of another kind: the combini page refuses a remittance and the other way round', async () => {
    const { res } = await order();
    const address = pathOf(remittanceOf(String(res.body.url)));
    expect((await browserGet(t.shop.app, address.replace('/remit/', '/combini/'))).statusCode).toBe(404);
  });
});
