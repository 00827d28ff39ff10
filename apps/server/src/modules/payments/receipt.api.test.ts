import { MAIL_KIND } from '@oripa/contract/mail-kinds';
import { STATE } from '@oripa/contract/states';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../../config.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { outbox } from '../../db/schema/notifications.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { buyer, cardToken, createTestCourse } from '../../testing/payments.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { mailSite } from '../notifications/mail-delivery.ts';
import { deliverDueMail } from '../notifications/mail-worker.ts';
import { SUCCESS_CARDS } from './sandbox/test-cards.ts';

/**
 * Issue 26 point 5 (decision 044): the invoice registration number is an owner's setting,
 * checked by its check digit; every point-purchase receipt (the page's call and the mail) names
 * it with the rate and the tax at that rate; only the member who paid can open a receipt.
 */

/** The National Tax Agency's own corporate number, a real one with a valid check digit. */
const NUMBER = 'T7000012050002';

let shop: TestShop;
let owner: TestClient;
let staff: TestClient;
let courseId: number;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  owner = shop.client();
  await signInOperator(db(), owner, (await createTestOperator(db(), 'owner')).id);
  staff = shop.client();
  await signInOperator(db(), staff, (await createTestOperator(db(), 'staff')).id);
  // ¥1,000: 1000 × 10 / 110 = 90.9…, so the tax is ¥90 (rounded down once per receipt).
  courseId = await createTestCourse(db(), { point: 1000, price: 1000 });
});

afterAll(async () => {
  await shop?.close();
});

async function paidPurchase(): Promise<{ client: TestClient; userId: number; paymentId: number }> {
  const { client, userId } = await buyer(shop, courseId);
  const res = await client.post('/user/point/buy', { pay_id: 1, token: await cardToken(shop.app, SUCCESS_CARDS[0]) });
  expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
  return { client, userId, paymentId: res.body.payment_id as number };
}

describe('the registration number setting', () => {
  it('refuses a number whose check digit is wrong, in the operator’s language, and keeps the old one', async () => {
    const res = await owner.post('/admin/invoice', { registration_number: 'T8000012050002' });
    expect(res.body.state).toBe(STATE.validation);
    expect(res.body.errors.registration_number?.[0]).toContain('検査用数字');
    for (const bad of ['7000012050002', 'T700001205000', 'T70000120500021', 'X7000012050002']) {
      const refused = await owner.post('/admin/invoice', { registration_number: bad });
      expect(refused.body.state, bad).toBe(STATE.validation);
    }
    expect((await owner.get('/admin/invoice')).body.registration_number).toBe('');
  });

  it('lets staff read it but not change it', async () => {
    expect((await staff.get('/admin/invoice')).body.state).toBe(STATE.ok);
    expect((await staff.post('/admin/invoice', { registration_number: NUMBER })).body.state).not.toBe(STATE.ok);
  });

  it('stores an owner’s valid number as typed with a hyphen or a lower-case t, audited, and the legal pages’ site info shows it', async () => {
    const res = await owner.post('/admin/invoice', { registration_number: 't7000-0120-50002' });
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    expect(res.body.registration_number).toBe(NUMBER);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'invoice.registration'));
    expect(entry).toMatchObject({ before: { registration_number: '' }, after: { registration_number: NUMBER } });
    const site = await shop.client().get('/user/site_info');
    expect((site.body.company as { invoice_registration: string }).invoice_registration).toBe(NUMBER);
  });
});

describe('GET /user/point/receipt/:paymentId', () => {
  it('answers the paying member the seller, number, date, item, amount, rate and tax', async () => {
    const { client, paymentId } = await paidPurchase();
    const res = await client.get(`/user/point/receipt/${paymentId}`);
    expect(res.body.state, JSON.stringify(res.body.errors)).toBe(STATE.ok);
    const config = testConfig();
    expect(res.body.receipt).toMatchObject({
      payment_id: paymentId,
      seller: { name: config.COMPANY_NAME, name_en: config.COMPANY_NAME_EN },
      registration_number: NUMBER,
      points: 1000,
      amount: 1000,
      tax_rate: 10,
      tax: 90,
      pay_id: 1,
    });
    expect(Date.parse((res.body.receipt as { paid_at: string }).paid_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers not found to another member, to a visitor, for an unpaid payment and for no payment', async () => {
    const { paymentId } = await paidPurchase();
    const { client: other } = await paidPurchase();
    const stranger = await other.get(`/user/point/receipt/${paymentId}`);
    expect(stranger.body.state).toBe(STATE.notFound);
    expect(stranger.body).not.toHaveProperty('receipt');
    expect((await shop.client().get(`/user/point/receipt/${paymentId}`)).body.state).toBe(STATE.loginRequired);
    expect((await other.get('/user/point/receipt/2147483647')).body.state).toBe(STATE.notFound);
    expect((await other.get('/user/point/receipt/abc')).body.state).toBe(STATE.validation);

    const { client: waiting } = await buyer(shop, courseId);
    const slip = await waiting.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect(slip.body.state).toBe(STATE.ok);
    expect((await waiting.get(`/user/point/receipt/${slip.body.payment_id as number}`)).body.state).toBe(STATE.notFound);
  });

  it('the receipt mail names the registration number, the 10% total and its tax', async () => {
    const { userId } = await paidPurchase();
    await deliverDueMail(db(), undefined, new Date(Date.now() + 86_400_000), mailSite(testConfig()));
    const [mail] = await db().select().from(outbox).where(and(eq(outbox.userId, userId), eq(outbox.kind, MAIL_KIND.pointReceipt)));
    for (const item of [`登録番号: ${NUMBER}`, '10%対象（税込）: 1,000円', 'うち消費税（10%）: 90円']) expect(mail?.body).toContain(item);
  });
});
