import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, type ViewportName } from './support/browser.ts';
import { registerMember, signInBrowser, type E2eMember } from './support/members.ts';
import { browser, shop, useShopAndBrowser } from './support/suite.ts';

const specDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-e2e-exchange-'));

/** Members kept at silver for the rank-maintenance journey, per viewport: with coins, and short of them. */
const rankMembers = {} as Record<ViewportName, { rich: E2eMember; poor: E2eMember }>;

useShopAndBrowser(300_000);

beforeAll(async () => {
  const [richMobile, poorMobile, richDesktop, poorDesktop] = await Promise.all(
    ['1000', '10', '1000', '10'].map((coins) => registerMember(shop, { coins })),
  );
  rankMembers.mobile = { rich: richMobile!, poor: poorMobile! };
  rankMembers.desktop = { rich: richDesktop!, poor: poorDesktop! };
  // A rank is earned by last month's spend, which no call can make now: support puts these
  // members at silver (this month's spend is 0, so keeping silver with coins is offered).
  const mails = Object.values(rankMembers).flatMap((m) => [m.rich.mail, m.poor.mail]);
  for (const mail of mails) {
    const out = await shop.ops(['rank:set', '--mail', mail, '--rank', 'silver', '--reason', 'e2e: rank maintenance journey']);
    if (out.code !== 0) throw new Error(`rank:set failed: ${out.stderr}`);
  }
  // A server start, four registrations, grants and rank changes: more than the default hook time on a busy machine.
}, 300_000);

afterAll(async () => {
  fs.rmSync(specDir, { recursive: true, force: true });
});

interface CardSpec {
  name: string;
  sub_coin: string;
  stock: number;
  model_number: string;
  rarity: number;
  limit_per_member?: number;
}

/** An exchange card created the operator's way (exchange:create FILE --json). */
async function createCard(spec: CardSpec): Promise<number> {
  const file = path.join(specDir, `${spec.model_number}.json`);
  fs.writeFileSync(file, JSON.stringify({ card_name: 'E2Eカード', ...spec }));
  const out = await shop.ops(['exchange:create', file, '--json']);
  if (out.code !== 0) throw new Error(`exchange:create failed: ${out.stderr}`);
  return (JSON.parse(out.stdout) as { id: number }).id;
}

const digits = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));

const cardNames = (page: Page) => page.getByTestId('exchange-card-name').allTextContents();

/** Nothing sticks out sideways at this width. */
async function expectNoOverflow(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

function cardTile(page: Page, name: string) {
  return page
    .getByTestId('exchange-card')
    .filter({ has: page.getByTestId('exchange-card-name').getByText(name, { exact: true }) });
}

async function search(page: Page, text: string): Promise<void> {
  await page.getByTestId('exchange-search-input').fill(text);
  await page.getByTestId('exchange-search-button').click();
}

describe.each(['mobile', 'desktop'] as const)('the exchange shop at %s width', (viewport) => {
  it('searches, sorts, exchanges a card, hits the limit and the coin shortage, and reaches a coin pack', async () => {
    const tag = `E2E${viewport}${Date.now().toString(36)}`;
    const names = {
      a: `${tag} 限定カードA`,
      b: `${tag} プレミアムB`,
      c: `${tag} ノーマルC`,
      d: `${tag} 完売D`,
    };
    // Operator commands run side by side: each is a process of its own.
    const [member] = await Promise.all([
      registerMember(shop, { coins: '1000' }),
      createCard({
        name: names.a,
        sub_coin: '150.00',
        stock: 5,
        model_number: `${tag}-A`,
        rarity: 5,
        limit_per_member: 1,
      }),
      createCard({ name: names.b, sub_coin: '90000.00', stock: 2, model_number: `${tag}-B`, rarity: 7 }),
      createCard({ name: names.c, sub_coin: '20.50', stock: 9, model_number: `${tag}-C`, rarity: 1 }),
      createCard({ name: names.d, sub_coin: '10.00', stock: 0, model_number: `${tag}-D`, rarity: 2 }),
    ]);
    const p = await openPage(browser, shop.url, viewport);
    try {
      const { page, shot } = p;
      await signInBrowser(p.context, shop, member);

      // The whole shop: a full first page of the demo cards and a pager.
      await page.goto('/exchange-card');
      await page.getByTestId('exchange-card').first().waitFor();
      expect(await page.getByTestId('exchange-card').count()).toBe(12);
      await page.getByRole('navigation', { name: '交換カードのページ送り' }).waitFor();
      await shot('exchange-list');
      await expectNoOverflow(page);

      // Search: only this test's cards, highest price first (the default sort).
      await search(page, tag);
      await expect.poll(() => cardNames(page)).toEqual([names.b, names.a, names.c, names.d]);
      expect(page.url()).toContain(`q=${tag}`);
      for (const [sort, order] of [
        ['2', [names.d, names.c, names.a, names.b]],
        ['3', [names.c, names.a, names.b, names.d]],
        ['4', [names.d, names.b, names.a, names.c]],
        ['1', [names.b, names.a, names.c, names.d]],
      ] as const) {
        await page.getByTestId('exchange-sort').selectOption(sort);
        await expect.poll(() => cardNames(page)).toEqual(order);
      }
      const soldOut = cardTile(page, names.d);
      expect(await soldOut.getByTestId('exchange-button').isDisabled()).toBe(true);
      expect(await soldOut.getByTestId('exchange-card-stock').textContent()).toBe('在庫切れ');
      await shot('exchange-search');

      expect(await cardTile(page, names.a).getByTestId('exchange-card-limit').textContent()).toBe(
        'お一人様1枚まで',
      );
      expect(await cardTile(page, names.c).getByTestId('exchange-card-limit').count()).toBe(0);

      // Exchange card A: confirm with the balances, success with the card.
      expect(await digits(page, 'header-coin')).toBe(1000);
      await cardTile(page, names.a).getByTestId('exchange-button').click();
      const confirm = page.getByRole('dialog', { name: '交換内容の確認' });
      await confirm.waitFor();
      expect(await confirm.getByTestId('confirm-cost').textContent()).toBe('150C');
      expect(await confirm.getByTestId('confirm-balance').textContent()).toBe('1,000C');
      expect(await confirm.getByTestId('confirm-after').textContent()).toBe('850C');
      await shot('exchange-confirm');
      await confirm.getByTestId('confirm-exchange').click();
      const success = page.getByRole('dialog', { name: '交換が完了しました' });
      await success.waitFor();
      expect(await success.getByTestId('dialog-card-name').textContent()).toBe(names.a);
      await shot('exchange-success');
      await success.getByTestId('dialog-close').click();
      await expect.poll(() => digits(page, 'header-coin')).toBe(850);
      await expect
        .poll(() => cardTile(page, names.a).getByTestId('exchange-card-stock').textContent())
        .toBe('残り4点');

      // The operator's limit of one per member: '-3'.
      await cardTile(page, names.a).getByTestId('exchange-button').click();
      const limit = page.getByRole('alertdialog', { name: '交換上限を超えています' });
      await limit.waitFor();
      expect(((await limit.getByTestId('exchange-error').textContent()) ?? '').length).toBeGreaterThan(0);
      await shot('exchange-limit');
      await limit.getByTestId('dialog-close').click();

      // Too few coins for card B.
      await cardTile(page, names.b).getByTestId('exchange-button').click();
      const short = page.getByRole('alertdialog', { name: 'コイン不足' });
      await short.waitFor();
      expect(((await short.getByTestId('exchange-error').textContent()) ?? '').length).toBeGreaterThan(0);
      await short.getByTestId('dialog-close').click();
      expect(await digits(page, 'header-coin')).toBe(850);

      // The coin history has the exchange.
      await page.goto('/coin-history');
      const row = page.getByTestId('coin-history-row').first();
      await row.waitFor();
      expect(await row.getByTestId('ledger-memo').textContent()).toContain(names.a);
      expect(await row.getByTestId('ledger-coins').textContent()).toBe('-150C');

      // The coin-gacha tab: no cards, coin packs, each leading to its detail.
      await page.goto('/exchange-card');
      await page.getByTestId('exchange-card').first().waitFor();
      await page.getByRole('tab', { name: 'コインガチャ' }).click();
      await page.getByTestId('coin-pack').first().waitFor();
      expect(await page.getByTestId('exchange-card').count()).toBe(0);
      await shot('exchange-coin-gacha');
      await expectNoOverflow(page);
      await page.locator('a[data-testid="coin-pack"]').first().click();
      await page.waitForURL('**/pack-detail?packId=*');
      await page.getByTestId('spin-button').waitFor();
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  }, 180_000);

  it('keeps a silver rank with coins from my page, and alerts when the coins are short', async () => {
    const { rich, poor } = rankMembers[viewport];
    const p = await openPage(browser, shop.url, viewport);
    try {
      const { page, shot } = p;
      await signInBrowser(p.context, shop, poor);
      await page.goto('/my-page');
      await page.getByTestId('rank-keep-button').click();
      expect(await page.getByTestId('rank-keep-alert').textContent()).toBe('コインが不足しています');
      await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();

      await p.context.clearCookies();
      await signInBrowser(p.context, shop, rich);
      await page.goto('/my-page');
      await page.getByTestId('rank-keep-button').waitFor();
      expect(await page.getByTestId('rank-name').textContent()).toBe('シルバー');
      expect(await page.getByTestId('next-month-rank').textContent()).toContain('ブロンズ');
      await shot('rank-keep');
      await expectNoOverflow(page);
      await page.getByTestId('rank-keep-button').click();
      await page.getByTestId('rank-keep-confirm').click();
      await page.getByTestId('rank-keep-done').waitFor();
      await shot('rank-keep-done');
      await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
      // Refreshed: 30 coins spent, next month stays silver, the offer is gone.
      await expect.poll(() => digits(page, 'header-coin')).toBe(970);
      await expect.poll(() => page.getByTestId('next-month-rank').textContent()).toContain('シルバー');
      expect(await page.getByTestId('rank-keep-button').count()).toBe(0);
      await page.goto('/coin-history');
      await page.getByTestId('coin-history-row').first().waitFor();
      expect(
        await page.getByTestId('coin-history-row').first().getByTestId('ledger-coins').textContent(),
      ).toBe('-30C');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});

describe('the exchange shop in English', () => {
  it('shows the card tab in English and exchanges a card', async () => {
    const tag = `E2Een${Date.now().toString(36)}`;
    const name = `${tag} Card`;
    const [member] = await Promise.all([
      registerMember(shop, { coins: '100' }),
      createCard({ name, sub_coin: '25.00', stock: 3, model_number: `${tag}-1`, rarity: 3 }),
    ]);
    const p = await openPage(browser, shop.url, 'mobile', { lang: 'en' });
    try {
      const { page, shot } = p;
      await signInBrowser(p.context, shop, member);
      await page.goto('/exchange-card');
      await page.getByRole('heading', { level: 1, name: 'Exchange shop' }).waitFor();
      await page.getByRole('tab', { name: 'Cards' }).waitFor();
      await page.getByRole('tab', { name: 'Coin gacha' }).waitFor();
      await search(page, tag);
      await expect.poll(() => cardNames(page)).toEqual([name]);
      expect(await page.getByTestId('exchange-sort').locator('option').allTextContents()).toEqual([
        'Highest coin price',
        'Lowest coin price',
        'Most in stock',
        'Least in stock',
      ]);
      expect(await cardTile(page, name).getByTestId('exchange-card-stock').textContent()).toBe('3 left');
      await cardTile(page, name)
        .getByRole('button', { name: `Exchange ${name}` })
        .click();
      const confirm = page.getByRole('dialog', { name: 'Confirm the exchange' });
      await confirm.getByTestId('confirm-exchange').click();
      await page.getByRole('dialog', { name: 'Exchange complete' }).waitFor();
      await shot('exchange-success-en');
      await page.getByTestId('dialog-close').click();
      await expect.poll(() => digits(page, 'header-coin')).toBe(75);
      await search(page, 'no-such-card-anywhere');
      expect(await page.getByTestId('exchange-empty').textContent()).toBe('No exchange cards.');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
