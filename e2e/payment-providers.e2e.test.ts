import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AmazonPayStandIn } from '../apps/server/src/testing/amazonpay-stand-in.ts';
import { startGmoStandIn, type GmoStandIn } from '../apps/server/src/testing/gmo-stand-in/gmo-stand-in.ts';
import { STAND_IN_CARDS } from '../apps/server/src/testing/gmo-stand-in/stand-in-cards.ts';
import { PayPalStandIn } from '../apps/server/src/testing/paypal-stand-in.ts';
import { openPage, type TestPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { browser, listCourses, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';
import { fillCard } from './support/card.ts';

/**
 * Buying points through the real provider adapters against their local stand-ins, at 390 px in
 * Japanese and English, on one shop whose PAYMENT_PROVIDERS routes card, convenience store,
 * carrier and PayPay (1, 2, 6, 8) to GMO Payment Gateway, Amazon Pay (3) and PayPal (5) to their
 * wallets, and the rest to the sandbox. One shop and one browser serve both groups: each test
 * registers its own member, so the groups do not see each other's points.
 *
 * GMO: a card tokenized by GMO's token.js without and with a 3-D Secure 2.0 challenge, and a
 * convenience-store slip paid at the till (GMO's notification credits it).
 * Wallets: the buyer leaves for the provider's pages, decides there and comes back to the
 * shop's result screen with the points in the header.
 */
let gmo: GmoStandIn;
let amazon: AmazonPayStandIn;
let payPal: PayPalStandIn;
let courses: PointCourse[];
const NOTIFY = { user: 'gmo-notify', password: 'notify-password-for-e2e' };

beforeAll(async () => {
  [gmo, amazon, payPal] = await Promise.all([startGmoStandIn(), AmazonPayStandIn.start(), PayPalStandIn.start()]);
});
afterAll(async () => {
  await Promise.all([gmo?.close(), amazon?.close(), payPal?.close()]);
});

useShopAndBrowser(undefined, (url) => ({
  ...amazon.env(url),
  ...payPal.env(url),
  AMAZON_PAY_TIMEOUT_MS: '10000',
  PAYPAL_TIMEOUT_MS: '10000',
  PAYMENT_PROVIDERS: '1:gmo,2:gmo,6:gmo,8:gmo,3:amazonpay,5:paypal,*:sandbox',
  PUBLIC_URL: url,
  GMO_SHOP_ID: gmo.shopId,
  GMO_SHOP_PASS: gmo.shopPass,
  GMO_API_URL: gmo.url,
  GMO_TOKEN_SCRIPT_URL: `${gmo.url}/ext/js/token.js`,
  GMO_NOTIFY_USER: NOTIFY.user,
  GMO_NOTIFY_PASSWORD: NOTIFY.password,
  GMO_CVS_CUSTOMER_NAME: 'オリパ会員',
  GMO_CVS_CUSTOMER_KANA: 'オリパカイイン',
  GMO_CVS_TEL: '0300000000',
}));

beforeAll(async () => {
  gmo.notifyTo(`${shop.url}/api/payment/notify/gmo`, `${NOTIFY.user}:${NOTIFY.password}`);
  courses = await listCourses(shop);
});

const digits = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));

const expectBalance = (page: Page, balance: number) => expect.poll(() => digits(page, 'header-point'), { timeout: 10_000 }).toBe(balance);

async function chooseCourse(page: Page, course: PointCourse): Promise<void> {
  await page.goto('/buy-point');
  await page.getByTestId('course').nth(courses.indexOf(course)).getByTestId('course-buy').click();
  await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}**`);
  await page.getByTestId('confirm-summary').waitFor();
}

async function chooseCourseAndMethod(page: Page, course: PointCourse, payId: number): Promise<void> {
  await chooseCourse(page, course);
  await page.getByTestId(`pay-method-radio-${payId}`).check();
}

async function memberPage(lang: 'ja' | 'en'): Promise<TestPage> {
  const member = await registerMember(shop);
  const p = await openPage(browser, shop.url, 'mobile', { lang });
  await signInBrowser(p.context, shop, member);
  return p;
}

async function finish(p: TestPage): Promise<void> {
  expect(p.problems).toEqual([]);
  await p.close();
}

describe('buying points through GMO (390 px)', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`${lang}: a card without 3-D Secure, then one with the challenge; the card goes to GMO's token API only`, async () => {
      const member = await registerMember(shop);
      await withShopPage('mobile', { lang, member }, async ({ page, shot }) => {
        const course = courses[0] as PointCourse;
        const posted: string[] = [];
        page.on('request', (r) => {
          if (r.method() === 'POST' && (r.postData() ?? '').includes('4111')) posted.push(new URL(r.url()).pathname);
        });
        await chooseCourse(page, course);
        await fillCard(page, { number: STAND_IN_CARDS.success });
        await page.getByTestId('pay-submit').click();
        await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
        await page.getByTestId('pay-result-success').waitFor();
        await expectBalance(page, Number(course.point));
        expect(posted).toEqual(['/ext/api/credit/getToken']);
        await shot(`gmo-card-complete-${lang}`);

        await chooseCourse(page, course);
        await fillCard(page, { number: STAND_IN_CARDS.challenge });
        await page.getByTestId('pay-submit').click();
        await page.waitForURL(`${gmo.url}/stand-in/3ds/challenge?AccessID=*`);
        await shot(`gmo-3ds-challenge-${lang}`);
        await page.getByTestId('gmo-3ds-approve').click();
        await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
        await page.getByTestId('pay-result-success').waitFor();
        await expectBalance(page, Number(course.point) * 2);
        await shot(`gmo-3ds-complete-${lang}`);
      });
    });

    it(`${lang}: a convenience-store slip with GMO's receipt number, paid at the till, credited by GMO's notification`, async () => {
      const member = await registerMember(shop);
      await withShopPage('mobile', { lang, member }, async ({ page, shot }) => {
        const course = courses[0] as PointCourse;
        await chooseCourse(page, course);
        await page.getByTestId('pay-method-radio-2').check();
        await page.getByTestId('combini-sej').check();
        await page.getByTestId('pay-submit').click();
        await page.waitForURL('**/confirm-combini?payment_id=*');
        await page.getByTestId('combini-info').waitFor();
        const paymentId = new URL(page.url()).searchParams.get('payment_id');
        const order = gmo.state.orders.get(`oripa-${paymentId}`);
        expect(order?.cvs?.convenience).toBe('00007');
        expect(await page.getByTestId('combini-receipt').textContent()).toContain(order?.cvs?.receiptNo);
        await shot(`gmo-combini-${lang}`);
        gmo.payAtTill(order!.orderId);
        await expect.poll(async () => (await page.reload(), digits(page, 'header-point')), { timeout: 15_000 }).toBe(Number(course.point));
      });
    });
  }
});

describe('buying points with the wallet adapters against their stand-ins (390 px)', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`PayPal: approve at PayPal, back to the shop, captured and credited (${lang})`, async () => {
      const p = await memberPage(lang);
      const { page, shot } = p;
      const course = courses[0] as PointCourse;
      await chooseCourseAndMethod(page, course, 5);
      await page.getByTestId('pay-submit').click();
      await page.waitForURL(`${payPal.server.webUrl}/checkoutnow?token=*`);
      await page.locator('#approve').click();
      // PayPal appends its token and PayerID to the return address.
      await page.waitForURL('**/complete-buy-point?payment_id=*&pay_id=5&token=*');
      await page.getByTestId('pay-result-success').waitFor();
      expect(await page.getByTestId('pay-result-text').textContent()).toBe(
        lang === 'ja' ? '決済が完了し、ポイントに反映されました。' : 'The payment succeeded and the points have been added.',
      );
      await shot(`wallet-paypal-complete-${lang}`);
      await expectBalance(page, Number(course.point));
      await finish(p);
    });

    it(`Amazon Pay: checkout through Amazon's script, review, pay at Amazon, completed and credited (${lang})`, async () => {
      const p = await memberPage(lang);
      const { page, shot } = p;
      const course = courses[0] as PointCourse;
      await chooseCourseAndMethod(page, course, 3);
      await page.getByTestId('pay-submit').click();
      // The shop's checkout page hands the signed payload to checkout.js, which opens Amazon's sign-in.
      await page.waitForURL(`${amazon.server.webUrl}/checkout?*`);
      await page.locator('#continue').click();
      await page.waitForURL('**/confirm-buy-point?*amazonCheckoutSessionId=*');
      await page.getByTestId('checkout-method').waitFor();
      expect(await page.getByTestId('pay-method-radio-3').isChecked()).toBe(true);
      await shot(`wallet-amazonpay-review-${lang}`);
      await page.getByTestId('pay-submit').click();
      await page.waitForURL(`${amazon.server.webUrl}/pay/*`);
      await page.locator('#pay').click();
      await page.waitForURL('**/complete-buy-point-amazom-pay**');
      await page.getByTestId('pay-result-success').waitFor();
      await shot(`wallet-amazonpay-complete-${lang}`);
      await expectBalance(page, Number(course.point));
      await finish(p);
    });
  }
});
