import { receiptTax } from '@oripa/contract/invoice';
import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ViewportName } from './support/browser.ts';
import { registerMember } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listCourses, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';
import { fillCard } from './support/card.ts';

/**
 * Issue 28 point 4 (decision 061) in the browser: an owner creates a 10% course discount code in
 * the console; a member enters it on /buy-point, sees each course's reduced price, pays the
 * reduced price with the sandbox card, receives the course's full points, and the point history
 * and the receipt show what was paid and the discount. At 390 px in Japanese and 1280 px in
 * English.
 */

const CODE = 'E2ETENOFF';
let course: PointCourse;

useShopAndBrowser();

const yen = (value: number) => `¥${value.toLocaleString('en-US')}`;
/** datetime-local's value in the browser's clock. */
const local = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

beforeAll(async () => {
  const courses = await listCourses(shop);
  course = courses[0] as PointCourse;
  if (!course) throw new Error('the demo data lacks point courses');

  const p = await openConsole(browser, shop, 'owner', 'desktop');
  try {
    const { page, shot } = p;
    await page.goto('/admin/coupons');
    const form = page.getByTestId('coupon-create');
    await form.getByLabel('コード（英数字4〜32文字）').fill(CODE);
    await form.getByLabel('名前（社内用・会員にも表示）').fill('10%オフ');
    await form.getByTestId('coupon-kind').selectOption('percent_off');
    await form.getByLabel('割引率（％、1〜99）').fill('10');
    await form.getByLabel('開始日時').fill(local(new Date(Date.now() - 3_600_000)));
    await form.getByLabel('終了日時').fill(local(new Date(Date.now() + 86_400_000)));
    await form.getByLabel('予算（ポイント付与はポイント、割引は円の合計）').fill('100000');
    await form.getByLabel('お一人様の利用回数').fill('3');
    await form.getByRole('button', { name: '作成' }).click();
    await page.getByText(`コード ${CODE} を作成しました。`).waitFor();
    const row = page.getByTestId('coupons-table').getByRole('row').filter({ hasText: CODE });
    expect(await row.getByTestId('coupon-gives').textContent()).toBe('10%引き');
    expect(await row.getByTestId('coupon-budget').textContent()).toContain('¥100,000 / ¥100,000');
    await shot('console-coupon-percent');
    expect(p.problems).toEqual([]);
  } finally {
    await p.close();
  }
});

async function applyCode(page: Page, lang: 'ja' | 'en', pay: number): Promise<void> {
  await page.goto('/buy-point');
  const field = page.getByTestId('buy-coupon');
  await field.locator('summary').click();
  await field.getByTestId('buy-coupon-input').fill(CODE.toLowerCase());
  await field.getByTestId('buy-coupon-apply').click();
  await field.getByTestId('buy-coupon-applied').waitFor();
  expect(await field.getByTestId('buy-coupon-applied').textContent()).toContain(CODE);
  const card = page.getByTestId('course').first();
  await card.getByTestId('course-discounted').waitFor();
  const shown = (await card.getByTestId('course-discounted').textContent()) ?? '';
  expect(shown).toContain(`${yen(Number(course.price))} → ${yen(pay)}`);
  expect(shown).toContain(lang === 'ja' ? '引き' : 'off');
}

describe.each([
  ['mobile', 'ja'],
  ['desktop', 'en'],
] as const)('a course discount code at %s width in %s', (viewport: ViewportName, lang) => {
  it('shows the reduced price on /buy-point, charges it by card, credits the full course, and the history and receipt show the discount', async () => {
    const member = await registerMember(shop);
    const price = Number(course.price);
    const discount = Math.floor((price * 10) / 100);
    const pay = price - discount;
    const credited = Number(course.point) + Number(course.bonus_point || 0);
    await withShopPage(viewport, { lang, member, stepTimeout: 15_000 }, async ({ page, shot }) => {
      await applyCode(page, lang, pay);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(`buy-point-coupon-${lang}`);

      await page.getByTestId('course').first().getByTestId('course-buy').click();
      await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}**`);
      await page.getByTestId('confirm-coupon').waitFor();
      expect(await page.getByTestId('confirm-price').textContent()).toBe(yen(pay));
      expect(await page.getByTestId('confirm-list-price').textContent()).toBe(yen(price));
      await fillCard(page);
      // The final confirmation (特定商取引法 12-6) states the price charged, after the discount.
      expect(await page.getByTestId('terms-price').textContent()).toContain(yen(pay));
      expect(await page.getByTestId('pay-submit').textContent()).toContain(yen(pay));
      await shot(`confirm-coupon-${lang}`);
      await page.getByTestId('pay-submit').click();
      await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
      await page.getByTestId('pay-result-success').waitFor();
      const paymentId = new URL(page.url()).searchParams.get('payment_id');

      await page.goto('/buy-point-history');
      const top = page.getByTestId('point-history-row').first();
      await top.waitFor();
      expect(await top.getByTestId('ledger-points').textContent()).toBe(`+${credited.toLocaleString('en-US')}P`);
      expect(await top.getByTestId('ledger-money').textContent()).toContain(yen(pay));
      expect(await top.getByTestId('ledger-discount').textContent()).toContain(yen(discount));
      await shot(`history-coupon-${lang}`);
      await top.getByTestId('ledger-receipt').click();
      await page.waitForURL(`**/point-receipt?paymentId=${paymentId}`);
      await page.getByTestId('receipt-sheet').waitFor();
      expect(await page.getByTestId('receipt-total').textContent()).toBe(yen(pay));
      expect(await page.getByTestId('receipt-list-price').textContent()).toBe(yen(price));
      expect(await page.getByTestId('receipt-discount').textContent()).toBe(`−${yen(discount)}`);
      expect(await page.getByTestId('receipt-discount').locator('xpath=..').textContent()).toContain(CODE);
      // The tax is the paid amount's (10/110, rounded down once).
      expect(await page.getByTestId('receipt-tax').textContent()).toBe(yen(receiptTax(pay)));
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(`receipt-coupon-${lang}`);

      // The code was used for this order: /buy-point no longer carries it.
      await page.goto('/buy-point');
      await page.getByTestId('course').first().waitFor();
      expect(await page.getByTestId('course-discounted').count()).toBe(0);
    });
  });
});
