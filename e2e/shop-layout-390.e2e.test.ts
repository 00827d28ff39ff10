import type { Pack } from '@oripa/contract/catalog';
import type { Locator } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerMember } from './support/members.ts';
import { listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

// Issue 25's layout defects at 390 px, in Japanese and English: the top page's filter chips were
// cut off with no hint that they scroll, the low-points dialog's three buttons broke 「いいえ」 one
// character per line, and the 「購入回数」 label wrapped to 「購入回 / 数」.

let pack: Pack;

useShopAndBrowser();

beforeAll(async () => {
  const found = (await listPacks(shop))
    .filter((p) => !p.is_before && p.payment_method === '1' && p.can_limit === 0 && p.pack_count >= 10)
    .sort((a, b) => a.point - b.point)[0];
  if (!found) throw new Error('the demo catalogue lacks a point pack on sale');
  pack = found;
});

/** How many lines an element's text takes (its line boxes' distinct tops). */
const lines = (element: Locator) =>
  element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set(Array.from(range.getClientRects()).filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
  });

describe.each(['ja', 'en'] as const)('at 390 px in %s', (lang) => {
  it('shows every filter chip whole, without a scrolling row', async () => {
    await withShopPage('mobile', { lang }, async ({ page, shot }) => {
      await page.goto('/');
      const filters = page.locator('.shelf-bar__filters');
      await filters.waitFor();
      expect(await filters.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      for (const chip of await page.locator('.shelf-chip').all()) {
        const box = await chip.boundingBox();
        expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
        expect(await lines(chip)).toBe(1);
      }
      await shot(`layout-390-filters-${lang}`);
    });
  });

  it('keeps the count label on one line', async () => {
    await withShopPage('mobile', { lang }, async ({ page }) => {
      await page.goto(`/pack-detail?packId=${pack.id}`);
      const label = page.locator('.purchase-panel__label');
      await label.waitFor();
      expect(await lines(label)).toBe(1);
    });
  });

  it('keeps the low-points dialog buttons readable', async () => {
    const member = await registerMember(shop, { points: 0 });
    await withShopPage('mobile', { lang, member }, async ({ page, shot }) => {
      await page.goto(`/pack-detail?packId=${pack.id}`);
      const one = page.getByTestId('buy-bar-1');
      await expect.poll(() => one.isEnabled()).toBe(true);
      await one.click();
      const dialog = page.getByRole('alertdialog');
      await dialog.waitFor();
      await page.getByTestId('buy-covering-course').waitFor();
      const buttons = await dialog.locator('.modal__actions > .btn').all();
      expect(buttons.length).toBe(3);
      for (const button of buttons) expect(await lines(button)).toBeLessThanOrEqual(lang === 'ja' ? 1 : 2);
      await shot(`layout-390-low-points-${lang}`);
    });
  });
});
