import type { Pack } from '@oripa/contract/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { registerMember } from './support/members.ts';
import { listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

// Issue 25, "Done when": on a phone, 10 packs bought from the buy bar in two taps (10連, confirm),
// the grid reveal, then the card list; the same at desktop width, in Japanese and English.

let pack: Pack;

useShopAndBrowser();

beforeAll(async () => {
  const list = await listPacks(shop);
  const buyable = (p: Pack) =>
    !p.is_before && p.payment_method === '1' && p.can_limit === 0 && p.pack_count >= 100 && (p.max_buy_count === 0 || p.max_buy_count >= 100);
  const found = list.filter(buyable).sort((a, b) => a.point - b.point)[0];
  if (!found) throw new Error('the demo catalogue lacks a point pack on sale with 100 packs left');
  pack = found;
});

describe.each(['mobile', 'desktop'] as const)('buy bar at %s width', (viewport) => {
  describe.each(['ja', 'en'] as const)('in %s', (lang) => {
    it('buys 10 packs in two taps, shows them in a grid, one tap turns them all, then the card list', async () => {
      const member = await registerMember(shop, { points: pack.point * 10 + 1000 });
      await withShopPage(viewport, { lang, member }, async ({ page, shot }) => {
        await page.goto(`/pack-detail?packId=${pack.id}`);
        const bar = page.getByTestId('buy-bar');
        const ten = page.getByTestId('buy-bar-10');
        await expect.poll(() => ten.isEnabled()).toBe(true);
        expect(await page.getByTestId('buy-bar-1').textContent()).toContain(lang === 'ja' ? '1回' : '1 pull');
        expect(await ten.textContent()).toContain(lang === 'ja' ? '10連' : '10 pulls');
        expect(await page.getByTestId('buy-bar-100').count()).toBe(1);
        expect(await seriousViolations(page)).toEqual([]);

        const size = page.viewportSize() ?? { width: 0, height: 0 };
        const barBox = await bar.boundingBox();
        expect(barBox).not.toBeNull();
        if (viewport === 'mobile') {
          // On the first screen, fixed to its bottom, the whole width.
          expect(Math.round((barBox?.y ?? 0) + (barBox?.height ?? 0))).toBe(size.height);
          expect(Math.round(barBox?.width ?? 0)).toBe(size.width);
          await shot(`buy-bar-top-${lang}`);
          // At the page's end the last of the page (the footer) ends above the bar.
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const footerBottom = await page.locator('footer').last().evaluate((el) => el.getBoundingClientRect().bottom);
          const barTop = await bar.evaluate((el) => el.getBoundingClientRect().top);
          expect(footerBottom).toBeLessThanOrEqual(barTop + 1);
          await shot(`buy-bar-end-${lang}`);
        } else {
          // Beside the lineup, and still in view once the lineup is scrolled to.
          const lineup = page.locator('.lineup');
          await lineup.scrollIntoViewIfNeeded();
          const lineupBox = await lineup.boundingBox();
          const beside = await bar.boundingBox();
          expect((beside?.x ?? 0) >= (lineupBox?.x ?? 0) + (lineupBox?.width ?? 0)).toBe(true);
          expect((beside?.y ?? -1) >= 0 && (beside?.y ?? 0) + (beside?.height ?? 0) <= size.height).toBe(true);
          await shot(`buy-bar-beside-lineup-${lang}`);
        }

        // Tap 1: 10連 opens the confirmation of ten packs. Tap 2: confirm.
        await ten.click();
        await page.getByTestId('quote-count').waitFor();
        expect(Number(((await page.getByTestId('quote-cost').textContent()) ?? '').replace(/[^\d]/g, ''))).toBe(pack.point * 10);
        await shot(`buy-bar-confirm-${lang}`);
        await page.getByTestId('confirm-buy').click();
        await page.waitForURL('**/gacha-animation**');

        await page.getByTestId('reveal-tap').click();
        const grid = page.getByTestId('reveal-grid');
        await grid.waitFor({ timeout: 20_000 });
        expect(await page.getByTestId('reveal-grid-card').count()).toBe(10);
        const rarities = await page.getByTestId('reveal-grid-card').evaluateAll((nodes) => nodes.map((n) => Number(n.getAttribute('data-rarity'))));
        expect(rarities).toEqual([...rarities].sort((a, b) => b - a));
        await shot(`buy-bar-grid-back-${lang}`);
        await grid.click();
        await page.locator('[data-testid="reveal-grid"][data-side="face"]').waitFor();
        // The turn of the last card (a second at most) before the picture.
        await page.waitForTimeout(1200);
        await shot(`buy-bar-grid-face-${lang}`);
        await page.getByTestId('reveal-tap').focus();
        await page.keyboard.press('Enter');
        await page.waitForURL('**/get-card-list**');
        await page.getByTestId('pick-card').first().waitFor();
        expect(Number(((await page.getByTestId('convert-count').textContent()) ?? '').replace(/[^\d]/g, ''))).toBe(10);
        await shot(`buy-bar-card-list-${lang}`);
      });
    });
  });
});
