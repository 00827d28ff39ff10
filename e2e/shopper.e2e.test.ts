import type { Pack } from '@oripa/contract/catalog';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { VIEWPORTS, waitForHydration, type TestPage, type ViewportName } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { browser, listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

let packs: Pack[];
/** The same list in English mode: the demo's packs have English names. */
let packsEn: Pack[];

useShopAndBrowser();

beforeAll(async () => {
  packs = await listPacks(shop);
  packsEn = await listPacks(shop, 'en');
});

/** A pack's name as a page in `lang` shows it. */
const nameIn = (lang: 'ja' | 'en', pack: Pack | undefined) => (lang === 'en' ? packsEn : packs).find((p) => p.id === pack?.id)?.name;

const withPage = (viewport: ViewportName, lang: 'ja' | 'en', run: (p: TestPage) => Promise<void>) => withShopPage(viewport, { lang }, run);

const onSale = () => packs.find((p) => !p.is_before && p.pack_count >= 100 && p.max_buy_count === 0);
const upcoming = () => packs.find((p) => p.is_before);

describe('the wire', () => {
  it('sends built assets precompressed, long-cached, and API answers compressed', async () => {
    const html = await (await fetch(`${shop.url}/`, { headers: { 'accept-encoding': 'identity' } })).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeTruthy();
    const asset = await fetch(`${shop.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const gz = await fetch(`${shop.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const api = await fetch(`${shop.url}/api/user/pack/list`, { headers: { 'accept-encoding': 'br' } });
    expect(api.headers.get('content-encoding')).toBe('br');
    const page = await fetch(`${shop.url}/`, { headers: { 'accept-encoding': 'gzip' } });
    expect(page.headers.get('content-encoding')).toBe('gzip');
    // Public pages are the same for every visitor of a language: a shared cache may keep them briefly.
    expect(page.headers.get('cache-control')).toContain('stale-while-revalidate');
  });
});

describe.each(['mobile', 'desktop'] as const)('shopping at %s width', (viewport) => {
  describe.each(['ja', 'en'] as const)('in %s', (lang) => {
    it('renders the top page on the server: readable before any JavaScript runs', async () => {
      const context = await browser.newContext({ baseURL: shop.url, viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
      try {
        await context.addCookies([{ name: 'lang', value: lang, url: shop.url }]);
        const page = await context.newPage();
        await page.goto('/');
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        await expect(page.locator('#root .banner-image').first().isVisible()).resolves.toBe(true);
        const sale = onSale();
        await expect(page.locator('#root .pack-tile__name', { hasText: nameIn(lang, sale) ?? '?' }).first().isVisible()).resolves.toBe(true);
        // The tiles' remaining counts (the sort menu's 残りわずか順 is no count).
        const remaining = page.locator('#root .pack-tile .remaining__text').first();
        await expect(remaining.isVisible()).resolves.toBe(true);
        await expect(remaining.textContent()).resolves.toContain(lang === 'ja' ? '残り' : 'left');
        await page.screenshot({ path: `test-results/screenshots/shopper-first-screen-${lang}-${viewport}.png` });
      } finally {
        await context.close();
      }
    });

    it('renders the pack page on the server before any JavaScript runs, and hydrates it in place', async () => {
      const sale = onSale();
      expect(sale).toBeTruthy();
      const address = `/pack-detail?packId=${sale?.id}`;
      // Where the server's HTML puts the pack's name, image, price and remaining packs.
      const boxes = async (page: Page) =>
        Promise.all(
          ['.pack-detail__name', '.pack-visual__image.is-active', '.pack-detail__price', '.remaining__text'].map(async (selector) => {
            const box = await page.locator(`.pack-detail ${selector}`).first().boundingBox();
            return box && { selector, x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) };
          }),
        );
      const context = await browser.newContext({ baseURL: shop.url, viewport: VIEWPORTS[viewport], javaScriptEnabled: false });
      let drawn;
      try {
        await context.addCookies([{ name: 'lang', value: lang, url: shop.url }]);
        const page = await context.newPage();
        await page.goto(address);
        expect(await page.locator('html').getAttribute('lang')).toBe(lang);
        const screen = page.locator('#root');
        await expect(screen.locator('h1.pack-detail__name').textContent()).resolves.toBe(nameIn(lang, sale));
        // The pack's first picture is the one shown (a pack may have several).
        await expect(screen.locator('.pack-visual__image.is-active').isVisible()).resolves.toBe(true);
        await expect(screen.locator('.pack-visual__image.is-active').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
        await expect(screen.locator('.pack-detail__price .price-tag__amount').textContent()).resolves.toBe(sale?.point.toLocaleString('en-US'));
        await expect(screen.locator('.remaining__text').textContent()).resolves.toContain(lang === 'ja' ? '残り' : 'left');
        await expect(screen.locator('.btn--spin').textContent()).resolves.toBe(lang === 'ja' ? 'ガチャを回す' : 'Spin the gacha');
        // Never a button that looks ready before it works: disabled until the page hydrates.
        await expect(screen.locator('.btn--spin').isDisabled()).resolves.toBe(true);
        drawn = await boxes(page);
        await page.screenshot({ path: `test-results/screenshots/shopper-pack-first-screen-${lang}-${viewport}.png` });
      } finally {
        await context.close();
      }
      await withPage(viewport, lang, async ({ page, shot }) => {
        await page.addInitScript(() => {
          const w = window as unknown as { shifts: number };
          w.shifts = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!entry.hadRecentInput) w.shifts += entry.value;
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(address);
        await page.getByTestId('pack-remaining').waitFor();
        // The server's HTML shows the button disabled; enabled means React has hydrated. Waiting
        // for the network alone is not enough: the app waits for the largest picture (up to 3 s).
        await expect.poll(() => page.getByTestId('spin-button').isEnabled(), { timeout: 30_000 }).toBe(true);
        await page.waitForLoadState('networkidle');
        // One page, hydrated in place: nothing shows twice, the handed-over data is read and gone.
        expect(await page.locator('#first-screen').count()).toBe(0);
        expect(await page.locator('.pack-detail').count()).toBe(1);
        expect(await page.locator('h1', { hasText: nameIn(lang, sale) ?? '?' }).count()).toBe(1);
        expect(await page.locator('script[type="application/json"]').count()).toBe(0);
        // Same places as the server's HTML, and no layout shift while the page hydrated.
        expect(await boxes(page)).toEqual(drawn);
        expect(await page.evaluate(() => (window as unknown as { shifts: number }).shifts)).toBeLessThan(0.01);
        await shot(`shopper-pack-taken-over-${lang}`);
      });
    });

    it('takes over the top page with one /api/user/point call, on-sale packs first, no serious a11y violation', async () => {
      await withPage(viewport, lang, async ({ page, shot }) => {
        const pointCalls: string[] = [];
        page.on('request', (request) => {
          if (new URL(request.url()).pathname === '/api/user/point') pointCalls.push(request.url());
        });
        await page.goto('/');
        await page.getByTestId('pack-tile').first().waitFor();
        // `networkidle` may have fired before the app hydrated and made its first call (it then
        // answers at once), so wait for hydration and the call, then give a second call time to show.
        await waitForHydration(page);
        await expect.poll(() => pointCalls.length, { timeout: 30_000 }).toBeGreaterThan(0);
        await page.waitForTimeout(1_000);
        await page.waitForLoadState('networkidle');
        expect(await page.locator('#first-screen').count()).toBe(0);
        expect(pointCalls).toHaveLength(1);
        // The first section lists packs on sale; the upcoming section comes after it.
        const sections = await page.locator('.pack-section').evaluateAll((nodes) =>
          nodes.map((node) => node.classList.contains('pack-section--upcoming')),
        );
        expect(sections[0]).toBe(false);
        if (sections.includes(true)) expect(sections.indexOf(true)).toBe(sections.length - 1);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(`shopper-top-${lang}`);
      });
    });

    it('says how many points are missing and offers the smallest course that covers them', async () => {
      const member = await registerMember(shop, { points: 100 });
      await withPage(viewport, lang, async ({ context, page, shot }) => {
        await signInBrowser(context, shop, member);
        const sale = packs.find((p) => !p.is_before && p.pack_count >= 10 && p.payment_method === '1' && p.point >= 500);
        expect(sale).toBeTruthy();
        if (!sale) return;
        await page.goto(`/pack-detail?packId=${sale.id}`);
        await page.getByTestId('quick-count-10').click();
        await page.getByTestId('spin-button').click();
        const missing = sale.point * 10 - 100;
        const said = page.getByTestId('points-missing');
        await said.waitFor();
        expect(await said.textContent()).toContain(`${missing.toLocaleString('en-US')}P`);
        const course = page.getByTestId('covering-course');
        await course.waitFor();
        const courses = ((await (await fetch(`${shop.url}/api/user/point_price/1`)).json()) as { list: { id: string; point: string }[] }).list;
        const smallest = courses.filter((c) => Number(c.point) >= missing).sort((a, b) => Number(a.point) - Number(b.point))[0];
        expect(smallest).toBeTruthy();
        expect(await course.textContent()).toContain(`${Number(smallest?.point).toLocaleString('en-US')}P`);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(`shopper-insufficient-${lang}`);
        await page.getByTestId('buy-covering-course').click();
        await page.waitForURL(new RegExp(`/confirm-buy-point\\?pointPriceId=${smallest?.id}&packId=${sale.id}`));
      });
    });

    it('offers quick counts on the pack page and none before the sale starts', async () => {
      await withPage(viewport, lang, async ({ page, shot }) => {
        const sale = onSale();
        expect(sale).toBeTruthy();
        await page.goto(`/pack-detail?packId=${sale?.id}`);
        const ten = page.getByTestId('quick-count-10');
        await ten.waitFor();
        expect(await ten.textContent()).toBe(lang === 'ja' ? '10回' : '10 packs');
        await ten.click();
        expect(await page.getByTestId('buy-count').inputValue()).toBe('10');
        expect(await ten.getAttribute('aria-pressed')).toBe('true');
        expect(await page.getByTestId('quick-count-100').isEnabled()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);
        await shot(`shopper-pack-${lang}`);

        const soon = upcoming();
        if (soon) {
          await page.goto(`/pack-detail?packId=${soon.id}`);
          await page.getByTestId('spin-button').waitFor();
          const quick = page.locator('.quick-count');
          for (let i = 0; i < (await quick.count()); i += 1) expect(await quick.nth(i).isDisabled()).toBe(true);
          expect(await page.getByTestId('buy-count').isDisabled()).toBe(true);
          expect(await page.getByTestId('spin-button').isDisabled()).toBe(true);
        }
      });
    });
  });
});
