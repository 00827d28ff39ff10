import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { registerMember } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { pngFile } from './support/png.ts';
import { browser, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

/**
 * Issue 27 point 8 in the browser at 1280 px (decision 052): support turns the on-site form on,
 * a member follows the footer's contact link, sends an inquiry with a photo, support answers it
 * in the console (with an internal note), and the member sees the answer but not the note.
 */

useShopAndBrowser();

describe('inquiries', () => {
  it('a member asks with a photo, support answers in the console, the member sees the answer', async () => {
    const member = await registerMember(shop);
    const photo = pngFile(mkdtempSync(path.join(tmpdir(), 'inquiry-')), 'photo.png', [200, 40, 40]);
    const subject = `カードが届きません ${Date.now().toString(36)}`;
    const desk = await openConsole(browser, shop, 'support', 'desktop');
    try {
      const op = desk.page;
      op.setDefaultTimeout(15_000);
      await op.goto('/admin/inquiries');
      await op.getByTestId('inquiry-form-toggle').click();
      await expect.poll(() => op.getByTestId('inquiry-form-state').textContent()).toContain('サイト内のフォーム');

      await withShopPage('desktop', { member, stepTimeout: 15_000 }, async ({ page, shot }) => {
        // The footer's contact link now leads to the on-site form.
        await page.goto('/my-page');
        await page.locator('footer').getByRole('link', { name: 'お問い合わせ' }).click();
        await page.waitForURL('**/inquiry');
        await page.getByLabel('お問い合わせの種類').selectOption('shipping');
        await page.getByLabel('件名').fill(subject);
        await page.getByLabel('お問い合わせ内容').fill('注文したカードがまだ届きません。\n確認をお願いします。');
        await page.getByLabel('画像を添付（任意）').setInputFiles(photo);
        await shot('inquiry-form-1280');
        expect(await seriousViolations(page)).toEqual([]);
        await page.getByTestId('inquiry-send').click();
        await page.waitForURL(/\/inquiry\/\d+$/);
        const inquiryPath = new URL(page.url()).pathname;
        await page.getByAltText('添付画像 1').waitFor();

        // Support finds it in the inbox, notes and answers it.
        await op.goto('/admin/inquiries');
        await op.getByRole('link', { name: subject }).click();
        expect(await op.getByTestId('inquiry-member-link').getAttribute('href')).toMatch(/^\/admin\/members\/\d+$/);
        await op.getByRole('button', { name: '添付画像 1 を表示' }).click();
        await op.getByAltText('添付画像 1').waitFor();
        await op.getByTestId('inquiry-reply-internal').check();
        await op.getByTestId('inquiry-reply-body').fill('社内メモ: 発送記録を確認中');
        await op.getByTestId('inquiry-reply-send').click();
        await expect.poll(() => op.getByTestId('inquiry-message').count()).toBe(2);
        await op.getByLabel('会員に回答する（メールとマイページ）').check();
        await op.getByTestId('inquiry-reply-body').fill('昨日発送いたしました。追跡番号をメールでお送りしています。');
        await op.getByTestId('inquiry-reply-send').click();
        await expect.poll(() => op.getByTestId('inquiry-status').textContent()).toBe('回答済み');
        await desk.shot('inquiry-console-answered-1280');

        // The member sees the answer, never the note.
        await page.goto(inquiryPath);
        await expect.poll(() => page.getByTestId('inquiry-message').count()).toBe(2);
        const thread = (await page.getByTestId('inquiry-thread').textContent()) ?? '';
        expect(thread).toContain('昨日発送いたしました。');
        expect(thread).not.toContain('社内メモ');
        expect(await page.getByTestId('inquiry-thread-status').textContent()).toContain('回答済み');
        await shot('inquiry-thread-1280');
      });
      expect(desk.problems).toEqual([]);
    } finally {
      await desk.close();
    }
  });

  it('keeps the form and the list within a 390 px phone screen', async () => {
    const member = await registerMember(shop);
    await withShopPage('mobile', { member, stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/inquiry');
      await page.getByTestId('inquiry-form').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await seriousViolations(page)).toEqual([]);
      await shot('inquiry-form-390');
    });
  });
});
