import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import iconv from 'iconv-lite';
import * as api from '@oripa/contract/api-paths';
import { describe, expect, it } from 'vitest';
import { contextClient } from './support/api-client.ts';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listPacks, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * Fulfilment (issue 13): a member ships 3 cards (390 px); staff pick, pack and ship them in the
 * console (1280 px) with the tracking number imported from the carrier's CSV (a file upload);
 * the member's history shows them shipped with the carrier's tracking link, and the shipping
 * mail is in the outbox.
 */

useShopAndBrowser();

describe('fulfilment', () => {
  it('a member ships 3 cards; staff pick, pack and ship them with a tracking number from the carrier CSV; the member sees the tracking link', async () => {
    const member = await registerMember(shop, { points: 100_000 });
    const list = await listPacks(shop);
    const pack = list
      .filter((p) => p.payment_method === '1' && !p.is_before && p.pack_count >= 3 && p.can_limit === 0 && (p.max_buy_count === 0 || p.max_buy_count >= 3))
      .sort((a, b) => a.point - b.point)[0];
    if (!pack) throw new Error('the demo catalogue has no point pack on sale');

    // The member (390 px): three packs bought, then all three cards chosen for shipping on the card list.
    const shopper = await openPage(browser, shop.url, 'mobile', { lang: 'ja' });
    await signInBrowser(shopper.context, shop, member);
    const shopperApi = contextClient(shopper.context, shop.url);
    await shopperApi.call(api.userPoint);
    expect((await shopperApi.call(api.packCheck, { payload: { pack_id: pack.id, count: 3 } })).result).toBe('1');
    expect((await shopperApi.call(api.packBuy, { payload: { pack_id: pack.id, count: 3 } })).state).toBe(200);
    const bought = await shopperApi.call(api.packBuyResult);
    expect(bought.cards).toHaveLength(3);
    const { page } = shopper;
    await page.goto(`/get-card-list?packHistoryId=${bought.pack_history_id}`);
    const cards = page.getByTestId('pick-card');
    await cards.first().waitFor();
    for (let i = 0; i < 3; i += 1) {
      const box = cards.nth(i).locator('input[type="checkbox"]');
      if (!(await box.isChecked())) await box.check();
    }
    await page.getByTestId('to-confirm').click();
    await page.waitForURL('**/confirm-get-card-list**');
    await page.getByTestId('decide').click();
    await page.waitForURL('**/thank-you**');

    // Staff (1280 px): the request in the queue, picked, packed; the carrier file out and back in.
    const desk = await openConsole(browser, shop, 'staff', 'desktop', { lang: 'ja' });
    const admin = desk.page;
    await admin.goto('/admin/shipping');
    await admin.getByLabel('会員（IDまたはメール）').fill(member.mail);
    await admin.getByRole('button', { name: '検索' }).click();
    const table = admin.getByTestId('shipping-table');
    await expect.poll(async () => (await table.locator('tbody tr').count()) === 1 && (await table.textContent())?.includes(member.mail)).toBe(true);
    const row = table.locator('tbody tr').first();
    expect(await row.textContent()).toContain('3枚');
    expect(await row.textContent()).toContain('発送依頼');
    await admin.getByTestId('shipping-select-all').check();
    await desk.shot('fulfilment-queue-ja-1280');

    // Skipping a step is refused with the row named, and nothing moves.
    await admin.getByTestId('shipping-to-shipped').click();
    await expect.poll(async () => admin.getByTestId('shipping-notice').textContent()).toContain('段階を飛ばす');
    await admin.getByTestId('shipping-to-picking').click();
    await expect.poll(async () => row.textContent()).toContain('ピッキング中');
    await admin.getByTestId('shipping-select-all').check();
    await admin.getByTestId('shipping-to-packed').click();
    await expect.poll(async () => row.textContent()).toContain('梱包済み');
    const requestId = Number(((await row.locator('td').nth(1).textContent()) ?? '').trim());
    expect(requestId).toBeGreaterThan(0);

    // Pick list and A4 slip of the selected request.
    await admin.getByTestId('shipping-select-all').check();
    await admin.getByTestId('shipping-picklist').click();
    await admin.getByTestId('pick-list').waitFor();
    expect(await admin.getByTestId('pick-list').textContent()).toContain('3枚');
    await desk.shot('fulfilment-picklist-ja-1280');
    await admin.goBack();
    await admin.getByTestId('shipping-table').waitFor();
    await admin.goto(`/admin/shipping/print?kind=a4&ids=${requestId}`);
    await admin.getByTestId('packing-slip').waitFor();
    expect(await admin.getByTestId('packing-slip').textContent()).toContain('渋谷区渋谷');
    await desk.shot('fulfilment-slip-a4-ja-1280');
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.locator('.shipping-print__bar').isVisible()).toBe(false);
    await admin.emulateMedia({ media: 'screen' });
    await admin.goto(`/admin/shipping/print?kind=label&ids=${requestId}`);
    await admin.locator('[data-testid="packing-slip"].shipping-sheet--label').waitFor();
    await desk.shot('fulfilment-slip-label-ja-1280');

    // Export for B2 Cloud (Shift_JIS), fill in the tracking number as B2 Cloud does, upload it back.
    await admin.goto('/admin/shipping');
    await admin.getByLabel('会員（IDまたはメール）').fill(member.mail);
    await admin.getByRole('button', { name: '検索' }).click();
    await expect.poll(async () => (await admin.getByTestId('shipping-table').textContent())?.includes(member.mail)).toBe(true);
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('shipping-export').click()]);
    const exported = iconv.decode(fs.readFileSync((await download.path()) ?? ''), 'cp932');
    const lines = exported.trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('"お客様管理番号","送り状種類","クール区分","伝票番号"');
    expect(lines[1]).toContain('山田 太郎');
    const cells = lines[1]!.split('","');
    cells[3] = '4321-0000-5678';
    const tracked = iconv.encode(`${lines[0]}\r\n${cells.join('","')}\r\n`, 'cp932');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-b2-')), 'b2-tracking.csv');
    fs.writeFileSync(file, tracked);
    await admin.getByTestId('tracking-file').setInputFiles(file);
    await admin.getByTestId('tracking-import').click();
    await expect.poll(async () => admin.getByTestId('shipping-tools-notice').textContent()).toContain('1件を発送済みにしました');
    await expect.poll(async () => admin.getByTestId('shipping-table').textContent()).toContain('432100005678');
    await desk.shot('fulfilment-shipped-ja-1280');
    expect(desk.problems).toEqual([]);

    // The member's history: shipped, with the tracking number and Yamato's tracking page.
    await page.goto('/buy-product-history');
    await page.getByTestId('history-row').first().waitFor();
    expect(await page.getByTestId('send-state').first().textContent()).toBe('発送済み');
    await page.getByTestId('history-row').first().click();
    await page.waitForURL('**/buy-product-history-detail**');
    const link = page.getByTestId('tracking-link');
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=432100005678');
    expect(await page.getByTestId('shipment').textContent()).toContain('発送済み');
    await shopper.shot('fulfilment-member-detail-ja-390');
    expect(shopper.problems).toEqual([]);

    // The shipping mail is in the outbox (the mail job renders it and keeps it there without SMTP), once.
    const mailOf = async () => {
      await shop.ops(['jobs']);
      return (await shop.ops(['outbox', '--to', member.mail])).stdout;
    };
    await expect.poll(mailOf, { timeout: 30_000, interval: 1000 }).toContain('お問い合わせ番号: 432100005678');
    const outbox = await mailOf();
    expect(outbox.split('\n').filter((line) => /Subject: .*カードを発送しました/.test(line))).toHaveLength(1);
    expect(outbox).toContain('https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=432100005678');

    // English at both widths.
    const english = await openPage(browser, shop.url, 'mobile', { lang: 'en' });
    await signInBrowser(english.context, shop, member);
    await english.page.goto(`/buy-product-history-detail?packHistoryId=${bought.pack_history_id}`);
    await english.page.getByTestId('tracking-link').waitFor();
    expect(await english.page.getByTestId('tracking-link').textContent()).toBe('Track with Yamato Transport');
    await english.shot('fulfilment-member-detail-en-390');
    const englishConsole = await openConsole(browser, shop, 'staff', 'desktop', { lang: 'en' });
    await englishConsole.page.goto('/admin/shipping');
    await englishConsole.page.getByTestId('shipping-table').waitFor();
    expect(await englishConsole.page.getByRole('heading', { name: 'Shipping queue' }).count()).toBe(1);
    await englishConsole.shot('fulfilment-queue-en-1280');
    const shopperJa1280 = await openPage(browser, shop.url, 'desktop', { lang: 'ja' });
    await signInBrowser(shopperJa1280.context, shop, member);
    await shopperJa1280.page.goto(`/buy-product-history-detail?packHistoryId=${bought.pack_history_id}`);
    await shopperJa1280.page.getByTestId('tracking-link').waitFor();
    await shopperJa1280.shot('fulfilment-member-detail-ja-1280');
    for (const p of [english, englishConsole, shopperJa1280, shopper, desk]) await p.close();
  }, 240_000);
});
