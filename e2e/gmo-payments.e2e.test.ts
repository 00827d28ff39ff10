import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGmoStandIn, type GmoStandIn } from '../apps/server/src/testing/gmo-stand-in/gmo-stand-in.ts';
import { STAND_IN_CARDS } from '../apps/server/src/testing/gmo-stand-in/stand-in-cards.ts';
import { registerMember } from './support/members.ts';
import { listCourses, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

/**
 * Buying points through the GMO Payment Gateway adapter against the local GMO stand-in, at 390 px
 * in Japanese and English: a card tokenized by GMO's token.js without and with a 3-D Secure 2.0
 * challenge, and a convenience-store slip paid at the till (GMO's notification credits it).
 */
let standIn: GmoStandIn;
let courses: PointCourse[];
const NOTIFY = { user: 'gmo-notify', password: 'notify-password-for-e2e' };

beforeAll(async () => {
  standIn = await startGmoStandIn();
});
afterAll(async () => {
  await standIn?.close();
});

useShopAndBrowser(undefined, (url) => ({
  PAYMENT_PROVIDERS: '1:gmo,2:gmo,6:gmo,8:gmo,*:sandbox',
  PUBLIC_URL: url,
  GMO_SHOP_ID: standIn.shopId,
  GMO_SHOP_PASS: standIn.shopPass,
  GMO_API_URL: standIn.url,
  GMO_TOKEN_SCRIPT_URL: `${standIn.url}/ext/js/token.js`,
  GMO_NOTIFY_USER: NOTIFY.user,
  GMO_NOTIFY_PASSWORD: NOTIFY.password,
  GMO_CVS_CUSTOMER_NAME: 'オリパ会員',
  GMO_CVS_CUSTOMER_KANA: 'オリパカイイン',
  GMO_CVS_TEL: '0300000000',
}));

beforeAll(async () => {
  standIn.notifyTo(`${shop.url}/api/payment/notify/gmo`, `${NOTIFY.user}:${NOTIFY.password}`);
  courses = await listCourses(shop);
});

const digits = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));

async function chooseCourse(page: Page, course: PointCourse): Promise<void> {
  await page.goto('/buy-point');
  await page.getByTestId('course').nth(courses.indexOf(course)).getByTestId('course-buy').click();
  await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}**`);
  await page.getByTestId('confirm-summary').waitFor();
}

async function fillCard(page: Page, number: string): Promise<void> {
  for (let box = 0; box < 4; box += 1) await page.getByTestId(`card-number-${box + 1}`).fill(number.slice(box * 4, box * 4 + 4));
  await page.getByTestId('card-month').fill('12');
  await page.getByTestId('card-year').fill(String((new Date().getFullYear() + 3) % 100).padStart(2, '0'));
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-name').fill('TARO YAMADA');
}

const expectBalance = (page: Page, balance: number) => expect.poll(() => digits(page, 'header-point'), { timeout: 10_000 }).toBe(balance);

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
        await fillCard(page, STAND_IN_CARDS.success);
        await page.getByTestId('pay-submit').click();
        await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
        await page.getByTestId('pay-result-success').waitFor();
        await expectBalance(page, Number(course.point));
        expect(posted).toEqual(['/ext/api/credit/getToken']);
        await shot(`gmo-card-complete-${lang}`);

        await chooseCourse(page, course);
        await fillCard(page, STAND_IN_CARDS.challenge);
        await page.getByTestId('pay-submit').click();
        await page.waitForURL(`${standIn.url}/stand-in/3ds/challenge?AccessID=*`);
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
        const order = standIn.state.orders.get(`oripa-${paymentId}`);
        expect(order?.cvs?.convenience).toBe('00007');
        expect(await page.getByTestId('combini-receipt').textContent()).toContain(order?.cvs?.receiptNo);
        await shot(`gmo-combini-${lang}`);
        standIn.payAtTill(order!.orderId);
        await expect.poll(async () => (await page.reload(), digits(page, 'header-point')), { timeout: 15_000 }).toBe(Number(course.point));
      });
    });
  }
});
