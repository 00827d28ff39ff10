import type { Pack } from '@oripa/contract/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { turnGridFaceUp } from './support/reveal.ts';
import { listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

// Issue 28, point 7: 試しに引く — a visitor plays the reveal with ten cards of a lot, marked as a
// demo on every step; the lot and the shop are untouched.

let pack: Pack;

useShopAndBrowser();

beforeAll(async () => {
  const found = (await listPacks(shop)).find((p) => !p.is_before && p.pack_count >= 10);
  if (!found) throw new Error('the demo catalogue lacks a pack on sale with 10 packs left');
  pack = found;
});

const TEXTS = {
  ja: { title: '試しに引く（デモ）', banner: '実際の購入ではなく', result: '試し引きの結果（デモ）' },
  en: { title: 'Try a draw (demo)', banner: 'not a purchase', result: 'Demo draw result' },
} as const;

describe.each([
  ['mobile', 'ja'],
  ['desktop', 'en'],
] as const)('the demo draw at %s width in %s', (viewport, lang) => {
  it('plays ten cards from the pack page as a demo, shows them, and writes nothing', async () => {
    const text = TEXTS[lang];
    await withShopPage(viewport, { lang }, async ({ page, shot }) => {
      const writes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/') && request.method() !== 'GET') writes.push(`${request.method()} ${request.url()}`);
      });
      await page.goto(`/pack-detail?packId=${pack.id}`);
      await page.getByTestId('demo-draw-link').click();
      await page.getByRole('heading', { name: text.title }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(`demo-start-${lang}`);

      await page.getByTestId('demo-start-10').click();
      expect(await page.getByTestId('demo-banner').textContent()).toContain(text.banner);
      await turnGridFaceUp(page);
      expect(await page.getByTestId('demo-banner').isVisible()).toBe(true);
      await shot(`demo-grid-${lang}`);
      await page.getByTestId('reveal-tap').focus();
      await page.keyboard.press('Enter');

      await page.getByRole('heading', { name: text.result }).waitFor();
      expect(await page.getByTestId('demo-cards').getByTestId('card-line').count()).toBe(10);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(`demo-result-${lang}`);
      expect(writes).toEqual([]);
    });
    // The lot still holds what it held: nothing was drawn.
    const after = (await listPacks(shop)).find((p) => p.id === pack.id);
    expect(after?.pack_count).toBe(pack.pack_count);
  });
});
