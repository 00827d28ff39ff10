import * as api from '@oripa/contract/api-paths';
import type { Pack } from '@oripa/contract/catalog';
import type { PointCourse } from '@oripa/contract/payments';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { fetchClient } from './api-client.ts';
import { launchBrowser, openPage, type TestPage, type ViewportName } from './browser.ts';
import { signInBrowser, type E2eMember } from './members.ts';
import { startShop, type ShopServer } from './shop-server.ts';

/**
 * The test file's shop and browser. useShopAndBrowser() registers the hooks that set and end
 * them; importers read them through the module's live bindings, so a test or a later hook sees
 * the values once the first beforeAll has run. Each test file gets its own module instance.
 */
export let shop: ShopServer;
export let browser: Browser;

/**
 * Starts a shop (from the run's set-up data folder, shop-template.ts) and a browser before the
 * file's tests, side by side, and ends both after them. `env` adds the file's own settings,
 * given the shop's address.
 */
export function useShopAndBrowser(timeout?: number, env?: (url: string) => NodeJS.ProcessEnv): void {
  beforeAll(async () => {
    const [started, launched] = await Promise.allSettled([startShop({ template: inject('shopTemplate'), env }), launchBrowser()]);
    // When one of the two failed, the other is ended here rather than left to afterAll: shop
    // servers of files whose browser could not start (no Chromium) outlived a run.
    if (started.status === 'rejected' || launched.status === 'rejected') {
      if (launched.status === 'fulfilled') await launched.value.close();
      if (started.status === 'fulfilled') await started.value.stop();
      throw started.status === 'rejected' ? started.reason : (launched as PromiseRejectedResult).reason;
    }
    shop = started.value;
    browser = launched.value;
  }, timeout);
  afterAll(async () => {
    await browser?.close();
    await shop?.stop();
  });
}

/** The shop's pack list as a visitor sees it (/api/user/pack/list), in Japanese unless `lang` says English. */
export async function listPacks(server: ShopServer, lang: 'ja' | 'en' = 'ja'): Promise<Pack[]> {
  return (await fetchClient(server.url, { lang }).call(api.packList)).list ?? [];
}

/** The first page of point courses (/api/user/point_price/1). */
export async function listCourses(server: ShopServer): Promise<PointCourse[]> {
  return (await fetchClient(server.url).call(api.pointPrice, { params: { page: 1 } })).list ?? [];
}

/**
 * Adds to a failed test's error what the page and the shop showed at that moment (the page's
 * unanswered and last API calls, the messages on screen, the server's warnings), so a failure
 * seen once in CI can be understood from its log.
 */
export async function withFailureReport(error: unknown, page: TestPage): Promise<unknown> {
  if (!(error instanceof Error)) return error;
  const serverLog = shop?.log().trim().split('\n').slice(-20).join('\n') || 'none';
  error.message += `\n--- at the failure ---\n${await page.describe()}\nshop log (last lines): ${serverLog}`;
  return error;
}

export interface ShopPageOptions {
  lang?: 'ja' | 'en' | undefined;
  /** The browser's own language (its Accept-Language and navigator.languages); ja-JP unless set. */
  browserLocale?: string;
  /** Signed in as this member before `run`. */
  member?: E2eMember | null;
  /** How long each step may wait (Playwright's default timeout of the page). */
  stepTimeout?: number;
}

/**
 * Runs `run` on a fresh page of the file's shop (own cookies) at `viewport`; the test fails on
 * any console error or page error. A failure keeps a screenshot of the page as it was and adds
 * what the page and the shop showed at that moment to the error (withFailureReport).
 */
export async function withShopPage(viewport: ViewportName, options: ShopPageOptions, run: (p: TestPage) => Promise<void>): Promise<void> {
  const p = await openPage(browser, shop.url, viewport, {
    ...(options.lang ? { lang: options.lang } : {}),
    ...(options.browserLocale ? { locale: options.browserLocale } : {}),
  });
  if (options.stepTimeout) p.page.setDefaultTimeout(options.stepTimeout);
  try {
    if (options.member) await signInBrowser(p.context, shop, options.member);
    await run(p);
    expect(p.problems).toEqual([]);
  } catch (error) {
    await p.page
      .screenshot({ path: `${process.cwd()}/test-results/screenshots/failed-${viewport}-${Date.now()}.png`, fullPage: true })
      .catch(() => undefined);
    throw await withFailureReport(error, p);
  } finally {
    await p.close();
  }
}
