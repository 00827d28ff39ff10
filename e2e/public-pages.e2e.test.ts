import type { Pack } from '@oripa/contract/catalog';
import { shelfPacks } from '@oripa/contract/pack-shelf';
import { beforeAll, describe, expect, it } from 'vitest';
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
    const again = await fetch(`${shop.url}/`, { headers: { 'if-none-match': etag ?? '' } });
    // Same page unless the clock moved the data: a match answers 304, else a new page and tag.
    if (again.headers.get('etag') === etag) expect(again.status).toBe(304);
  });

  it('takes the language from the cookie, then Accept-Language, Japanese by default', async () => {
    expect((await rawPage('/', { 'accept-language': 'en-US,en;q=0.9' })).html).toContain('<html lang="en">');
    expect((await rawPage('/', { 'accept-language': 'en-US', cookie: 'lang=ja' })).html).toContain('<html lang="ja">');
    expect((await rawPage('/', { 'accept-language': 'fr-FR' })).html).toContain('<html lang="ja">');
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

  it('leaves an unknown pack to the browser app with status 404', async () => {
    const { response, html } = await rawPage('/pack-detail?packId=999999');
    expect(response.status).toBe(404);
    expect(html).toContain('<div id="root"></div>');
  });
});

describe.each(['mobile', 'desktop'] as const)('a sorted and filtered top page loaded by its address at %s width', (viewport) => {
  it.each(['ja', 'en'] as const)('renders the shelf the address asks for on the first byte and hydrates it (%s)', async (lang) => {
    const expected = shelfPacks(packs, 'price_low', 'points').map((p) => p.name);
    expect(expected.length).toBeGreaterThan(1);
    const { html } = await rawPage('/?sort=price_low&filter=points', { cookie: `lang=${lang}` });
    const served = [...html.matchAll(/class="pack-tile__name">([^<]*)</g)].map((m) => m[1]);
    expect(served).toEqual(expected.map((name) => name.replace(/&/g, '&amp;')));
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
