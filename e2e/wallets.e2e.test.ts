import type { PointCourse } from '@oripa/contract/payments';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AmazonPayStandIn } from '../apps/server/src/testing/amazonpay-stand-in.ts';
import { PayPalStandIn } from '../apps/server/src/testing/paypal-stand-in.ts';
import { launchBrowser, openPage, type TestPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { startShop, type ShopServer } from './support/shop-server.ts';
import { listCourses } from './support/suite.ts';

/**
 * Buying points through the real wallet adapters — Amazon Pay (3) and PayPal (5), routed by
 * PAYMENT_PROVIDERS — against their local stand-ins, at 390 px, in Japanese and English: the
 * buyer leaves for the provider's pages, decides there and comes back to the shop's result
 * screen with the points in the header.
 */

let shop: ShopServer;
let browser: Browser;
let amazon: AmazonPayStandIn;
let payPal: PayPalStandIn;
let courses: PointCourse[];

beforeAll(async () => {
  [amazon, payPal, browser] = await Promise.all([AmazonPayStandIn.start(), PayPalStandIn.start(), launchBrowser()]);
  shop = await startShop({
    template: inject('shopTemplate'),
    env: (url) => ({ ...amazon.env(url), ...payPal.env(url), AMAZON_PAY_TIMEOUT_MS: '10000', PAYPAL_TIMEOUT_MS: '10000', PAYMENT_PROVIDERS: '3:amazonpay,5:paypal,*:sandbox' }),
  });
  courses = await listCourses(shop);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await shop?.stop();
  await Promise.all([amazon?.close(), payPal?.close()]);
});

async function memberPage(lang: 'ja' | 'en'): Promise<TestPage> {
  const member = await registerMember(shop);
  const p = await openPage(browser, shop.url, 'mobile', { lang });
  await signInBrowser(p.context, shop, member);
  return p;
}

async function chooseCourseAndMethod(page: Page, course: PointCourse, payId: number): Promise<void> {
  await page.goto('/buy-point');
  await page.getByTestId('course').nth(courses.indexOf(course)).getByTestId('course-buy').click();
  await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}**`);
  await page.getByTestId('confirm-summary').waitFor();
  await page.getByTestId(`pay-method-radio-${payId}`).check();
}

async function expectBalance(page: Page, balance: number): Promise<void> {
  const digits = async () => Number(((await page.getByTestId('header-point').first().textContent()) ?? '').replace(/[^\d]/g, ''));
  await expect.poll(digits, { timeout: 10_000 }).toBe(balance);
}

async function finish(p: TestPage): Promise<void> {
  expect(p.problems).toEqual([]);
  await p.close();
}

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
