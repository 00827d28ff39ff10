import type { Pack } from '@oripa/contract/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, type TestPage, type ViewportName } from './support/browser.ts';
import { browser, listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

let packs: Pack[];

useShopAndBrowser();

beforeAll(async () => {
  packs = await listPacks(shop);
});

const withPage = (viewport: ViewportName, lang: 'ja' | 'en' | undefined, run: (p: TestPage) => Promise<void>) =>
  withShopPage(viewport, { lang }, run);

const onSale = () => packs.find((p) => !p.is_before && p.pack_count > 0 && p.show_cardlist === '1' && p.payment_method === '1');

describe.each(['mobile', 'desktop'] as const)('the shop at %s width', (viewport) => {
  it('shows the top page with banners and packs grouped by card type, in Japanese', async () => {
    await withPage(viewport, undefined, async ({ page, shot }) => {
      await page.goto('/');
      await page.getByTestId('pack-tile').first().waitFor();
      expect(await page.getByTestId('pack-tile').count()).toBeGreaterThanOrEqual(8);
      expect(await page.locator('html').getAttribute('lang')).toBe('ja');
      await expect(page.getByText('SOLD OUT').first().isVisible()).resolves.toBe(true);
      await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot('top-ja');
    });
  });

  it('shows the top page in English mode', async () => {
    await withPage(viewport, 'en', async ({ page, shot }) => {
      await page.goto('/');
      await page.getByTestId('pack-tile').first().waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot('top-en');
    });
  });

  it('opens a pack from the top page and prices the chosen count', async () => {
    const pack = onSale();
    if (!pack) throw new Error('the demo catalogue has no pack on sale');
    await withPage(viewport, undefined, async ({ page, shot }) => {
      await page.goto('/');
      await page.locator(`[data-testid="pack-tile"][data-pack-id="${pack.id}"]`).first().click();
      await page.waitForURL(`**/pack-detail?packId=${pack.id}`);
      await page.getByRole('heading', { level: 1, name: pack.name }).waitFor();
      await expect(page.getByTestId('pack-remaining').first().textContent()).resolves.toContain(pack.pack_count.toLocaleString('en-US'));
      await page.getByTestId('buy-count').fill('3');
      await expect(page.getByTestId('total-price').textContent()).resolves.toContain((pack.point * 3).toLocaleString('en-US'));
      await page.getByTestId('lineup-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot('pack-detail-ja');
      await page.getByTestId('lineup-card').first().click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    });
  });

  it('shows a pack page in English', async () => {
    const pack = onSale();
    await withPage(viewport, 'en', async ({ page, shot }) => {
      await page.goto(`/pack-detail?packId=${pack?.id}`);
      await page.getByTestId('spin-button').waitFor();
      await page.getByTestId('lineup-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot('pack-detail-en');
    });
  });

  it('counts down to an upcoming sale and does not sell before it', async () => {
    const upcoming = packs.find((p) => p.is_before);
    await withPage(viewport, undefined, async ({ page }) => {
      await page.goto(`/pack-detail?packId=${upcoming?.id}`);
      const countdown = page.getByTestId('countdown');
      await countdown.waitFor();
      const first = await countdown.textContent();
      // hh.mm.ss under a day; from a day on the days, then hh:mm:ss (issue 15).
      expect(first).toMatch(/^(\d{2}\.\d{2}\.\d{2}|あと\d+日 \d{2}:\d{2}:\d{2})$/);
      // It ticks every second: wait for the next tick rather than a fixed time.
      await expect.poll(() => countdown.textContent(), { timeout: 5000 }).not.toBe(first);
      expect(await page.getByTestId('spin-button').isDisabled()).toBe(true);
    });
  });

  it('marks a sold-out pack and disables the spin', async () => {
    const soldOut = packs.find((p) => p.pack_count === 0);
    await withPage(viewport, undefined, async ({ page }) => {
      await page.goto(`/pack-detail?packId=${soldOut?.id}`);
      await page.getByTestId('spin-button').waitFor();
      expect(await page.getByTestId('spin-button').isDisabled()).toBe(true);
      await page.getByText('SOLD OUT').first().waitFor();
    });
  });

  it('sends a visitor who spins to the login page, keeping the pack', async () => {
    const pack = onSale();
    await withPage(viewport, undefined, async ({ page }) => {
      await page.goto(`/pack-detail?packId=${pack?.id}`);
      await page.getByTestId('spin-button').click();
      await page.waitForURL(`**/login?packId=${pack?.id}`);
    });
  });

  it('switches to English and keeps it after a reload', async () => {
    await withPage(viewport, undefined, async ({ page }) => {
      await page.goto('/');
      await page.getByTestId('pack-tile').first().waitFor();
      if (viewport === 'mobile' && !(await page.getByTestId('lang-toggle').isVisible())) {
        await page.getByRole('button', { name: /メニュー/ }).click();
      }
      await page.getByTestId('lang-toggle').click();
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      await page.reload();
      await page.getByRole('link', { name: 'Log in' }).first().waitFor();
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    });
  });

  it('sends unknown paths to the top page and members-only pages to login', async () => {
    await withPage(viewport, undefined, async ({ page }) => {
      await page.goto('/no/such/page');
      await page.waitForURL(`${shop.url}/`);
      await page.goto('/my-page');
      await page.waitForURL('**/login');
    });
  });
});

describe('maintenance', () => {
  it('switches on from the operator command line while the shop runs and sends browsers to /mente.html', async () => {
    const on = await shop.cli(['maintenance', 'on', '--json']);
    expect(on.code).toBe(0);
    expect(JSON.parse(on.stdout)).toMatchObject({ ok: true, maintenance: true });
    try {
      for (const viewport of ['mobile', 'desktop'] as const) {
        const p = await openPage(browser, shop.url, viewport);
        try {
          await p.page.goto('/');
          await p.page.waitForURL('**/mente.html');
          await p.page.getByRole('heading', { level: 1 }).waitFor();
          await p.shot('maintenance');
        } finally {
          await p.close();
        }
      }
      const api = await fetch(`${shop.url}/api/user/pack/list`);
      expect(((await api.json()) as { state: number }).state).toBe(9999);
    } finally {
      const off = await shop.cli(['maintenance', 'off']);
      expect(off.code).toBe(0);
    }
    const api = await fetch(`${shop.url}/api/user/pack/list`);
    expect(((await api.json()) as { state: number }).state).toBe(200);
  });

  it('refuses a bad operator command with a clear message and a non-zero exit', async () => {
    const bad = await shop.cli(['maintenance', 'sideways']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('maintenance takes on, off or status');
    const unknown = await shop.cli(['no-such-command', '--json']);
    expect(unknown.code).toBe(2);
    expect(JSON.parse(unknown.stdout)).toMatchObject({ ok: false });
  });
});
