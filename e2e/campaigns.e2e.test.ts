import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listCourses, shop, useShopAndBrowser } from './support/suite.ts';
import { payByCard } from './support/card.ts';

/**
 * Campaigns (issue 28 point 5, decision 060): an owner creates a +10 % campaign in the console
 * (1280 px); a member sees it on /buy-point at 390 px in Japanese and at 1280 px in English, with
 * each course's campaign points, buys a course with the sandbox card, and the point history
 * shows the campaign's own row of free points.
 */

let course: PointCourse;

useShopAndBrowser();

beforeAll(async () => {
  const courses = await listCourses(shop);
  course = courses[0] as PointCourse;
  if (!course) throw new Error('the demo data lacks point courses');
});

/** A datetime-local value `hours` from now, in the page's clock (Japan time). */
function localInput(page: Page, hours: number): Promise<string> {
  return page.evaluate((h) => {
    const at = new Date(Date.now() + h * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, hours);
}

describe('campaigns', () => {
  it('an owner creates a +10% campaign; a member sees it on /buy-point (390 px ja, 1280 px en), buys, and the history shows the campaign row', async () => {
    const owner = await openConsole(browser, shop, 'owner', 'desktop');
    const phone = await openPage(browser, shop.url, 'mobile');
    const desktop = await openPage(browser, shop.url, 'desktop', { lang: 'en' });
    const member = await registerMember(shop);
    const total = Number(course.point) + (Number(course.bonus_point) || 0);
    const extra = Math.floor((total * 10) / 100);
    try {
      // The console (1280 px): create, then the list says it runs.
      const { page } = owner;
      await page.goto('/admin/campaigns');
      const form = page.getByTestId('campaign-create');
      await form.waitFor();
      await form.getByLabel('キャンペーン名（日本語・会員に表示）').fill('秋の増量キャンペーン');
      await form.getByLabel('キャンペーン名（英語、任意）').fill('Autumn bonus');
      await form.getByLabel('増量率（%・1〜20）').fill('10');
      await form.getByLabel('予算（ポイント増量はポイント、コインバックはコイン）').fill('100000');
      await form.getByLabel('開始日時').fill(await localInput(page, -1));
      await form.getByLabel('終了日時').fill(await localInput(page, 48));
      await form.getByRole('button', { name: '作成' }).click();
      await page.getByTestId('campaigns-notice').getByText('キャンペーン「秋の増量キャンペーン」を作成しました。').waitFor();
      const row = page.getByTestId('campaign-row').first();
      await row.getByText('実施中').waitFor();
      expect(await row.textContent()).toContain('+10%');
      await owner.shot('campaigns-console');

      // The member at 390 px, in Japanese: the top page's banner, then /buy-point's.
      await signInBrowser(phone.context, shop, member);
      await phone.page.goto('/');
      const topBanner = phone.page.getByTestId('campaign-banner');
      await topBanner.waitFor();
      expect(await topBanner.textContent()).toContain('秋の増量キャンペーン：ポイント購入で +10% 増量');
      await phone.shot('campaign-top');
      await phone.page.goto('/buy-point');
      const banner = phone.page.getByTestId('campaign-banner');
      await banner.waitFor();
      expect(await banner.textContent()).toContain('予算上限に達し次第終了');
      const first = phone.page.getByTestId('course').first();
      await expect.poll(() => first.getByTestId('course-campaign').textContent()).toBe(`+${extra.toLocaleString('en-US')} pt キャンペーン`);
      await phone.shot('campaign-buy-point');

      // The same member at 1280 px, in English.
      await signInBrowser(desktop.context, shop, member);
      await desktop.page.goto('/buy-point');
      const enBanner = desktop.page.getByTestId('campaign-banner');
      await enBanner.waitFor();
      expect(await enBanner.textContent()).toContain('Autumn bonus: +10% extra points on point purchases');
      expect(await enBanner.textContent()).toContain('while the budget lasts');
      await expect.poll(() => desktop.page.getByTestId('course').first().getByTestId('course-campaign').textContent()).toBe(`+${extra.toLocaleString('en-US')} pt campaign`);
      await desktop.shot('campaign-buy-point-en');

      // Buying with the sandbox card: the history's newest row is the campaign's free points.
      await payByCard(phone.page, course.id);
      await phone.page.goto('/buy-point-history');
      const top = phone.page.getByTestId('point-history-row').first();
      await expect.poll(() => top.getByTestId('ledger-memo').textContent()).toBe('キャンペーン 秋の増量キャンペーン（+10%）');
      expect(await top.getByTestId('ledger-points').textContent()).toBe(`+${extra.toLocaleString('en-US')}P`);
      await phone.shot('campaign-history');
      await desktop.page.goto('/buy-point-history');
      await expect.poll(() => desktop.page.getByTestId('point-history-row').first().getByTestId('ledger-memo').textContent()).toBe('Campaign bonus: Autumn bonus (+10%)');
      await desktop.shot('campaign-history-en');

      // The console counts the payment.
      await page.reload();
      await expect.poll(() => page.getByTestId('campaign-row').first().textContent()).toContain(`${extra}.00 / 100000.00`);
      expect(owner.problems).toEqual([]);
      expect(phone.problems).toEqual([]);
      expect(desktop.problems).toEqual([]);
    } finally {
      await owner.close();
      await phone.close();
      await desktop.close();
    }
  });
});
