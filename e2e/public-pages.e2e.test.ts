import { createHash } from 'node:crypto';
import * as api from '@oripa/contract/api-paths';
import type { Pack } from '@oripa/contract/catalog';
import { shelfPacks } from '@oripa/contract/pack-shelf';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchClient } from './support/api-client.ts';
import { registerMember, type E2eMember } from './support/members.ts';
import { listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

// Public pages rendered by React on the server (decision 032): the same HTML for every visitor of
// a language, cacheable, with their own head, and hydrated without a warning.

let packs: Pack[];
let member: E2eMember;

// A generous start: on a loaded 2-core machine the shop has taken minutes to open.
useShopAndBrowser(480_000);

beforeAll(async () => {
  packs = await listPacks(shop);
  member = await registerMember(shop);
});

const onSale = () => packs.find((p) => !p.is_before && p.pack_count > 0 && p.image.length > 0);

/** The cheapest point pack on sale that any member may buy one of. */
function pointPackOnSale(list: Pack[]): Pack {
  const pack = list
    .filter((p) => p.payment_method === '1' && !p.is_before && p.pack_count >= 2 && p.can_limit === 0)
    .sort((a, b) => a.point - b.point)[0];
  if (!pack) throw new Error('the demo catalogue has no point pack on sale');
  return pack;
}

/** A new member buys one pack through the shop's API, as the purchase panel does. */
async function buyOne(pack: Pack): Promise<{ buyer: E2eMember; session: { cookie: string }; packHistoryId: number }> {
  const buyer = await registerMember(shop, { points: pack.point * 2 });
  const session = { cookie: `${buyer.cookie.name}=${buyer.cookie.value}` };
  const client = fetchClient(shop.url, { [buyer.cookie.name]: buyer.cookie.value });
  await client.call(api.userPoint);
  expect((await client.call(api.packCheck, { payload: { pack_id: pack.id, count: 1 } })).state).toBe(200);
  expect((await client.call(api.packBuy, { payload: { pack_id: pack.id, count: 1 } })).state).toBe(200);
  const result = await client.call(api.packBuyResult);
  return { buyer, session, packHistoryId: result.pack_history_id ?? 0 };
}

/** The raw HTML of a page as a client without JavaScript gets it. */
async function rawPage(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${shop.url}${path}`, { headers: { 'accept-encoding': 'identity', ...headers } });
  return { response, html: await response.text() };
}

/** The HTML without what legitimately differs per render: the clock and the query cache's timestamps. */
const withoutClock = (html: string) =>
  html.replace(/"(now|dataUpdatedAt|dehydratedAt|errorUpdatedAt)":\d+/g, '"$1":0');

describe('server-rendered public pages', () => {
  it('gives two visitors and a member of one language byte-identical HTML', async () => {
    for (const path of ['/', `/pack-detail?packId=${onSale()?.id}`]) {
      for (const lang of ['ja', 'en']) {
        const first = await rawPage(path, { cookie: `lang=${lang}` });
        const second = await rawPage(path, { cookie: `lang=${lang}; oripa_sid=someone-else` });
        const signedIn = await rawPage(path, { cookie: `lang=${lang}; ${member.cookie.name}=${member.cookie.value}` });
        expect(first.response.status).toBe(200);
        expect(first.html).toContain(`<html lang="${lang}">`);
        // The clock is the moment of rendering; everything else is the same bytes.
        expect(withoutClock(second.html)).toBe(withoutClock(first.html));
        expect(withoutClock(signedIn.html)).toBe(withoutClock(first.html));
        // No session cookie is handed out with the shared page.
        expect(signedIn.response.headers.get('set-cookie')).toBeNull();
      }
    }
  });

  it('answers with shared-cache headers, an ETag (304 when it matches) and Vary by the language source', async () => {
    const { response } = await rawPage('/');
    expect(response.headers.get('cache-control')).toMatch(/public.*s-maxage=\d+.*stale-while-revalidate=\d+/);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    // The tag names the content, not the moment of rendering: the same page again answers 304.
    const again = await fetch(`${shop.url}/`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const stale = await fetch(`${shop.url}/`, { headers: { 'if-none-match': '"an-older-page"' } });
    expect(stale.status).toBe(200);
    // Another language is another page, with its own tag.
    const english = await rawPage('/', { cookie: 'lang=en' });
    expect(english.response.headers.get('etag')).toBeTruthy();
    expect(english.response.headers.get('etag')).not.toBe(etag);
  });

  it('takes the language from the cookie, then Accept-Language, Japanese by default', async () => {
    expect((await rawPage('/', { 'accept-language': 'en-US,en;q=0.9' })).html).toContain('<html lang="en">');
    expect((await rawPage('/', { 'accept-language': 'en-US', cookie: 'lang=ja' })).html).toContain('<html lang="ja">');
    expect((await rawPage('/', { 'accept-language': 'fr-FR' })).html).toContain('<html lang="ja">');
  });

  it("keeps an English browser's first visit in English once the page has hydrated and refetched its shelf", async () => {
    await withShopPage('mobile', { browserLocale: 'en-US' }, async ({ page }) => {
      // The shelf the app asks for after hydration (live counts, the real clock): its answer
      // is in the language the server drew the page in, so no name switches language.
      const refetched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/pack/list');
      await page.goto('/');
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
      const names = page.locator('.pack-tile__name');
      const drawn = await names.allTextContents();
      expect(drawn.length).toBeGreaterThan(0);
      expect((await (await refetched).json()).list.map((p: Pack) => p.name)).toEqual(expect.arrayContaining([drawn[0]]));
      // Hydrated (the language switch works), and the refetched shelf drawn.
      await page.locator('.lang-toggle:not([disabled])').waitFor();
      await page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 100)));
      expect(await names.allTextContents()).toEqual(drawn);
      for (const name of drawn) expect(name).not.toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    });
  });

  it('runs no inline script and allows none: data as JSON, code as external modules', async () => {
    const { response, html } = await rawPage(`/pack-detail?packId=${onSale()?.id}`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const attributes of scripts) expect(attributes).toMatch(/\bsrc="|type="application\/json"/);
    expect(html).not.toMatch(/\sstyle="/);
  });

  it("inlines the page's CSS in one <style> the CSP allows by its hash, and preloads no script before the first paint", async () => {
    for (const path of ['/', `/pack-detail?packId=${onSale()?.id}`, '/terms-of-service']) {
      const { response, html } = await rawPage(path);
      const csp = response.headers.get('content-security-policy') ?? '';
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '');
      expect(styles, path).toHaveLength(1);
      const hash = createHash('sha256').update(styles[0] ?? '', 'utf8').digest('base64');
      expect(csp, path).toMatch(new RegExp(`style-src 'self' 'sha256-${hash.replace(/[+/]/g, '\\$&')}'(;|$)`));
      expect(csp).not.toContain('unsafe-inline');
      // Nothing render-blocking but the HTML: every stylesheet link is a disabled marker.
      for (const [link] of html.matchAll(/<link rel="stylesheet"[^>]*>/g)) expect(link, path).toMatch(/\sdisabled>$/);
      // The app's chunks are fetched after the first paint (src/boot.ts): what the page preloads
      // is the entry's loading helper and at most the tiny modules it shares with the app (the
      // bundler may split the page-data constants out), never an app chunk.
      const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(preloaded, path).toContainEqual(expect.stringMatching(/^\/assets\/preload-helper-[\w-]+\.js$/));
      for (const href of preloaded) {
        const bytes = (await (await fetch(`${shop.url}${href}`)).arrayBuffer()).byteLength;
        expect(bytes, `${path}: ${href}`).toBeLessThan(2_048);
      }
      // The largest picture is fetched with the page, first.
      if (path !== '/terms-of-service') expect(html.slice(0, html.indexOf('</head>')), path).toMatch(/<link rel="preload" as="image" href="[^"]+" fetchPriority="high"\/>/);
    }
    // The browser applies the inlined CSS (a refused <style> is a console error the suite fails on)
    // and fetches none of the inlined files again when the page hydrates.
    await withShopPage('mobile', { lang: 'ja' }, async ({ page }) => {
      const cssRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.css')) cssRequests.push(request.url());
      });
      await page.goto(`/pack-detail?packId=${onSale()?.id}`);
      await expect.poll(() => page.getByTestId('spin-button').isEnabled(), { timeout: 60_000 }).toBe(true);
      expect(await page.evaluate(() => getComputedStyle(document.body).margin)).toBe('0px');
      expect(cssRequests).toEqual([]);
    });
  });

  it('names a pack page in its own head: title, description, canonical, Open Graph and X card with the pack image', async () => {
    const pack = onSale();
    const { html } = await rawPage(`/pack-detail?packId=${pack?.id}&utm_source=x`, { cookie: 'lang=ja' });
    const head = html.slice(0, html.indexOf('</head>'));
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(head).toContain(`<title>${escaped(pack?.name ?? '?')} | ORIPA</title>`);
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    expect(head).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/pack-detail\\?packId=${pack?.id}"`));
    expect(head).toContain(`<meta property="og:title" content="${escaped(pack?.name ?? '?')} | ORIPA"`);
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+${escaped(pack?.image[0] ?? '?')}"`));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(head).toMatch(/<meta name="twitter:image" content="https?:\/\/[^"]+"/);
    // One title: the template's fixed one went.
    expect(head.match(/<title>/g)).toHaveLength(1);
  });

  it('shows the live remaining count over a shared copy of the page that is older than a purchase', async () => {
    const pack = pointPackOnSale(await listPacks(shop));
    const path = `/pack-detail?packId=${pack.id}`;
    // The copy a shared cache holds: rendered before the purchase below.
    const copy = await rawPage(path, { cookie: 'lang=ja' });
    const count = (n: number) => n.toLocaleString('en-US');
    expect(copy.html).toMatch(new RegExp(`data-testid="pack-remaining">[^<]*${count(pack.pack_count)}`));
    await buyOne(pack);

    await withShopPage('mobile', { lang: 'ja' }, async ({ page }) => {
      // The browser gets the older copy, headers and all, as from a cache in front of the shop.
      const headers: Record<string, string> = {};
      copy.response.headers.forEach((value, name) => (headers[name] = value));
      await page.route(`${shop.url}${path}`, (route) => route.fulfill({ status: 200, headers, body: copy.html }));
      await page.goto(path);
      const remaining = page.getByTestId('pack-remaining');
      await expect.poll(() => remaining.textContent()).toContain(count(pack.pack_count - 1));
    });
  });

  it("names a win's share page in its own head: the won card's name and picture, the page's canonical address", async () => {
    const { buyer, session, packHistoryId } = await buyOne(pointPackOnSale(await listPacks(shop)));
    const result = await fetch(`${shop.url}/api/user/pack/gache_result?pack_history_id=${packHistoryId}`, { headers: session });
    const code = ((await result.json()) as { twitter_code: string }).twitter_code;
    expect(code).toMatch(/^[0-9a-f]{32}$/);
    const shared = (await (await fetch(`${shop.url}/api/user/share/${code}`)).json()) as { card: { name: string; image_url: string } };
    const { html } = await rawPage(`/share?code=${code}&ref=x`, { cookie: 'lang=ja' });
    const head = html.slice(0, html.indexOf('</head>'));
    const escaped = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const title = escaped(shared.card.name);
    expect(head).toMatch(new RegExp(`<title>${title} — [^<]+ \\| ORIPA</title>`));
    expect(head).toMatch(new RegExp(`<meta property="og:title" content="${title} — [^"]+"`));
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    expect(head).toMatch(new RegExp(`<link rel="canonical" href="[^"]*/share\\?code=${code}"`));
    expect(head).toMatch(new RegExp(`<meta property="og:image" content="https?://[^"]+${escaped(shared.card.image_url)}"`));
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"');
    expect(head).toMatch(/<meta name="twitter:image" content="https?:\/\/[^"]+"/);
    expect(head.match(/<title>/g)).toHaveLength(1);
    // Who won it is no part of the shared page.
    expect(html).not.toContain(buyer.mail);
    expect(html).not.toContain(buyer.mail.split('@')[0]);
  });

  it('leaves an unknown pack to the browser app with status 404', async () => {
    const { response, html } = await rawPage('/pack-detail?packId=999999');
    expect(response.status).toBe(404);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe.each(['mobile', 'desktop'] as const)('a sorted and filtered top page loaded by its address at %s width', (viewport) => {
  it.each(['ja', 'en'] as const)('renders the shelf the address asks for on the first byte and hydrates it (%s)', async (lang) => {
    // The demo's packs have English names: the shelf shows those in English mode.
    const expected = shelfPacks(await listPacks(shop, lang), 'price_low', 'points').map((p) => p.name);
    expect(expected.length).toBeGreaterThan(1);
    const { html } = await rawPage('/?sort=price_low&filter=points', { cookie: `lang=${lang}` });
    const served = [...html.matchAll(/class="pack-tile__name[^"]*"[^>]*>([^<]*)</g)].map((m) => m[1]);
    // As React escapes text in the server's HTML (an English name may hold an apostrophe).
    const asHtmlText = (text: string) =>
      text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
    expect(served).toEqual(expected.map(asHtmlText));
    await withShopPage(viewport, { lang }, async ({ page, shot }) => {
      await page.goto('/?sort=price_low&filter=points');
      await page.waitForLoadState('networkidle');
      await expect(page.getByTestId('shelf-bar').locator('select').inputValue()).resolves.toBe('price_low');
      const names = await page.locator('.pack-tile__name').allTextContents();
      expect(names).toEqual(expected);
      await shot(`public-shelf-price-low-points-${lang}`);
    });
  });
});
