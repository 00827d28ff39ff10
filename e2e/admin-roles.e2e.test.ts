import type { BrowserContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, type E2eMember } from './support/members.ts';
import { openConsole, signInNewOperator } from './support/operators.ts';
import { browser, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * Console roles at 1280 px (issue 12): staff cannot manage operators, support reads members,
 * payments and the outbox and acts on members only (note, compensation, suspension: decision 049,
 * walked in support-operator.e2e.test.ts), never on payments or settings, a suspended member is refused at login and at a
 * purchase; an owner records a payment received outside the site, which the member then sees
 * in their point history, and the payment's page shows its history.
 */

useShopAndBrowser();

/** A console call from the browser context (its console cookie), csrf taken from a GET first. */
async function consoleCall(context: BrowserContext, method: 'GET' | 'POST', path: string, payload: unknown = {}) {
  const url = `${shop.url}/api${path}`;
  if (method === 'GET') return (await (await context.request.get(url)).json()) as { state: number; errors: Record<string, string[]> };
  const { csrf } = (await (await context.request.get(`${shop.url}/api/admin/me`)).json()) as { csrf: string };
  const res = await context.request.post(url, { form: { csrf, json: JSON.stringify(payload) } });
  return (await res.json()) as { state: number; errors: Record<string, string[]> };
}

/** A member's shop call with their own session (csrf from a GET first). */
async function shopCall(cookie: string, method: 'GET' | 'POST', path: string, payload: unknown = {}) {
  const first = await fetch(`${shop.url}/api/user/point`, { headers: { cookie } });
  const set = first.headers.getSetCookie().map((c) => c.split(';')[0]!).find((c) => c.startsWith('oripa_sid='));
  const jar = set ?? cookie;
  const { csrf } = (await first.json()) as { csrf: string };
  const res =
    method === 'GET'
      ? await fetch(`${shop.url}/api${path}`, { headers: { cookie: jar } })
      : await fetch(`${shop.url}/api${path}`, {
          method: 'POST',
          headers: { cookie: jar, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf, json: JSON.stringify(payload) }).toString(),
        });
  return (await res.json()) as { state: number; errors: Record<string, string[]> };
}

const cookieOf = (m: E2eMember) => `${m.cookie.name}=${m.cookie.value}`;

describe('console roles at 1280 px', () => {
  it('staff: no operators section, the address leads home, the call answers 4030', async () => {
    const p = await openConsole(browser, shop, 'staff', 'desktop');
    try {
      await p.page.goto('/admin');
      const nav = p.page.getByRole('navigation', { name: '管理メニュー' });
      await nav.getByRole('link', { name: '会員' }).waitFor();
      expect(await nav.getByRole('link', { name: '担当者' }).count()).toBe(0);
      expect(await nav.getByRole('link', { name: '決済' }).count()).toBe(0);
      await p.page.goto('/admin/operators');
      await p.page.getByRole('heading', { name: 'ホーム' }).waitFor();
      expect(new URL(p.page.url()).pathname).toBe('/admin');
      const refused = await consoleCall(p.context, 'GET', '/admin/operators');
      expect(refused.state).toBe(4030);
      expect(refused.errors.operator).toEqual(['この操作を行う権限がありません。']);
      const create = await consoleCall(p.context, 'POST', '/admin/operators/create', { mail: 'x@example.com', name: 'x', role: 'owner' });
      expect(create.state).toBe(4030);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('support: reads members, payments and the outbox; acts on the member only, and the other calls are refused', async () => {
    const member = await registerMember(shop, { points: 300 });
    const p = await openConsole(browser, shop, 'support', 'desktop');
    const { page, shot } = p;
    try {
      await page.goto('/admin');
      const nav = page.getByRole('navigation', { name: '管理メニュー' });
      for (const name of ['会員', '決済', '送信済みメール・SMS']) await nav.getByRole('link', { name }).waitFor();
      expect(await nav.getByRole('link', { name: '担当者' }).count()).toBe(0);

      await nav.getByRole('link', { name: '会員' }).click();
      await page.getByLabel('会員ID・メールアドレス・名前・電話番号').fill(member.mail);
      await page.getByRole('button', { name: '検索' }).click();
      await page.getByTestId('members-table').getByRole('link', { name: member.mail }).click();
      await page.getByTestId('member-details').getByText(member.mail).waitFor();
      await page.getByTestId('point-ledger').waitFor();
      await page.getByRole('heading', { name: '友達紹介' }).waitFor();
      for (const id of ['adjust-form', 'suspend-form']) await page.getByTestId(id).waitFor();
      await page.getByRole('button', { name: 'メモを保存' }).waitFor();
      expect(await page.getByTestId('outside-payment-form').count()).toBe(0);
      await shot('admin-support-member');

      await nav.getByRole('link', { name: '決済' }).click();
      await page.getByTestId('payments-table').waitFor();
      expect(await page.getByRole('button', { name: '入金を確認' }).count()).toBe(0);
      await nav.getByRole('link', { name: '送信済みメール・SMS' }).click();
      await page.getByTestId('outbox-table').waitFor();

      const userId = Number(new URL(page.url(), shop.url).pathname.split('/').pop());
      for (const [path, payload] of [
        ['/admin/payments/record', { user_id: userId, points: 100, yen: 100, method: 'cash', reference: 'support-try' }],
        ['/admin/payments/confirm', { payment_id: 1 }],
        ['/admin/maintenance', { maintenance: true }],
      ] as const) {
        expect((await consoleCall(p.context, 'POST', path, payload)).state, path).toBe(4030);
      }
      expect(await shopBalance(member)).toBe(300);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });

  it('owner: records a payment received outside the site; the member sees it in the point history; its page shows the history; a suspended member is refused at login and at a purchase', async () => {
    const member = await registerMember(shop);
    const p = await openPage(browser, shop.url, 'desktop');
    const { page, shot } = p;
    try {
      const owner = await signInNewOperator(p.context, shop, 'owner');
      await page.goto('/admin/members');
      await page.getByLabel('会員ID・メールアドレス・名前・電話番号').fill(member.mail);
      await page.getByRole('button', { name: '検索' }).click();
      await page.getByTestId('members-table').getByRole('link', { name: member.mail }).click();
      const form = page.getByTestId('outside-payment-form');
      await form.waitFor();
      // Bad input first: the messages sit under their fields.
      await form.getByRole('button', { name: '記録する' }).click();
      await form.getByText('ポイントコースを選ぶか、ポイントと金額の両方を入力してください（どちらか一方）。').first().waitFor();
      await form.getByLabel('ポイント', { exact: true }).fill('1200');
      await form.getByLabel('金額（円・税込）').fill('1200');
      await form.getByLabel('受け取り方法').selectOption('cash');
      await form.getByLabel('受付番号（振込番号・領収書番号など）').fill('SHOP-0001');
      await form.getByRole('button', { name: '記録する' }).click();
      await form.getByText('1200ポイント（1200円）', { exact: false }).waitFor();
      // Again with the same reference: nothing twice.
      await form.getByLabel('ポイント', { exact: true }).fill('1200');
      await form.getByLabel('金額（円・税込）').fill('1200');
      await form.getByLabel('受け取り方法').selectOption('cash');
      await form.getByLabel('受付番号（振込番号・領収書番号など）').fill('SHOP-0001');
      await form.getByRole('button', { name: '記録する' }).click();
      await form.getByText('すでに決済', { exact: false }).waitFor();
      await page.getByTestId('point-ledger').getByText('ポイント購入（現金（サイト外））').waitFor();
      await shot('admin-member-outside-payment');

      await page.getByTestId('member-payments').getByRole('link').first().click();
      const events = page.getByTestId('payment-events');
      await events.getByText('サイト外の入金を記録・ポイント付与').waitFor();
      expect(await events.textContent()).toContain(owner.mail);
      expect(await page.getByTestId('payment-details').textContent()).toContain('現金（サイト外）');
      await shot('admin-payment-detail');
      // The same page at 390 px in English (a phone at the counter).
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('lang-toggle').click();
      await page.getByRole('heading', { name: 'History' }).waitFor();
      await page.getByTestId('payment-events').getByText('Paid outside the site recorded, points credited').waitFor();
      await shot('admin-payment-detail-390-en');
      await page.getByTestId('lang-toggle').click();
      await page.getByRole('heading', { name: '履歴' }).waitFor();
      await page.setViewportSize({ width: 1280, height: 900 });

      // The member's own point history.
      const m = await openPage(browser, shop.url, 'desktop');
      try {
        await m.context.addCookies([{ name: member.cookie.name, value: member.cookie.value, url: shop.url }]);
        await m.page.goto('/buy-point-history');
        await m.page.getByText('ポイント購入（現金（サイト外））').waitFor();
        await m.shot('member-point-history-outside');
        expect(m.problems).toEqual([]);
      } finally {
        await m.close();
      }

      // Suspended: the session ends, the login is refused after the right password, a purchase too.
      await page.goBack();
      const suspend = page.getByTestId('suspend-form');
      await suspend.getByLabel('理由（操作ログに残ります）').fill('テスト');
      await suspend.getByRole('button', { name: '利用停止にする' }).click();
      await page.getByTestId('member-suspended').waitFor();
      const login = await shopCall('', 'POST', '/user/login', { mail: member.mail, pass: member.pass });
      expect(login.errors).toMatchObject({ mail: ['このアカウントはご利用を停止しています。お問い合わせください。'] });
      const buy = await shopCall(cookieOf(member), 'POST', '/user/pack/check', { count: 1, pack_id: 1 });
      expect(buy.state).toBe(401);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});

/** The member's point balance as the shop answers it to them. */
async function shopBalance(member: E2eMember): Promise<number> {
  const res = await fetch(`${shop.url}/api/user/detail`, { headers: { cookie: cookieOf(member) } });
  return Number(((await res.json()) as { availablePoint: number }).availablePoint);
}
