import * as api from '@oripa/contract/api-paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { contextClient } from './support/api-client.ts';
import { openPage, type ViewportName } from './support/browser.ts';
import { registerMember, type E2eMember } from './support/members.ts';
import { openConsole, signInNewOperator } from './support/operators.ts';
import { browser, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

/**
 * Issue 26 point 5 in the browser (decision 044): an owner enters the invoice registration
 * number; a member's paid point purchase links from the point history to its receipt, which names
 * the number, the 10% rate and the tax of the total, and prints as the sheet alone, black on
 * white (print media). At 390 and 1280 px, in Japanese and English.
 */

/** The National Tax Agency's own corporate number: a real one with a valid check digit. */
const NUMBER = 'T7000012050002';

useShopAndBrowser();

beforeAll(async () => {
  const p = await openPage(browser, shop.url, 'desktop');
  try {
    await signInNewOperator(p.context, shop, 'owner');
    const console = contextClient(p.context, shop.url);
    // The first call brings the csrf token the write needs.
    await console.call(api.adminInvoice);
    const saved = await console.call(api.adminInvoiceSave, { payload: { registration_number: NUMBER } });
    expect(saved.state, JSON.stringify(saved.errors)).toBe(200);
  } finally {
    await p.close();
  }
});

let serial = 0;

/** A member with one paid point purchase of ¥1,000 (recorded as money received, as an owner would). */
async function memberWithPayment(): Promise<{ member: E2eMember; paymentId: number }> {
  const member = await registerMember(shop);
  serial += 1;
  const out = await shop.ops(['payment:record', '--mail', member.mail, '--points', '1000', '--yen', '1000', '--reference', `E2E-RECEIPT-${Date.now()}-${serial}`, '--method', 'bank', '--json']);
  expect(out.code, out.stderr).toBe(0);
  return { member, paymentId: (JSON.parse(out.stdout) as { payment_id: number }).payment_id };
}

describe.each([
  ['mobile', 'ja'],
  ['desktop', 'ja'],
  ['mobile', 'en'],
  ['desktop', 'en'],
] as const)('the receipt of a point purchase at %s width in %s', (viewport: ViewportName, lang) => {
  it('opens from the point history with the registration number, rate and tax, and prints the sheet alone', async () => {
    const { member, paymentId } = await memberWithPayment();
    await withShopPage(viewport, { lang, member, stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/buy-point-history');
      await page.getByTestId('ledger-receipt').first().click();
      await page.waitForURL(`**/point-receipt?paymentId=${paymentId}`);
      const sheet = page.getByTestId('receipt-sheet');
      await sheet.waitFor();
      expect(await page.getByTestId('receipt-registration').textContent()).toBe(NUMBER);
      expect(await page.getByTestId('receipt-number').textContent()).toBe(String(paymentId));
      expect(await page.getByTestId('receipt-total').textContent()).toBe('¥1,000');
      // 1,000 × 10 / 110 = 90.9…: ¥90, rounded down once for the receipt.
      expect(await page.getByTestId('receipt-tax').textContent()).toBe('¥90');
      const rateRow = await page.getByTestId('receipt-rate-total').locator('xpath=..').textContent();
      expect(rateRow).toContain(lang === 'ja' ? '10%対象' : 'Subject to 10%');
      expect(await page.getByTestId('receipt-tax').locator('xpath=..').textContent()).toContain(lang === 'ja' ? 'うち消費税（10%）' : 'consumption tax (10%)');
      expect(await page.getByTestId('receipt-item').textContent()).toBe(lang === 'ja' ? '1,000ポイント' : '1,000 points');
      expect(await page.getByTestId('receipt-method').textContent()).toBe(lang === 'ja' ? '銀行振込（サイト外）' : 'Bank transfer (outside the site)');
      // Nothing wider than the screen at 390 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot(`receipt-${lang}`);

      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('.site-header').isVisible()).toBe(false);
      expect(await page.locator('.site-footer').isVisible()).toBe(false);
      expect(await page.locator('.receipt-actions').isVisible()).toBe(false);
      expect(await sheet.isVisible()).toBe(true);
      const colours = await sheet.evaluate((el) => {
        const style = getComputedStyle(el);
        return { color: style.color, background: style.backgroundColor, body: getComputedStyle(document.body).backgroundColor };
      });
      expect(colours).toEqual({ color: 'rgb(0, 0, 0)', background: 'rgb(255, 255, 255)', body: 'rgb(255, 255, 255)' });
      await shot(`receipt-print-${lang}`);
      await page.emulateMedia({ media: 'screen' });
    });
  });
});

describe('a receipt belongs to the member who paid', () => {
  it('shows another member that there is no such receipt', async () => {
    const { paymentId } = await memberWithPayment();
    const stranger = await registerMember(shop);
    await withShopPage('mobile', { member: stranger }, async ({ page }) => {
      await page.goto(`/point-receipt?paymentId=${paymentId}`);
      await page.getByTestId('receipt-not-found').waitFor();
      expect(await page.getByTestId('receipt-sheet').count()).toBe(0);
    });
  });
});

describe.each(['mobile', 'desktop'] as const)('the console at %s width', (viewport: ViewportName) => {
  it('shows the registration number and refuses a wrong check digit; the pack editor weighs a last-one prize against the caps', async () => {
    const p = await openConsole(browser, shop, 'owner', viewport);
    try {
      const { page, shot } = p;
      await page.goto('/admin/invoice');
      expect(await page.getByTestId('invoice-current').textContent()).toContain(NUMBER);
      await page.getByLabel('登録番号').fill('T8000012050002');
      await page.getByRole('button', { name: '保存' }).click();
      await page.getByText('先頭の数字（検査用数字）が合いません', { exact: false }).waitFor();
      expect(await page.getByTestId('invoice-current').textContent()).toContain(NUMBER);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot('console-invoice');

      await page.goto('/admin/packs/new');
      await page.getByLabel('1パックの価格').fill('1000');
      const lineup = page.getByTestId('lineup');
      await lineup.getByRole('listitem').nth(0).getByLabel('枚数').fill('100');
      await page.getByRole('button', { name: 'ラストワン賞を追加' }).click();
      const lastOne = lineup.getByRole('listitem').nth(1);
      await lastOne.getByLabel('名前').fill('ラストワン');
      await lastOne.getByLabel('還元ポイント').fill('25000');
      const caps = page.getByTestId('prize-caps');
      expect(await caps.getByTestId('prize-cap-each').textContent()).toBe('¥20,000 (価格の20倍)');
      expect(await caps.getByTestId('prize-cap-row').textContent()).toContain('上限超過');
      await caps.getByLabel('上限を超える理由（オーナーのみ・監査ログに記録）').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await caps.screenshot({ path: `${process.cwd()}/test-results/screenshots/console-prize-caps-${viewport}.png` });
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
