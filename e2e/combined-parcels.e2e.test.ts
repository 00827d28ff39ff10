import fs from 'node:fs';
import iconv from 'iconv-lite';
import * as api from '@oripa/contract/api-paths';
import { describe, expect, it } from 'vitest';
import { contextClient } from './support/api-client.ts';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listPacks, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * Combined parcels and every carrier (issue 27 point 5, decision 051): a member has two shipping
 * requests to one address; the owner (1280 px) combines them into one parcel in the console and
 * exports it for Sagawa's e飛伝: the downloaded file is Shift_JIS with one line for the parcel.
 */

useShopAndBrowser();

describe('combined parcels', () => {
  it('the owner combines a member’s two requests into one parcel and exports it for Sagawa', async () => {
    const member = await registerMember(shop, { points: 100_000 });
    const pack = (await listPacks(shop))
      .filter((p) => p.payment_method === '1' && !p.is_before && p.pack_count >= 2 && p.can_limit === 0 && (p.max_buy_count === 0 || p.max_buy_count >= 2))
      .sort((a, b) => a.point - b.point)[0];
    if (!pack) throw new Error('the demo catalogue has no point pack on sale');

    // The member: two purchases, each card chosen for shipping: two requests to one address.
    const shopper = await openPage(browser, shop.url, 'mobile', { lang: 'ja' });
    await signInBrowser(shopper.context, shop, member);
    const shopperApi = contextClient(shopper.context, shop.url);
    await shopperApi.call(api.userPoint);
    for (let i = 0; i < 2; i += 1) {
      expect((await shopperApi.call(api.packCheck, { payload: { pack_id: pack.id, count: 1 } })).result).toBe('1');
      expect((await shopperApi.call(api.packBuy, { payload: { pack_id: pack.id, count: 1 } })).state).toBe(200);
      const bought = await shopperApi.call(api.packBuyResult);
      const decided = await shopperApi.call(api.packDecision, { payload: { send_card: (bought.cards ?? []).map((c) => c.history_id), reduction_card: [] } });
      expect(decided.state).toBe(200);
    }
    await shopper.context.close();

    // The owner (1280 px): the member's two requests, combined, then the e飛伝 file.
    const desk = await openConsole(browser, shop, 'owner', 'desktop', { lang: 'ja' });
    const admin = desk.page;
    await admin.goto('/admin/shipping');
    await admin.getByLabel('会員（IDまたはメール）').fill(member.mail);
    await admin.getByRole('button', { name: '検索' }).click();
    const table = admin.getByTestId('shipping-table');
    await expect.poll(async () => (await table.locator('tbody tr').count()) === 2 && (await table.textContent())?.includes(member.mail)).toBe(true);
    const ids = (await table.locator('tbody tr td:nth-child(2)').allTextContents()).map((t) => Number.parseInt(t, 10)).sort((a, b) => a - b);
    expect(ids.every((id) => id > 0)).toBe(true);

    await admin.getByTestId('shipping-select-all').check();
    await admin.getByTestId('shipping-combine').click();
    await expect.poll(async () => admin.getByTestId('shipping-parcels-notice').textContent()).toBe(`2件を1つの荷物（#${ids[0]}）にまとめました。`);
    await expect.poll(async () => admin.getByTestId('shipping-parcel').textContent()).toBe(`#${ids[0]} と同梱`);
    await desk.shot('combined-parcel-ja-1280');

    await admin.getByTestId('shipping-export-format').selectOption('sagawa_ehiden');
    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByTestId('shipping-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^ehiden-\d{12}\.csv$/);
    const lines = iconv.decode(fs.readFileSync((await download.path()) ?? ''), 'cp932').trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    const header = lines[0]!.slice(1, -1).split('","');
    const cells = lines[1]!.slice(1, -1).split('","');
    expect(header.slice(0, 3)).toEqual(['住所録コード', 'お届け先電話番号', 'お届け先郵便番号']);
    expect(cells[header.indexOf('お客様管理ナンバー')]).toBe(String(ids[0]));
    expect(cells[header.indexOf('お届け先名称1')]).toBe('山田 太郎');
    expect(cells[header.indexOf('品名3')]).toBe(`#${ids[0]} #${ids[1]}`);
    await expect.poll(async () => admin.getByTestId('shipping-tools-notice').textContent()).toContain('1件');
    await desk.shot('combined-parcel-exported-ja-1280');
    expect(desk.problems).toEqual([]);
  });
});
