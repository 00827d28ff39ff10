import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineStandIn, type LineStandIn } from '../apps/server/src/testing/line-stand-in.ts';
import { openPage, type ViewportName } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

/**
 * Screens nobody had looked at (issue 28's come-back work), opened at 390 px and 1280 px in
 * Japanese and English and photographed section by section: the coupon console, my page's coupon
 * field, the point settings, the member-only badges on the pack list and pack page, the pack
 * editor's "who may buy" fieldset, and the member page's LINE link with support's unlink
 * (decision 062). Each shot is checked here for what a person would see at once: the page
 * wider than the screen, a control cut off, Japanese left in English mode.
 */

const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
const specs = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-come-back-'));
const STAMP = Date.now().toString(36).toUpperCase();
const COUPON = `BACK${STAMP}`;
const MEMBERS_PACK = `会員限定パック${STAMP}`;
const MEMBERS_PACK_EN = `Members pack ${STAMP}`;

let line: LineStandIn;
let membersPackId: number;
let lineMemberId: number;

// The stand-in starts before the shop, whose settings name its address.
beforeAll(async () => {
  line = await startLineStandIn();
}, 60_000);

useShopAndBrowser(undefined, (url) => line.env(url, 0));

async function opsOk(args: string[]): Promise<string> {
  const out = await shop.ops(args);
  if (out.code !== 0) throw new Error(`${args.join(' ')} failed: ${out.stderr}${out.stdout}`);
  return out.stdout;
}

/** The ranks' names are the operator's (the rank table has no English names): shown as entered. */
const RANKS = /^(ブロンズ|シルバー|ゴールド|プラチナ|ダイヤモンド)$/;

const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  await opsOk(['coupon', 'create', '--code', COUPON, '--points', '100', '--budget', '10000', '--from', iso(-1), '--to', iso(30), '--name', '新規会員向けクーポン']);
  const file = path.join(specs, 'members.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      name: MEMBERS_PACK,
      name_en: MEMBERS_PACK_EN,
      card_type: 'カムバック',
      point: 100,
      payment_method: '1',
      sms_verified_only: true,
      first_purchase_only: true,
      min_rank_id: null,
      lineup: [
        { name: '銀の騎士', name_en: 'Silver knight', rarity: 5, count: 2, buy_point: 300 },
        { name: '木の盾', name_en: 'Wooden shield', rarity: 1, count: 18, buy_point: 10 },
      ],
    }),
  );
  membersPackId = (JSON.parse(await opsOk(['pack:create', file, '--json'])) as { id: number }).id;

  // A member who links LINE in the browser, for the console's member page.
  const member = await registerMember(shop);
  const sub = `U-come-back-${STAMP}`;
  line.signInAs({ sub, name: 'カムバック花子' });
  const p = await openPage(browser, shop.url, 'desktop');
  try {
    await signInBrowser(p.context, shop, member);
    await p.page.goto('/change-member');
    await p.page.getByTestId('line-link-button').click();
    await p.page.waitForURL('**/change-member?line=linked');
  } finally {
    await p.close();
  }
  // The member's id, as the grant command prints it (one point, the way support would compensate).
  lineMemberId = (JSON.parse(await opsOk(['grant', '--mail', member.mail, '--points', '1', '--reason', 'e2e', '--json'])) as { userId: number }).userId;
}, 120_000);

afterAll(async () => {
  await line?.close();
  fs.rmSync(specs, { recursive: true, force: true });
});

/** How far the page is wider than the screen (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Controls inside `scope` whose own text or box does not fit (cut off or spilling out of their parent). */
async function cutControls(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found: string[] = [];
    for (const el of Array.from(root.querySelectorAll<HTMLElement>('button, a, label, input, select, legend, h1, h2, h3, p, th, td'))) {
      if (el.offsetParent === null) continue;
      // A wide table scrolls sideways in its own box (TableScroll): its cells may pass the screen's edge.
      let scroller: HTMLElement | null = el.parentElement;
      while (scroller && scroller !== root.parentElement && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowX)) scroller = scroller.parentElement;
      if (scroller && scroller !== root.parentElement) continue;
      const box = el.getBoundingClientRect();
      const parent = (el.parentElement ?? root).getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== 'visible' && el.tagName !== 'INPUT';
      if (cut || box.right > parent.right + 1 || box.right > document.documentElement.clientWidth + 1) {
        found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? (el as HTMLInputElement).value ?? '').trim().slice(0, 40)}"`);
      }
    }
    return found;
  });
}

/** Lines of `scope` with Japanese in them, leaving out operator content named by `allowed`. */
async function japaneseLines(scope: Locator, allowed: RegExp[] = []): Promise<string[]> {
  const text = await scope.innerText();
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => /[\u3040-\u30ff\u3400-\u9fff]/.test(l) && !allowed.some((a) => a.test(l)));
}

/** Photographs a section and checks it: fits, nothing cut, no Japanese in English. */
async function look(page: Page, scope: Locator, name: string, lang: 'ja' | 'en', allowed: RegExp[] = []): Promise<void> {
  await scope.first().waitFor();
  await scope.first().scrollIntoViewIfNeeded();
  fs.mkdirSync(shots, { recursive: true });
  await scope.first().screenshot({ path: path.join(shots, `${name}.png`) });
  expect(await overflow(page), `${name}: page wider than the screen`).toBeLessThanOrEqual(0);
  expect(await cutControls(scope.first()), `${name}: controls cut off`).toEqual([]);
  if (lang === 'en') expect(await japaneseLines(scope.first(), allowed), `${name}: Japanese in English mode`).toEqual([]);
}

const CASES = [
  ['mobile', 'ja'],
  ['mobile', 'en'],
  ['desktop', 'ja'],
  ['desktop', 'en'],
] as const satisfies readonly (readonly [ViewportName, 'ja' | 'en'])[];

describe.each(CASES)('screens not looked at before, at %s in %s', (viewport, lang) => {
  const width = viewport === 'mobile' ? 390 : 1280;
  const tag = `${width}-${lang}`;

  it('the console: coupons, point settings, the pack editor’s who-may-buy, the member’s LINE link', async () => {
    const p = await openConsole(browser, shop, 'owner', viewport, { lang });
    const { page } = p;
    try {
      await page.goto('/admin/coupons');
      await page.getByText(COUPON).first().waitFor();
      await look(page, page.locator('main'), `come-back-coupons-${tag}`, lang, [/新規会員向けクーポン/, RANKS]);

      await page.goto('/admin/point-settings');
      await look(page, page.getByTestId('point-settings-form'), `come-back-point-settings-${tag}`, lang);

      await page.goto(`/admin/packs/${membersPackId}`);
      const members = page.getByTestId('pack-members');
      await members.waitFor();
      await look(page, members, `come-back-pack-who-may-buy-${tag}`, lang, [RANKS]);

      await page.goto(`/admin/members/${lineMemberId}`);
      await page.getByTestId('member-line').waitFor();
      await look(page, page.getByTestId('member-line-section'), `come-back-member-line-${tag}`, lang, [/カムバック花子/]);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  }, 180_000);

  it('the shop: my page’s coupon field, member-only badges on the list and the pack page', async () => {
    const member = await registerMember(shop);
    await withShopPage(viewport, { lang, member, stepTimeout: 15_000 }, async ({ page }) => {
      await page.goto('/my-page');
      const coupon = page.getByTestId('coupon-redeem');
      await coupon.waitFor();
      await coupon.locator('input').fill('NO-SUCH-CODE');
      await coupon.getByRole('button').click();
      await page.getByTestId('coupon-error').waitFor();
      await look(page, coupon, `come-back-my-page-coupon-${tag}`, lang);

      await page.goto('/');
      const tile = page.locator('a, article, li').filter({ hasText: lang === 'en' ? MEMBERS_PACK_EN : MEMBERS_PACK }).filter({ has: page.locator('[data-testid^="badge-members-"]') }).last();
      await tile.waitFor();
      await look(page, tile, `come-back-pack-tile-badges-${tag}`, lang, [new RegExp(MEMBERS_PACK)]);

      await page.goto(`/pack-detail?packId=${membersPackId}`);
      const badges = page.locator('[data-testid^="badge-members-"]').first().locator('..');
      await badges.waitFor();
      await page.screenshot({ path: path.join(shots, `come-back-pack-page-${tag}.png`) });
      await look(page, badges, `come-back-pack-page-badges-${tag}`, lang);
    });
  }, 180_000);
});

describe('support unlinks a member’s LINE at 1280 px in Japanese', () => {
  it('shows the link, unlinks it with a reason, and the page says so', async () => {
    const p = await openConsole(browser, shop, 'support', 'desktop');
    const { page } = p;
    try {
      await page.goto(`/admin/members/${lineMemberId}`);
      const form = page.getByTestId('line-unlink-form');
      await form.getByLabel('理由（操作ログに残ります）').fill('LINEアカウントを紛失したとの問い合わせ');
      await form.getByRole('button', { name: 'LINE連携を解除' }).click();
      await expect.poll(() => page.getByTestId('line-unlinked').textContent()).toBe('LINE連携を解除しました。');
      await page.getByTestId('member-line-none').waitFor();
      await page.getByTestId('member-line-section').screenshot({ path: path.join(shots, 'come-back-member-line-unlinked-1280-ja.png') });
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  }, 180_000);
});
