import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterEach } from 'vitest';
import { seriousViolations } from './axe.ts';

/**
 * React's hydration errors and warnings: the app logs a recoverable error as "React hydration
 * error" (main.tsx), React's own production messages name them by code (#418 text or markup
 * differs, #419/#421/#422/#423 a boundary switched to client rendering, #425 text mismatch).
 */
const HYDRATION_PROBLEM = /hydrat|Minified React error #(418|419|421|422|423|425)\b/i;

/**
 * The hydration-warning trap (decision 032): every page a browser test opens is watched, and
 * the test fails on the first hydration error or warning of any page it visited, whatever the
 * test itself checks.
 */
const hydrationProblems: string[] = [];
afterEach(() => {
  const seen = hydrationProblems.splice(0);
  if (seen.length > 0) throw new Error(`React hydration problems:\n${seen.join('\n')}`);
});

export const VIEWPORTS = {
  mobile: { width: 390, height: 844 },
  desktop: { width: 1280, height: 900 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

const screenshotDir = path.resolve(import.meta.dirname, '../../test-results/screenshots');

/**
 * The headless shell first (package chromium-headless-shell: the same Chromium without the full
 * browser's interface, less CPU per page, decision 066), then the full browser.
 */
export function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p) => p && fs.existsSync(p),
  );
  if (!found) throw new Error('Chromium not found: apt-get install -y chromium (or set CHROMIUM_PATH)');
  return found;
}

/** Async, so a missing Chromium rejects instead of throwing before the caller's other work is in hand. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** console.error messages and uncaught page errors seen so far. */
  problems: string[];
  shot(name: string): Promise<string>;
  /**
   * What a failure report needs to tell why a step waited in vain: the address, the API calls
   * still unanswered and the last ones answered, and the messages on screen.
   */
  describe(): Promise<string>;
  close(): Promise<void>;
}

/** The last API exchanges of a page and those still waiting, for failure reports. */
function watchApiCalls(page: Page) {
  const waiting = new Map<object, string>();
  const answered: string[] = [];
  const label = (request: { method(): string; url(): string }) => `${request.method()} ${new URL(request.url()).pathname}`;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) waiting.set(request, `${label(request)} (sent ${new Date().toISOString()})`);
  });
  page.on('requestfinished', (request) => {
    if (!waiting.delete(request)) return;
    // The page may close before the answer is read (the test ended): nothing to note then.
    request.response().then(
      (response) => {
        answered.push(`${label(request)} → ${response?.status() ?? '?'} ${new Date().toISOString()}`);
        if (answered.length > 15) answered.shift();
      },
      () => undefined,
    );
  });
  page.on('requestfailed', (request) => {
    if (waiting.delete(request)) answered.push(`${label(request)} FAILED ${request.failure()?.errorText ?? ''}`);
  });
  return () => ({ waiting: [...waiting.values()], answered: [...answered] });
}

/** A fresh browser context (own cookies) at a viewport, watching for console errors. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  viewport: ViewportName,
  options: { lang?: 'ja' | 'en'; locale?: string; reducedMotion?: boolean } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    viewport: VIEWPORTS[viewport],
    deviceScaleFactor: 1,
    hasTouch: viewport === 'mobile',
    isMobile: viewport === 'mobile',
    locale: options.locale ?? 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    reducedMotion: options.reducedMotion ? 'reduce' : 'no-preference',
  });
  if (options.lang) {
    // The language's one source, as the language switch sets it (decision 032).
    await context.addCookies([{ name: 'lang', value: options.lang, url: baseURL }]);
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (HYDRATION_PROBLEM.test(msg.text()) && (msg.type() === 'error' || msg.type() === 'warning')) {
      hydrationProblems.push(`${page.url()}: console.${msg.type()}: ${msg.text()}`);
    }
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (error) => {
    if (HYDRATION_PROBLEM.test(error.message)) hydrationProblems.push(`${page.url()}: page error: ${error.message}`);
    problems.push(`page error: ${error.message}`);
  });
  const apiCalls = watchApiCalls(page);
  return {
    context,
    page,
    problems,
    async shot(name) {
      fs.mkdirSync(screenshotDir, { recursive: true });
      // Scroll through once so lazily loaded images below the fold are in the full-page shot.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 500) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 40));
        }
        window.scrollTo(0, 0);
      });
      await page.waitForLoadState('networkidle');
      const file = path.join(screenshotDir, `${name}-${viewport}.png`);
      // Sections painted only when scrolled near (content-visibility: auto, the pack page's
      // lineup) would be blank in a full-page shot, though a member scrolling sees them. The rule
      // goes in as a constructed style sheet: Playwright's `style` option adds an inline <style>,
      // which the shop's CSP (style-src 'self', decision 032) refuses with a console error.
      await page.evaluate(() => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync('* { content-visibility: visible !important; }');
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      });
      try {
        await page.screenshot({ path: file, fullPage: true });
      } finally {
        await page.evaluate(() => {
          document.adoptedStyleSheets = document.adoptedStyleSheets.slice(0, -1);
        });
      }
      // Every screen a browser test looks at is also checked by axe-core (issue 15 item 10): a
      // serious or critical violation fails the test, named by the screenshot.
      const violations = await seriousViolations(page);
      if (violations.length > 0) throw new Error(`axe: serious or critical violations on ${name}-${viewport}:\n${violations.join('\n')}`);
      return file;
    },
    async describe() {
      const { waiting, answered } = apiCalls();
      const onScreen = await page
        .evaluate(() => {
          const texts = Array.from(document.querySelectorAll('[role="alert"], [role="alertdialog"], [aria-invalid="true"], .form-alert, .field-error'))
            .map((e) => (e instanceof HTMLInputElement ? `invalid field ${e.name}="${e.value}"` : (e.textContent ?? '').trim()))
            .filter((t) => t !== '');
          return { texts, loading: document.querySelector('[data-testid="loading-overlay"]') !== null };
        })
        .catch((error: unknown) => ({ texts: [`(page not readable: ${String(error)})`], loading: false }));
      return [
        `page: ${page.url()}${onScreen.loading ? ' (loading overlay shown)' : ''}`,
        `API calls unanswered: ${waiting.join('; ') || 'none'}`,
        `last API answers: ${answered.join('; ') || 'none'}`,
        `messages on screen: ${onScreen.texts.join(' | ') || 'none'}`,
        ...problems,
      ].join('\n');
    },
    close: () => context.close(),
  };
}

/**
 * Notes where the focus is at the moment an element matching `drawn` first appears: a mutation
 * observer runs right after the render that added it, before any paint. Focus that a screen moves
 * later, a frame after drawing, lands while a fast member is already typing or pressing keys
 * elsewhere (decision 024, addendum). Answers a function that reads the note once the element
 * shows: the focused element's name, else its test id, else its tag.
 */
export async function noteFocusWhenDrawn(page: Page, drawn: string): Promise<() => Promise<string>> {
  await page.evaluate((selector) => {
    const w = window as unknown as { focusWhenDrawn?: string };
    delete w.focusWhenDrawn;
    const observer = new MutationObserver(() => {
      if (!document.querySelector(selector)) return;
      const focused = document.activeElement;
      w.focusWhenDrawn = focused?.getAttribute('name') ?? focused?.getAttribute('data-testid') ?? focused?.tagName ?? 'none';
      observer.disconnect();
    });
    observer.observe(document.body, { subtree: true, childList: true });
  }, drawn);
  return () => page.evaluate(() => (window as unknown as { focusWhenDrawn?: string }).focusWhenDrawn ?? 'not drawn');
}

/**
 * Waits until React has hydrated the page. The server's HTML draws every control disabled
 * (decision 035) and the app may wait up to 3 s for the largest picture before it hydrates, so
 * `networkidle` can fire before the app has made a single call; the language switch, on every
 * page and enabled by hydration, is the signal.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="lang-toggle"]:not([disabled])', { state: 'attached', timeout: 30_000 });
}
