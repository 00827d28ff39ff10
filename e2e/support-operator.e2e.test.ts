import * as api from '@oripa/contract/api-paths';
import { describe, expect, it } from 'vitest';
import { contextClient, fetchClient } from './support/api-client.ts';
import { openPage } from './support/browser.ts';
import { registerMember, type E2eMember } from './support/members.ts';
import { openConsole, signInNewOperator } from './support/operators.ts';
import { browser, listPacks, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * Support acts on a ticket at 1280 px (issue 27 point 1, decision 049): a support operator
 * compensates a member within the role's limit (1,000 points by default), is refused above it
 * with the limit named, and sees the member's parcel with its carrier and tracking number.
 */

useShopAndBrowser();

const TRACKING = '432100009876';

/** A member who bought one point pack and chose its card for shipping (through the shop's calls). */
async function memberWithParcel(): Promise<E2eMember> {
  const member = await registerMember(shop, { points: 100_000 });
  const pack = (await listPacks(shop))
    .filter((p) => p.payment_method === '1' && !p.is_before && p.pack_count >= 1 && p.can_limit === 0)
    .sort((a, b) => a.point - b.point)[0];
  if (!pack) throw new Error('the demo catalogue has no point pack on sale');
  const client = fetchClient(shop.url, { [member.cookie.name]: member.cookie.value });
  await client.call(api.userPoint);
  expect((await client.call(api.packCheck, { payload: { pack_id: pack.id, count: 1 } })).result).toBe('1');
  expect((await client.call(api.packBuy, { payload: { pack_id: pack.id, count: 1 } })).state).toBe(200);
  const bought = await client.call(api.packBuyResult, { query: {} });
  const cards = (bought.cards ?? []).map((c) => c.history_id);
  expect(cards).toHaveLength(1);
  expect((await client.call(api.packDecision, { payload: { send_card: cards, reduction_card: [] } })).state).toBe(200);
  return member;
}

/** An owner ships every open request of the member with a Yamato tracking number (through the console's calls). */
async function shipParcelOf(mail: string): Promise<void> {
  const p = await openPage(browser, shop.url, 'desktop');
  try {
    await signInNewOperator(p.context, shop, 'owner');
    const owner = contextClient(p.context, shop.url);
    await owner.call(api.adminMe);
    const queue = await owner.call(api.adminShipping, { query: { member: mail } });
    const ids = (queue.requests ?? []).map((r) => r.id);
    expect(ids).toHaveLength(1);
    for (const to of ['picking', 'packed'] as const) expect((await owner.call(api.adminShippingTransition, { payload: { request_ids: ids, to } })).state).toBe(200);
    const shipped = await owner.call(api.adminShippingTransition, { payload: { request_ids: ids, to: 'shipped', carrier: 'yamato', tracking_number: TRACKING } });
    expect(shipped.state, JSON.stringify(shipped.errors)).toBe(200);
  } finally {
    await p.close();
  }
}

describe('a support operator at 1280 px', () => {
  it('compensates within the limit, is refused above it, and sees the parcel’s tracking', async () => {
    const member = await memberWithParcel();
    await shipParcelOf(member.mail);

    const p = await openConsole(browser, shop, 'support', 'desktop', { lang: 'ja' });
    const { page, shot } = p;
    try {
      await page.goto('/admin/members');
      await page.getByLabel('会員ID・メールアドレス・名前・電話番号').fill(member.mail);
      await page.getByRole('button', { name: '検索' }).click();
      await page.getByTestId('members-table').getByRole('link', { name: member.mail }).click();
      const form = page.getByTestId('adjust-form');
      await form.waitFor();
      expect(await page.getByTestId('adjust-limit').textContent()).toContain('1,000ポイント');
      // Support may not record outside payments (payments.write stays the owner's).
      expect(await page.getByTestId('outside-payment-form').count()).toBe(0);

      // Within the limit: 500 points with a reason.
      await form.getByLabel('数量').fill('500');
      await form.getByLabel('理由（会員の履歴に表示されます）').fill('配送遅延のお詫び');
      await form.getByRole('button', { name: '調整する' }).click();
      await form.getByRole('status').waitFor();
      await expect.poll(async () => page.getByTestId('point-ledger').textContent()).toContain('配送遅延のお詫び');

      // Above it: refused under the amount, with the limit named; nothing written.
      await form.getByLabel('数量').fill('5000');
      await form.getByLabel('理由（会員の履歴に表示されます）').fill('大口のお詫び');
      await form.getByRole('button', { name: '調整する' }).click();
      await form.getByText('あなたの権限で1回に調整できるのは1,000ポイントまでです。それを超える場合はオーナーに依頼してください。').waitFor();
      expect(await page.getByTestId('point-ledger').textContent()).not.toContain('大口のお詫び');
      await expect.poll(async () => form.getByRole('status').count(), { message: 'the earlier success notice is gone' }).toBe(0);

      // The parcel: carrier and tracking number, linked to the carrier's page.
      const parcels = page.getByTestId('member-parcels');
      await parcels.scrollIntoViewIfNeeded();
      expect(await parcels.textContent()).toContain('ヤマト運輸');
      const link = parcels.getByTestId('parcel-tracking');
      expect(await link.textContent()).toBe(TRACKING);
      expect(await link.getAttribute('href')).toContain(TRACKING);
      expect(await parcels.textContent()).toContain('発送済み');
      // Nothing wider than the page at 1280 px.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await shot('support-operator-member-1280');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
