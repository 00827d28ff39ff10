import type { PointCourse } from '@oripa/contract/payments';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listCourses, shop, useShopAndBrowser } from './support/suite.ts';
import { payByCard } from './support/card.ts';

/**
 * Refunds (issue 21, decision 031) at 1280 px: a member pays by sandbox card, an owner refunds
 * the payment in the console — seeing how many points can be taken back and why — and the
 * points leave the member's balance and show in the member's point history, in Japanese and in
 * English.
 */

let course: PointCourse;

useShopAndBrowser();

beforeAll(async () => {
  const courses = await listCourses(shop);
  course = courses[0] as PointCourse;
  if (!course) throw new Error('the demo data lacks point courses');
});

const points = (value: string | number) => `${Number(value).toLocaleString('en-US')}P`;

describe('refunds in the console', () => {
  it('an owner refunds a sandbox card payment; the points leave and the member history shows it (1280 px)', async () => {
    const member = await registerMember(shop);
    const buyer = await openPage(browser, shop.url, 'desktop');
    const owner = await openConsole(browser, shop, 'owner', 'desktop');
    try {
      await signInBrowser(buyer.context, shop, member);
      const paymentId = await payByCard(buyer.page, course.id);

      const { page, shot } = owner;
      await page.goto(`/admin/payments/${paymentId}`);
      const cap = page.getByTestId('refund-cap');
      await cap.waitFor();
      expect(await cap.textContent()).toContain(`最大 ${Number(course.point).toLocaleString()} pt`);
      expect(await cap.textContent()).toContain('会員がすでに使ったポイント');
      await shot('refund-form');
      const form = page.getByTestId('refund-form');
      expect(await form.getByLabel('返金額（円）').inputValue()).toBe(String(course.price));
      await form.getByLabel('理由').fill('お客様のご依頼による返金');
      await form.getByRole('button', { name: '返金する' }).click();
      await page.getByRole('status').getByText(`ポイント ${Number(course.point).toLocaleString()} pt を取り消しました`).waitFor();
      await page.getByTestId('refund-list').getByText('返金済み').waitFor();
      await page.getByText('このお支払いは返金できません').waitFor();
      await shot('refund-done');

      await buyer.page.goto('/buy-point-history');
      const top = buyer.page.getByTestId('point-history-row').first();
      await expect.poll(() => top.getByTestId('ledger-points').textContent()).toBe(`-${points(course.point)}`);
      expect(await top.getByTestId('ledger-memo').textContent()).toBe(`ポイント返還（お支払い #${paymentId} の返金）`);
      await buyer.shot('refund-member-history');
      await buyer.context.addCookies([{ name: 'lang', value: 'en', url: shop.url }]);
      await buyer.page.goto('/buy-point-history');
      await expect.poll(() => buyer.page.getByTestId('point-history-row').first().getByTestId('ledger-memo').textContent()).toBe('Points taken back (payment refunded)');
      expect(buyer.problems).toEqual([]);
      expect(owner.problems).toEqual([]);
    } finally {
      await buyer.close();
      await owner.close();
    }
  });
});
