import type { Pack } from '@oripa/contract/catalog';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { browser, listPacks, shop, useShopAndBrowser, withFailureReport } from './support/suite.ts';

let pointPack: Pack;
let coinPack: Pack;

useShopAndBrowser();

beforeAll(async () => {
  const list = await listPacks(shop);
  const buyable = (p: Pack) => !p.is_before && p.pack_count >= 100 && p.can_limit === 0 && (p.max_buy_count === 0 || p.max_buy_count >= 10);
  pointPack = list.filter((p) => buyable(p) && p.payment_method === '1').sort((a, b) => a.point - b.point)[0] as Pack;
  coinPack = list.filter((p) => buyable(p) && p.payment_method === '2').sort((a, b) => a.point - b.point)[0] as Pack;
  if (!pointPack || !coinPack) throw new Error('the demo catalogue lacks a point or a coin pack on sale');
});

const digits = async (page: Page, testId: string) => Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));

/** Pack page → count → spin → confirmation modal → buy; ends on the reveal. */
async function buyPacks(page: Page, pack: Pack, count: number): Promise<void> {
  await page.goto(`/pack-detail?packId=${pack.id}`);
  await page.getByTestId('buy-count').fill(String(count));
  await page.getByTestId('spin-button').click();
  await page.getByTestId('quote-cost').waitFor();
  expect(await digits(page, 'quote-cost')).toBe(pack.point * count);
  expect(await page.getByTestId('coin-note').count()).toBe(pack.payment_method === '2' ? 1 : 0);
  await page.getByTestId('confirm-buy').click();
  await page.waitForURL('**/gacha-animation**');
}

describe.each(['mobile', 'desktop'] as const)('buying packs at %s width', (viewport) => {
  it('buys 1 and 10 point packs, reveals, ships some, converts the rest, and sees balance and history change', async () => {
    const member = await registerMember(shop, { points: 100_000 });
    const p = await openPage(browser, shop.url, viewport);
    try {
      const { page, shot } = p;
      await signInBrowser(p.context, shop, member);

      // One pack: watch the reveal card by card.
      await buyPacks(page, pointPack, 1);
      await page.getByTestId('reveal-stage').waitFor();
      await shot('reveal-ready');
      await page.getByTestId('reveal-tap').click();
      await page.getByTestId('reveal-card').waitFor({ timeout: 15_000 });
      // The card has turned (the flip ended): its face is on show.
      await page.locator('[data-testid="reveal-stage"][data-phase="face"]').waitFor({ timeout: 15_000 });
      await shot('reveal-card');
      // On the face of the only card, a tap ends the reveal: the card list follows.
      await page.getByTestId('reveal-tap').click();
      await page.waitForURL('**/get-card-list**');
      const afterOne = 100_000 - pointPack.point;
      expect(await digits(page, 'header-point')).toBe(afterOne);

      // Ship the single card.
      await page.getByTestId('pick-card').first().locator('input[type="checkbox"]').check();
      await page.getByTestId('to-confirm').click();
      await page.waitForURL('**/confirm-get-card-list**');
      await page.getByTestId('decide').click();
      await page.waitForURL('**/thank-you**');
      await page.getByTestId('shipping-note').waitFor();

      // Ten packs: skip the video to the grid of ten, then reload: the reveal does not start over,
      // the reload goes on to the card list (the purchase mark is used once).
      await buyPacks(page, pointPack, 10);
      await page.getByTestId('reveal-tap').click();
      await page.getByTestId('reveal-skip').click();
      await page.getByTestId('reveal-grid').waitFor({ timeout: 15_000 });
      await page.reload();
      await page.waitForURL('**/get-card-list**');
      expect(await page.getByTestId('reveal-stage').count()).toBe(0);
      const cards = page.getByTestId('pick-card');
      await cards.first().waitFor();
      // The list is windowed: the counts come from the choice bar, not from the DOM.
      expect(await digits(page, 'convert-count')).toBe(10);
      await cards.nth(0).locator('input[type="checkbox"]').check();
      await cards.nth(1).locator('input[type="checkbox"]').check();
      expect(await digits(page, 'ship-count')).toBe(2);
      expect(await digits(page, 'convert-count')).toBe(8);
      const convertPoints = await digits(page, 'convert-points');
      await shot('card-list');
      await page.getByTestId('to-confirm').click();
      await page.waitForURL('**/confirm-get-card-list**');
      expect(await digits(page, 'decide-points')).toBe(convertPoints);
      await shot('confirm-card-list');
      await page.getByTestId('decide').click();
      await page.waitForURL('**/thank-you**');
      await shot('thank-you');
      const expected = afterOne - pointPack.point * 10 + convertPoints;
      await expect.poll(() => digits(page, 'header-point')).toBe(expected);

      await page.goto('/buy-product-history');
      await page.getByTestId('history-row').first().waitFor();
      expect(await page.getByTestId('history-row').count()).toBe(2);
      await shot('history');
      await page.getByTestId('history-row').first().click();
      await page.waitForURL('**/buy-product-history-detail**');
      await page.getByTestId('history-sheet').waitFor();
      expect(p.problems).toEqual([]);
    } catch (error) {
      throw await withFailureReport(error, p);
    } finally {
      await p.close();
    }
  });

  it('buys 1 and 10 coin packs, which ship without a choice', async () => {
    const member = await registerMember(shop, { coins: '1000' });
    const p = await openPage(browser, shop.url, viewport, { lang: 'en' });
    try {
      const { page, shot } = p;
      await signInBrowser(p.context, shop, member);
      for (const count of [1, 10]) {
        await buyPacks(page, coinPack, count);
        if (count === 1) await shot('coin-reveal-ready');
        await page.getByTestId('reveal-tap').click();
        await page.getByTestId('reveal-skip-all').click();
        await page.waitForURL('**/thank-you**');
        await page.getByTestId('coin-shipped').waitFor();
        const heading = (await page.getByTestId('coin-shipped').locator('.decide-group__count').textContent()) ?? '';
        expect(Number(heading.replace(/[^\d]/g, ''))).toBe(count);
      }
      await shot('coin-thank-you');
      // Whole coins show no decimals (890C, not 890.00C).
      await expect.poll(() => digits(page, 'header-coin')).toBe(1000 - coinPack.point * 11);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
