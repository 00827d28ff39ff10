import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ViewportName } from './support/browser.ts';
import { registerMember } from './support/members.ts';
import { listCourses, listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';
import { goToCardChoice, turnGridFaceUp } from './support/reveal.ts';

/**
 * The English walk of issue 25 point 4: the screens a shopper meets, from the top page through a
 * 10-pack purchase, the grid reveal and the card choice to the member's pages, the exchange and
 * the legal pages, show no Japanese to an English visitor. Unlike english.e2e.test.ts, nothing
 * the API answers is taken out first: the demo catalogue has English names, and a text that
 * stays Japanese (a catalogue name with no English, the member's own name, the company's
 * registered details) must say so with `lang="ja"` on its element, as assistive technology and
 * translation tools need it to.
 */

/** Kana (full and half width) and kanji. */
const JAPANESE = '[\\u3040-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uff66-\\uff9f]';

/** Visible texts and labels of the page holding Japanese outside an element marked lang="ja". */
async function unmarkedJapanese(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const japanese = new RegExp(pattern);
    const markedJapanese = (el: Element) => (el.closest('[lang]')?.getAttribute('lang') ?? '').toLowerCase().startsWith('ja');
    const shown = (el: Element) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      const text = node.nodeValue ?? '';
      if (!el || !japanese.test(text) || el.closest('script, style, template, noscript')) continue;
      if (shown(el) && !markedJapanese(el)) found.push(`<${el.tagName.toLowerCase()}> ${text.trim()}`);
    }
    // What a screen reader says or an input shows counts too.
    for (const el of Array.from(document.body.querySelectorAll('[aria-label], [placeholder], img[alt], [title]'))) {
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) {
        const value = el.getAttribute(name) ?? '';
        if (japanese.test(value) && !markedJapanese(el) && shown(el)) found.push(`<${el.tagName.toLowerCase()} ${name}> ${value}`);
      }
    }
    return found;
  }, JAPANESE);
}

let showcaseId: number;
let soldOutId: number;
let courseId: string;

useShopAndBrowser(120_000);

beforeAll(async () => {
  const packs = await listPacks(shop);
  // The demo's lot with a last-one prize (partly sold) and its sold-out lot.
  const showcase = packs.find((p) => !p.is_before && p.pack_count > 0 && p.pack_count < p.total_pack_count && p.payment_method === '1');
  const soldOut = packs.find((p) => p.pack_count === 0);
  if (!showcase || !soldOut) throw new Error('the demo has no partly sold lot or no sold-out lot');
  showcaseId = showcase.id;
  soldOutId = soldOut.id;
  courseId = String((await listCourses(shop))[0]!.id);
}, 120_000);

describe.each(['mobile', 'desktop'] as const)('the English walk at %s width', (viewport: ViewportName) => {
  it('finds no unmarked Japanese from the top page to a 10-pack purchase, the member pages and the legal pages', async () => {
    const member = await registerMember(shop, { points: 50_000 });
    await withShopPage(viewport, { lang: 'en', member }, async ({ page, shot }) => {
      const found: string[] = [];
      const sweep = async (name: string) => {
        await page.waitForLoadState('networkidle');
        expect(await page.locator('html').getAttribute('lang')).toBe('en');
        for (const line of await unmarkedJapanese(page)) found.push(`${name}: ${line}`);
      };
      const visit = async (name: string, path: string, ready: string) => {
        await page.goto(path);
        await page.locator(ready).first().waitFor({ timeout: 20_000 });
        await sweep(name);
      };

      await visit('top', '/', '.pack-tile');
      await shot(`english-walk-top`);
      await visit('pack', `/pack-detail?packId=${showcaseId}`, '[data-testid="buy-bar-10"]');
      await page.getByTestId('trust-extras').waitFor();
      await shot(`english-walk-pack`);

      // Buy: 10 from the bar, the confirmation, the grid reveal, the card choice.
      await page.getByTestId('buy-bar-10').click();
      await page.getByTestId('quote-count').waitFor();
      await sweep('buy-confirm');
      await page.getByTestId('confirm-buy').click();
      await page.waitForURL('**/gacha-animation**');
      await turnGridFaceUp(page);
      await sweep('reveal');
      await shot(`english-walk-reveal`);
      await goToCardChoice(page);
      await sweep('card-choice');
      await shot(`english-walk-card-choice`);

      await visit('my-page', '/my-page', 'main h1');
      await visit('buy-point', '/buy-point', '[data-testid="course"]');
      await visit('confirm-buy-point', `/confirm-buy-point?pointPriceId=${courseId}`, '[data-testid="point-final-terms"]');
      await visit('point-history', '/buy-point-history', 'main h1');
      await visit('product-history', '/buy-product-history', '[data-testid="history-row"]');
      await visit('exchange', '/exchange-card', '[data-testid="exchange-card"]');
      await shot(`english-walk-exchange`);
      await visit('pack-list', '/pack-list', 'main h1');
      await visit('sold-out-pack', `/pack-detail?packId=${soldOutId}`, 'main h1');
      await visit('verify', `/verify?packId=${soldOutId}`, '[data-testid="verify-result"]');
      for (const legal of ['/specific-commerce', '/terms-of-service', '/privacy-protection', '/fund-settlement'])
        await visit(legal.slice(1), legal, 'main h1');
      await shot(`english-walk-specific-commerce`);

      expect(found).toEqual([]);
    });
  }, 300_000);
});
