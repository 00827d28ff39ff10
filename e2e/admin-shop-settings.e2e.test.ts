import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { pngFile } from './support/png.ts';
import { browser, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * The console's shop settings (issue 12 item 2) and truthful course labels (issue 15 item 4):
 * at 1280 px an owner gives a course a bonus and the shop's course list at 390 px says so, with
 * every course's yen per point, in Japanese and English; a banner in its period shows on the
 * top page and one out of period does not; the other settings screens open with their tables.
 */

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-settings-e2e-'));

/** A PNG banner of one colour for the file input. */
const banner = (name: string, rgb: [number, number, number]) => pngFile(files, name, rgb, 360, 120);

/** A datetime-local value (Japan time) some minutes from now. */
function jstInput(minutesFromNow: number): string {
  return new Date(Date.now() + minutesFromNow * 60_000 + 9 * 3_600_000).toISOString().slice(0, 16);
}

async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

useShopAndBrowser();

beforeAll(async () => {
});

afterAll(async () => {
  fs.rmSync(files, { recursive: true, force: true });
});

describe('console shop settings at 1280 px', () => {
  it('an owner gives a course a bonus; the shop’s course list shows it truthfully at 390 px, ja and en', async () => {
    const p = await openConsole(browser, shop, 'owner', 'desktop');
    const { page } = p;
    try {
      await page.goto('/admin');
      await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: 'ポイントコース' }).click();
      await page.getByRole('heading', { name: 'ポイントコース', exact: true }).waitFor();
      const table = page.getByTestId('courses-table');
      await table.locator('tbody tr').first().waitFor();
      // Filter to the 3,000-point demo course and edit it.
      await page.getByTestId('courses-table-filter').fill('3000 0 3300');
      const row = table.locator('tbody tr').filter({ hasText: '¥3,300' }).first();
      await row.getByRole('button', { name: '編集' }).click();
      const form = page.getByTestId('course-form');
      await form.getByLabel('ボーナス').fill('-5');
      await form.getByRole('button', { name: '保存' }).click();
      await form.locator('.admin-field-error').first().waitFor();
      await form.getByLabel('ボーナス').fill('333');
      await form.getByLabel('ラベル（日本語）').fill('ボーナス増量中');
      await form.getByLabel('ラベル（英語）').fill('Bonus week');
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('保存しました。').waitFor();
      await page.getByTestId('courses-table-filter').fill('');
      const edited = table.locator('tbody tr').filter({ hasText: 'ボーナス増量中' });
      await edited.getByText('+333').waitFor();
      // 3,300 yen for 3,333 points.
      await edited.getByText('¥0.99', { exact: true }).waitFor();
      await p.shot('settings-courses');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }

    for (const lang of ['ja', 'en'] as const) {
      const m = await openPage(browser, shop.url, 'mobile', { lang });
      try {
        const member = await registerMember(shop);
        await signInBrowser(m.context, shop, member);
        await m.page.goto('/buy-point');
        const courses = m.page.getByTestId('course');
        await courses.first().waitFor();
        const bonusCourse = courses.filter({ hasText: lang === 'ja' ? 'ボーナス増量中' : 'Bonus week' });
        expect(await bonusCourse.getByTestId('course-bonus').textContent()).toBe(lang === 'ja' ? 'ボーナス +333P' : 'Bonus +333P');
        expect(await bonusCourse.getByTestId('course-rate').textContent()).toBe(lang === 'ja' ? '1Pあたり ¥0.99' : '¥0.99 per point');
        // The 1,000-point course has no bonus: no bonus label, its real rate.
        const plain = courses.first();
        expect(await plain.getByTestId('course-points').textContent()).toContain('1,000P');
        expect(await plain.getByTestId('course-bonus').count()).toBe(0);
        expect(await plain.getByTestId('course-rate').textContent()).toBe(lang === 'ja' ? '1Pあたり ¥1.1' : '¥1.1 per point');
        // No course ribbon claims a deal by itself any more.
        expect(await m.page.getByTestId('course-list').textContent()).not.toContain('お得');
        await expectNoOverflow(m.page);
        await m.shot(`settings-shop-courses-${lang}`);
        expect(m.problems).toEqual([]);
      } finally {
        await m.close();
      }
    }
  });

  it('a banner in its period shows on the top page; one not yet started does not', async () => {
    const p = await openConsole(browser, shop, 'staff', 'desktop');
    const { page } = p;
    try {
      await page.goto('/admin/banners');
      await page.getByRole('heading', { name: 'バナー', exact: true }).waitFor();
      const form = page.getByTestId('banner-form');
      const add = async (file: string, start: number, end: number) => {
        await form.getByLabel('画像または動画').setInputFiles(file);
        await form.locator('img.settings-thumb').waitFor();
        await form.getByLabel('リンク先（/pack/1 や https://…）').fill('/pack-list');
        await form.getByLabel('表示順').fill('0');
        await form.getByLabel('開始日時（日本時間）').fill(jstInput(start));
        await form.getByLabel('終了日時（日本時間）').fill(jstInput(end));
        await form.getByRole('button', { name: '保存' }).click();
        await form.getByText('保存しました。').waitFor();
        await form.getByRole('button', { name: '新規作成' }).click();
      };
      // An end before the start is refused under the end.
      await form.getByLabel('画像または動画').setInputFiles(banner('bad.png', [10, 10, 10]));
      await form.locator('img.settings-thumb').waitFor();
      await form.getByLabel('開始日時（日本時間）').fill(jstInput(60));
      await form.getByLabel('終了日時（日本時間）').fill(jstInput(30));
      await form.getByRole('button', { name: '保存' }).click();
      await form.getByText('終了日時は開始日時より後にしてください。').waitFor();
      await page.reload();
      await page.getByTestId('banner-form').waitFor();

      await add(banner('now.png', [30, 160, 90]), -5, 60);
      await add(banner('later.png', [160, 30, 90]), 24 * 60, 48 * 60);
      const table = page.getByTestId('banners-table');
      await table.getByText('表示中').first().waitFor();
      await table.getByText('表示されていません').first().waitFor();
      await p.shot('settings-banners');
      const listed = await page.evaluate(async () => (await (await fetch('/api/admin/banners')).json()) as { banners: { file_name: string; start_at: string }[] });
      const showing = listed.banners.filter((b) => Date.parse(b.start_at) <= Date.now()).map((b) => b.file_name);
      const later = listed.banners.filter((b) => Date.parse(b.start_at) > Date.now()).map((b) => b.file_name);
      expect(showing).toHaveLength(1);
      expect(later).toHaveLength(1);

      const top = await openPage(browser, shop.url, 'mobile');
      try {
        await top.page.goto('/');
        await top.page.locator(`img[src="${showing[0]}"]`).first().waitFor({ state: 'attached' });
        expect(await top.page.locator(`img[src="${later[0]}"]`).count()).toBe(0);
        await top.shot('settings-top-banner');
        expect(top.problems).toEqual([]);
      } finally {
        await top.close();
      }
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('exchange cards, ranks and reveal videos open as sortable, filterable tables; stock moves by adjustment', async () => {
    const p = await openConsole(browser, shop, 'owner', 'desktop', { lang: 'en' });
    const { page } = p;
    try {
      await page.goto('/admin/exchange-cards');
      const cards = page.getByTestId('exchange-cards-table');
      await cards.locator('tbody tr').first().waitFor();
      await cards.getByRole('button', { name: /Stock/ }).click();
      const firstRow = cards.locator('tbody tr').first();
      const before = Number(await firstRow.getByTestId('exchange-stock').textContent());
      await firstRow.getByLabel('Stock change').fill('3');
      await firstRow.getByRole('button', { name: 'Change stock' }).click();
      await expect.poll(async () => Number(await firstRow.getByTestId('exchange-stock').textContent())).toBe(before + 3);
      await p.shot('settings-exchange-cards');

      await page.goto('/admin/ranks');
      await page.getByTestId('ranks-table').locator('tbody tr').nth(1).getByRole('button', { name: 'Edit' }).click();
      await page.getByTestId('rank-form').getByLabel('Coin-back rate (%)').fill('1.75');
      await page.getByTestId('rank-form').getByRole('button', { name: 'Save' }).click();
      await page.getByTestId('rank-form').getByText('Saved.').waitFor();
      await page.getByTestId('ranks-table').getByText('1.75%').waitFor();
      await p.shot('settings-ranks');

      await page.goto('/admin/reveal-videos');
      const videos = page.getByTestId('reveal-videos-table');
      await videos.locator('tbody tr').first().waitFor();
      await page.getByTestId('reveal-videos-table-filter').fill('r7 ');
      expect(await videos.locator('tbody tr').count()).toBe(12);
      await videos.getByText('Built-in animation').first().waitFor();
      await p.shot('settings-reveal-videos');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
