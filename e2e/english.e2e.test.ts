import { PAYMENT_METHOD, RARITY_MAX, RARITY_MIN } from '@oripa/contract/constants';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { openPage, type ViewportName } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { browser, shop, useShopAndBrowser } from './support/suite.ts';
import { goToCardChoice, turnGridFaceUp } from './support/reveal.ts';

/**
 * English mode (issue 15 item 6): the main screens a shopper walks show no Japanese in the
 * interface's fixed texts. Operator content the operator wrote only in Japanese (pack and card
 * names, banners, course memos, the company's registered details) may stay Japanese, so the
 * texts the API answers in English mode are taken out before the check.
 */

let operatorTexts: string[];
let packId: number;
let courseId: string;

// Hiragana, katakana, CJK ideographs, full-width forms and Japanese punctuation.
const JAPANESE = /[\u3000-\u303f\u3040-\u309f\u30a0-\u30ff\u4e00-\u9fff\uff00-\uffef]/;

async function api<T>(path: string): Promise<T> {
  return (await (await fetch(`${shop.url}/api${path}`, { headers: { cookie: 'lang=en' } })).json()) as T;
}

/** Every string value in an API answer: what the operator wrote, as English mode serves it. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

useShopAndBrowser(120_000);

beforeAll(async () => {
  const packs = (await api<{ list: { id: number; is_before: boolean; pack_count: number; payment_method: string }[] }>('/user/pack/list')).list;
  const onSale = packs.find((p) => !p.is_before && p.pack_count > 0 && p.payment_method === '1');
  if (!onSale) throw new Error('the demo data has no point pack on sale');
  packId = onSale.id;
  const courses = await api<{ list: { id: string }[] }>('/user/point_price/1');
  courseId = courses.list[0]!.id;
  const detail = await api<{ pack: { detail: string } }>(`/user/pack/detail/${packId}`);
  operatorTexts = [
    ...strings(await api('/user/pack/list')),
    ...strings(await api(`/user/pack/card_list/${packId}/1`)),
    ...strings(await api('/user/card_type')),
    ...strings(await api('/user/banner')),
    ...strings(courses),
    ...strings(await api('/user/site_info')),
    // The description is HTML: its text, line by line.
    ...detail.pack.detail.replace(/<[^>]+>/g, '\n').split('\n').map((s) => s.trim()).filter(Boolean),
  ].sort((a, b) => b.length - a.length);
}, 120_000);

// Content that is not the interface's: exchange cards and coin packs the demo operator named in
// Japanese only (exchange cards take English names since migration 0021, the demo's have none)
// and the member's own registered name.
// Catalogue texts (names of cards and packs), which have no English in the demo catalogue yet.
const NOT_INTERFACE = '.exchange-card__name, .exchange-card__series, .coin-pack__name, .recent-wins__name, .recent-wins__pack';
const MEMBER_NAME = '山田 太郎';
/** The member's name as the public draw log and wins show it (family name's first letter, masked). */
const MASKED_MEMBER = '山＊＊';

/** Lines of the page's visible text that still hold Japanese once operator content is removed. */
async function japaneseLines(page: Page): Promise<string[]> {
  const content = (await page.locator(NOT_INTERFACE).allInnerTexts()).map((s) => s.trim()).filter(Boolean);
  const known = [...content, MEMBER_NAME, MASKED_MEMBER, ...operatorTexts].sort((a, b) => b.length - a.length);
  const text = await page.evaluate(() => document.body.innerText);
  return text
    .split('\n')
    .map((line) => {
      let rest = line;
      for (const item of known) if (item && rest.includes(item)) rest = rest.split(item).join(' ');
      // The language switch names Japanese in Japanese, as visitors who cannot read English expect.
      return rest.replace('日本語', '').trim();
    })
    .filter((line) => JAPANESE.test(line));
}

const screens: { name: string; path: () => string; member: boolean; ready: string }[] = [
  { name: 'top', path: () => '/', member: false, ready: '.pack-tile' },
  { name: 'pack', path: () => `/pack-detail?packId=${packId}`, member: false, ready: '[data-testid="spin-button"]' },
  { name: 'login', path: () => '/login', member: false, ready: 'form' },
  { name: 'register', path: () => '/user-register', member: false, ready: 'form' },
  { name: 'buy-point', path: () => '/buy-point', member: true, ready: '[data-testid="course"]' },
  { name: 'confirm-buy-point', path: () => `/confirm-buy-point?pointPriceId=${courseId}`, member: true, ready: '[data-testid="point-final-terms"]' },
  { name: 'my-page', path: () => '/my-page', member: true, ready: 'main h1' },
  { name: 'point-history', path: () => '/buy-point-history', member: true, ready: 'main h1' },
  { name: 'product-history', path: () => '/buy-product-history', member: true, ready: 'main h1' },
  { name: 'exchange', path: () => '/exchange-card', member: true, ready: 'main h1' },
  { name: 'user-menu', path: () => '/user-menu', member: true, ready: 'main h1' },
  { name: 'coin-history', path: () => '/coin-history', member: true, ready: 'main h1' },
  { name: 'change-member', path: () => '/change-member', member: true, ready: 'form' },
  { name: 'change-password', path: () => '/change-password', member: true, ready: 'form' },
  { name: 'transfer-point', path: () => '/transfer-point', member: true, ready: 'main h1' },
  { name: 'pack-list', path: () => '/pack-list', member: false, ready: 'main h1' },
];

describe.each(['mobile', 'desktop'] as const)('English mode at %s width', (viewport: ViewportName) => {
  it('shows the main screens with no Japanese in fixed texts, no console error and no serious axe violation', async () => {
    const member = await registerMember(shop, { points: 5000 });
    const p = await openPage(browser, shop.url, viewport, { lang: 'en' });
    try {
      await signInBrowser(p.context, shop, member);
      const found: string[] = [];
      for (const screen of screens) {
        await p.page.goto(screen.path());
        await p.page.locator(screen.ready).first().waitFor({ timeout: 20_000 });
        await p.page.waitForLoadState('networkidle');
        expect(await p.page.locator('html').getAttribute('lang')).toBe('en');
        for (const line of await japaneseLines(p.page)) found.push(`${screen.name}: ${line}`);
        expect(await seriousViolations(p.page), screen.name).toEqual([]);
        if (['top', 'pack', 'confirm-buy-point', 'my-page', 'change-member', 'transfer-point'].includes(screen.name)) await p.shot(`english-${screen.name}`);
      }
      expect(found).toEqual([]);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  }, 240_000);

  it('writes JST after every date and time it shows', async () => {
    const p = await openPage(browser, shop.url, viewport, { lang: 'en' });
    try {
      await p.page.goto(`/pack-detail?packId=${packId}`);
      await p.page.getByTestId('spin-button').waitFor();
      const text = await p.page.evaluate(() => document.body.innerText);
      // yyyy/mm/dd hh:mm (or yyyy-mm-dd) shown without JST after it.
      const bare = text.match(/\d{4}[/-]\d{2}[/-]\d{2}(?: \d{2}:\d{2})?(?! ?JST)(?!\d| \d)/g) ?? [];
      expect(bare).toEqual([]);
    } finally {
      await p.close();
    }
  }, 120_000);
});

// ---------------------------------------------------------------------------------------------
// The operator's English names on the member's own screens (issue 15 item 6): a lot and an
// exchange card named in English show their English names in the reveal, the card choice, the
// lineup, the histories and the exchange, and the purchase detail's date says JST.

const LOT = { name: '竜の巣オリパ', name_en: 'Dragon Lot', top: 'Frost Dragon', common: 'Spark Sprite' };
const CARD = { name: '氷の竜', name_en: 'Ice Dragon', card_name: 'ドラゴンTCG', card_name_en: 'Dragon TCG' };
const LOT_CARDS = new RegExp(`${LOT.top}|${LOT.common}`);
let lotId: number;

/** Runs an operator command with a JSON file; answers the id it printed. */
async function opsCreate(command: string, spec: object): Promise<number> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-english-')), 'spec.json');
  fs.writeFileSync(file, JSON.stringify(spec));
  const out = await shop.ops([command, file, '--json']);
  if (out.code !== 0) throw new Error(`${command} failed: ${out.stderr}`);
  return (JSON.parse(out.stdout) as { id: number }).id;
}

beforeAll(async () => {
  // One of the shop's card types, whose name the main-screen test already counts as operator content.
  const types = await api<{ list: { id: number }[] }>('/user/card_type');
  lotId = await opsCreate('pack:create', {
    name: LOT.name,
    name_en: LOT.name_en,
    card_type: types.list[0]!.id,
    point: 100,
    payment_method: PAYMENT_METHOD.points,
    lineup: [
      { name: '氷結のドラゴン', name_en: LOT.top, rarity: RARITY_MAX, count: 2, buy_point: 500 },
      { name: '火花の妖精', name_en: LOT.common, rarity: RARITY_MIN, count: 38, buy_point: 10 },
    ],
  });
  await opsCreate('exchange:create', { ...CARD, sub_coin: '10', stock: 10, rarity: RARITY_MAX, model_number: 'ENG-001' });
}, 120_000);

/** Dates shown as yyyy/mm/dd hh:mm (or yyyy-mm-dd) with no JST after them. */
const bareDates = async (page: Page) =>
  (await page.evaluate(() => document.body.innerText)).match(/\d{4}[/-]\d{2}[/-]\d{2}(?: \d{2}:\d{2})?(?! ?JST)(?!\d| \d)/g) ?? [];

describe.each(['mobile', 'desktop'] as const)('English names at %s width', (viewport: ViewportName) => {
  it('names the lot, its cards and the exchange card in English on every screen, dates in JST', async () => {
    const member = await registerMember(shop, { points: 5000, coins: '100' });
    const p = await openPage(browser, shop.url, viewport, { lang: 'en' });
    const { page, shot } = p;
    const found: string[] = [];
    /** The screen's Japanese lines (none expected: the lot and card have English names) and bare dates. */
    const sweep = async (name: string) => {
      await page.waitForLoadState('networkidle');
      for (const line of await japaneseLines(page)) found.push(`${name}: ${line}`);
      for (const date of await bareDates(page)) found.push(`${name}: date without JST ${date}`);
    };
    try {
      await signInBrowser(p.context, shop, member);

      // The pack page and its lineup.
      await page.goto(`/pack-detail?packId=${lotId}`);
      await page.getByTestId('spin-button').waitFor();
      await expect.poll(() => page.locator('main').innerText()).toContain(LOT.name_en);
      await expect.poll(() => page.locator('main').innerText()).toContain(LOT.top);
      expect(await page.locator('main').innerText()).not.toContain(LOT.name);
      // The trust panel's prizes left, the lineup's tiers: English names, no Japanese line.
      await sweep('pack');
      await shot('english-names-pack');

      // Buy two: the grid of a multi-draw, turned with one tap, then on to the card choice.
      await page.getByTestId('buy-count').fill('2');
      await page.getByTestId('spin-button').click();
      await page.getByTestId('confirm-buy').click();
      await page.waitForURL('**/gacha-animation**');
      await turnGridFaceUp(page);
      await shot('english-names-reveal');
      await goToCardChoice(page);
      expect(await page.getByTestId('pick-card').allInnerTexts()).toEqual([expect.stringMatching(LOT_CARDS), expect.stringMatching(LOT_CARDS)]);
      await sweep('card-list');
      await shot('english-names-card-list');
      await page.getByTestId('to-confirm').click();
      await page.waitForURL('**/confirm-get-card-list**');
      await page.getByTestId('decide').click();
      await page.waitForURL('**/thank-you**');

      // The purchase history and its detail: English names, the date in JST.
      await page.goto('/buy-product-history');
      await page.getByTestId('history-row').first().waitFor();
      expect(await page.getByTestId('history-row').first().innerText()).toContain(LOT.name_en);
      await sweep('product-history');
      await page.getByTestId('history-row').first().click();
      await page.waitForURL('**/buy-product-history-detail**');
      const sheet = page.getByTestId('history-sheet');
      await sheet.waitFor();
      expect(await sheet.innerText()).toContain(LOT.name_en);
      expect(await sheet.innerText()).toMatch(/\d{4}\/\d{2}\/\d{2} \d{2}:\d{2} JST/);
      expect(await page.getByTestId('history-cards').innerText()).toMatch(LOT_CARDS);
      await sweep('product-history-detail');
      await shot('english-names-history-detail');

      // The point history: the purchase and the conversion name the lot in English.
      await page.goto('/buy-point-history');
      await expect.poll(() => page.locator('main').innerText()).toContain(`Pack purchase: ${LOT.name_en}`);
      expect(await page.locator('main').innerText()).toContain(`Cards converted to points: ${LOT.name_en}`);
      await sweep('point-history');

      // The exchange: found by its English name, shown with its series in English; take it.
      await page.goto('/exchange-card');
      await page.getByTestId('exchange-search-input').fill(CARD.name_en.toLowerCase());
      await page.getByTestId('exchange-search-button').click();
      const tile = page.getByTestId('exchange-card').filter({ hasText: CARD.name_en });
      await tile.waitFor();
      expect(await tile.innerText()).toContain(CARD.card_name_en);
      expect(await tile.innerText()).not.toContain(CARD.name);
      await shot('english-names-exchange');
      await tile.getByTestId('exchange-button').click();
      await page.getByTestId('confirm-exchange').click();
      await page.getByTestId('exchange-success').waitFor();
      expect(await page.getByTestId('exchange-success').innerText()).toContain(CARD.name_en);

      // The coin history and the exchange's shipment.
      await page.goto('/coin-history');
      await expect.poll(() => page.locator('main').innerText()).toContain(`Card exchange: ${CARD.name_en}`);
      await page.getByTestId('exchange-shipments').waitFor();
      expect(await page.getByTestId('exchange-shipments').innerText()).toContain(CARD.name_en);
      await sweep('coin-history');
      await shot('english-names-coin-history');

      expect(found).toEqual([]);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  }, 240_000);
});
