import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ViewportName } from './support/browser.ts';
import { registerMember } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listCourses, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';
import { fillCard } from './support/card.ts';

/**
 * Issue 26 in the browser (decision 037): a minor registers with a guardian's consent, buys
 * points by card until the monthly cap refuses the next purchase with what is left; a member
 * without a birth date is asked for it before the payment methods; my page and the console's
 * member page show the age and the cap. Decision 043: a member sets a daily limit (a raise waits)
 * and a time-out on /responsible-play and is refused; the console applies a family's limit.
 */

let course3300: PointCourse;

useShopAndBrowser();

beforeAll(async () => {
  const courses = await listCourses(shop);
  const course = courses.find((c) => Number(c.price) === 3300);
  if (!course) throw new Error('the demo data lacks the ¥3,300 course');
  course3300 = course;
});

let serial = 0;

/** A birth date that makes the member 15 today (Japan time is close enough a day away from a birthday). */
function fifteenYearsAgo(): string {
  const now = new Date();
  return `${now.getFullYear() - 15}-${String(now.getMonth() + 1).padStart(2, '0')}-01`;
}

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

describe.each(['mobile', 'desktop'] as const)('responsible play at %s width', (viewport: ViewportName) => {
  it('registers a minor with consent, shows the cap, refuses the purchase past it, shows it on my page', async () => {
    serial += 1;
    const mail = `minor-${viewport}-${Date.now().toString(36)}${serial}@example.jp`;
    const tel = `090${String((Date.now() + serial * 7919) % 100_000_000).padStart(8, '0')}`;
    await withShopPage(viewport, { stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/user-register');
      await field(page, 'lastName').fill('山田');
      await field(page, 'firstName').fill('花子');
      await field(page, 'zipcode').fill('1500002');
      await expect.poll(() => field(page, 'shiku').inputValue()).toBe('渋谷区渋谷');
      await field(page, 'address').fill('2-21-1');
      await field(page, 'tel').fill(tel);
      await field(page, 'mail').fill(mail);
      await field(page, 'pass').fill('secret123');
      await field(page, 'confirmPass').fill('secret123');
      await page.getByTestId('birth-date').fill(fifteenYearsAgo());
      await page.getByTestId('minor-notice').waitFor();
      expect(await page.getByTestId('minor-notice').textContent()).toContain('保護者（親権者）の同意が必要です');
      await page.getByTestId('guardian-consent').check();
      await page.getByTestId('register-birth-date').scrollIntoViewIfNeeded();
      await shot('safety-register-minor');
      await page.getByTestId('terms-agree').check();
      await page.getByTestId('register-confirm').click();
      await page.waitForURL('**/confirm-user-register?**');
      expect(await page.getByTestId('confirm-birth_date').textContent()).toContain(fifteenYearsAgo());
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/complete-user-register');

      // The month's cap (¥5,000 under 16) is shown above the methods; the first ¥3,300 goes through.
      await page.goto(`/confirm-buy-point?pointPriceId=${course3300.id}`);
      await page.getByTestId('minor-cap-note').waitFor();
      expect(await page.getByTestId('minor-cap-note').textContent()).toContain('あと5,000円');
      await shot('safety-cap-note');
      await fillCard(page, { name: 'HANAKO YAMADA' });
      await page.getByTestId('pay-submit').click();
      await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
      await page.getByTestId('pay-result-success').waitFor();

      // The second would pass the cap: refused on the server with the cap, what is left and the reset.
      await page.goto(`/confirm-buy-point?pointPriceId=${course3300.id}`);
      await expect.poll(() => page.getByTestId('minor-cap-note').textContent()).toContain('あと1,700円');
      await fillCard(page, { name: 'HANAKO YAMADA' });
      await page.getByTestId('pay-submit').click();
      await page.getByTestId('payment-error').waitFor();
      const refusal = (await page.getByTestId('payment-error').textContent()) ?? '';
      expect(refusal).toContain('1か月5,000円まで');
      expect(refusal).toContain('今月あと1,700円');
      expect(refusal).toMatch(/\d{4}\/\d{2}\/01 00:00（日本時間）にリセット/);
      await page.getByTestId('payment-error').scrollIntoViewIfNeeded();
      await shot('safety-cap-refused');

      await page.goto('/my-page');
      await page.getByTestId('age-limits').scrollIntoViewIfNeeded();
      expect(await page.getByTestId('age-limits-spent').textContent()).toBe('3,300円');
      expect(await page.getByTestId('age-limits-cap').textContent()).toContain('5,000円（残り 1,700円）');
      await shot('safety-my-page');
    });
  });

  for (const lang of ['ja', 'en'] as const) {
    it(`asks a member without a birth date for it before the payment methods (${lang})`, async () => {
      const member = await registerMember(shop, { birthDate: null });
      await withShopPage(viewport, { lang, member, stepTimeout: 15_000 }, async ({ page, shot }) => {
        await page.goto(`/confirm-buy-point?pointPriceId=${course3300.id}`);
        await page.getByTestId('age-gate').waitFor();
        expect(await page.getByTestId('pay-submit').count()).toBe(0);
        await page.getByTestId('birth-date').fill(fifteenYearsAgo());
        await page.getByTestId('minor-notice').waitFor();
        await shot(`safety-age-gate-${lang}`);
        // Without the consent the server refuses and says why.
        await page.getByTestId('birth-date-save').click();
        await expect.poll(() => page.getByTestId('age-gate').textContent()).toContain(lang === 'ja' ? '保護者の同意を得ています' : 'My parent or guardian consents');
        await page.getByTestId('guardian-consent').check();
        await page.getByTestId('birth-date-save').click();
        await page.getByTestId('pay-submit').waitFor();
        await page.getByTestId('minor-cap-note').waitFor();
      });
    });
  }

  it('sets a daily limit (a raise waits) and a time-out on the responsible-play page, then sees purchases refused', async () => {
    const member = await registerMember(shop);
    await withShopPage(viewport, { member, stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/my-page');
      await page.getByRole('link', { name: '購入上限・購入停止（安心設定）' }).click();
      await page.waitForURL('**/responsible-play');
      await page.getByLabel('1日の上限').fill('3000');
      await page.getByTestId('play-limits-save').click();
      await page.getByTestId('play-limits-saved').waitFor();
      expect(await page.getByTestId('play-daily_limit-current').textContent()).toContain('3,000円 残り 3,000円');
      // A raise waits 24 hours: the page says from when (Japan time).
      await page.getByLabel('1日の上限').fill('10000');
      await page.getByTestId('play-limits-save').click();
      await page.getByTestId('play-daily_limit-pending').waitFor();
      expect(await page.getByTestId('play-daily_limit-pending').textContent()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（日本時間）から 10,000円 に変わります/);
      await shot('play-limits-set');

      // The ¥3,300 course passes the ¥3,000 that still applies: refused on the server, saying so.
      await page.goto(`/confirm-buy-point?pointPriceId=${course3300.id}`);
      await fillCard(page, { name: 'HANAKO YAMADA' });
      await page.getByTestId('pay-submit').click();
      await page.getByTestId('payment-error').waitFor();
      expect(await page.getByTestId('payment-error').textContent()).toContain('1日のポイント購入上限は3,000円です。本日あと3,000円');
      await page.getByTestId('payment-error').scrollIntoViewIfNeeded();
      await shot('play-limit-refused');

      // A 24-hour time-out, confirmed first; then every purchase is refused until its end.
      await page.goto('/responsible-play');
      await page.getByTestId('pause-24h').check();
      await page.getByTestId('pause-submit').click();
      await page.getByTestId('pause-confirm').waitFor();
      await shot('play-timeout-confirm');
      await page.getByTestId('pause-confirm').click();
      await page.getByTestId('play-paused').waitFor();
      expect(await page.getByTestId('play-paused').textContent()).toContain('タイムアウト中です');
      await page.getByTestId('play-history').scrollIntoViewIfNeeded();
      await shot('play-timeout-history');
      await page.goto(`/confirm-buy-point?pointPriceId=${course3300.id}`);
      await fillCard(page, { name: 'HANAKO YAMADA' });
      await page.getByTestId('pay-submit').click();
      await page.getByTestId('payment-error').waitFor();
      expect(await page.getByTestId('payment-error').textContent()).toMatch(/タイムアウト中のため、\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}（日本時間）までポイントとパックは購入できません/);
      await shot('play-timeout-refused');
    });
  });

  it('shows the responsible-play page in English', async () => {
    const member = await registerMember(shop);
    await withShopPage(viewport, { lang: 'en', member, stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/responsible-play');
      await page.getByTestId('play-limits-form').waitFor();
      expect(await page.getByTestId('play-monthly_limit-current').textContent()).toBe('No limit');
      await page.getByLabel('Monthly limit').fill('20000');
      await page.getByTestId('play-limits-save').click();
      await page.getByTestId('play-limits-saved').waitFor();
      expect(await page.getByTestId('play-monthly_limit-current').textContent()).toMatch(/^¥20,000 ¥20,000 left \(resets on \d{4}\/\d{2}\/01 00:00, Japan time\)$/);
      await shot('play-limits-en');
    });
  });

  it('shows the age and cap on the console’s member page and the caps screen', async () => {
    const member = await registerMember(shop, { birthDate: fifteenYearsAgo(), guardianConsent: true });
    const p = await openConsole(browser, shop, 'owner', viewport);
    try {
      const { page, shot } = p;
      await page.goto(`/admin/members?q=${encodeURIComponent(member.mail)}`);
      await page.getByRole('link', { name: member.mail }).first().click();
      await page.getByTestId('member-age').waitFor();
      expect(await page.getByTestId('member-age').textContent()).toContain(fifteenYearsAgo());
      expect(await page.getByTestId('member-age').textContent()).toContain('5,000円');
      // The member's own limits (decision 043): support applies a family's request, audited.
      await page.getByTestId('family-limits-form').getByLabel('1か月の上限（円、空欄で上限なし）').fill('5000');
      await page.getByTestId('family-limits-form').getByLabel('依頼の内容（理由）').fill('保護者から電話で依頼');
      await page.getByTestId('family-limits-form').getByRole('button').click();
      await expect.poll(() => page.getByTestId('member-play-limits').textContent()).toContain('5,000円（残り5,000円）');
      expect(await page.getByTestId('member-play-history').textContent()).toContain('保護者から電話で依頼');
      if (viewport === 'desktop') {
        await page.getByTestId('family-pause-form').scrollIntoViewIfNeeded();
        await shot('play-console-member');
      }
      await page.getByTestId('birth-date-form').scrollIntoViewIfNeeded();
      // At 390 px the member page's existing ledger tables scroll without being focusable (axe),
      // which is not this screen's part; its picture is taken at 1280 px.
      if (viewport === 'desktop') await shot('safety-console-member');
      await page.goto('/admin/minor-caps');
      await page.getByTestId('minor-caps-form').waitFor();
      await shot('safety-console-caps');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
