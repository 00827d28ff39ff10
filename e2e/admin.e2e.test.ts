import fs from 'node:fs';
import path from 'node:path';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, type TestPage } from './support/browser.ts';
import { registerMember, type E2eMember } from './support/members.ts';
import { browser, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * The operator console (issue 12, layers 1-2): the build keeps it out of the shop's pages, and
 * an owner and a staff member sign in and use it at 1280 px.
 */

// The build the shop under test serves (WEB_DIST, as the server reads it), not always apps/web/dist.
const dist = path.resolve(process.env.WEB_DIST ?? path.join(import.meta.dirname, '../apps/web/dist'));
/** A string only the console's code holds (one of its API paths). */
const CONSOLE_MARKER = '/admin/totp/enrol';

describe('the build', () => {
  it('loads no console code on the shop’s pages: the entry’s static import graph has no console chunk', () => {
    const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
    const start = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    expect(start.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    const queue = [...start];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const code = fs.readFileSync(path.join(dist, 'assets', file), 'utf8');
      // Static imports only (import … from "./x.js" and import "./x.js"); import("./x.js") is lazy.
      for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(m[1]!);
    }
    const initial = [...seen];
    expect(initial.filter((f) => f.startsWith('admin'))).toEqual([]);
    for (const file of initial) expect(fs.readFileSync(path.join(dist, 'assets', file), 'utf8'), file).not.toContain(CONSOLE_MARKER);
    // The marker does exist, in a chunk loaded only for /admin: this test can fail.
    const all = fs.readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    const consoleChunks = all.filter((f) => fs.readFileSync(path.join(dist, 'assets', f), 'utf8').includes(CONSOLE_MARKER));
    expect(consoleChunks.length).toBeGreaterThan(0);
    expect(consoleChunks.some((f) => seen.has(f))).toBe(false);
  });
});

useShopAndBrowser();

async function createOperator(mail: string, role: string): Promise<string> {
  const out = await shop.ops(['admin:create', '--mail', mail, '--role', role, '--json']);
  expect(out.code, out.stderr + out.stdout).toBe(0);
  return (JSON.parse(out.stdout) as { one_time_password: string }).one_time_password;
}

function code(secret: string, mail: string): string {
  return new TOTP({ label: mail, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();
}

/** The first login: one-time password, a new password, TOTP enrolment from the QR screen's key. */
async function firstLogin(page: Page, mail: string, oneTime: string, shot?: TestPage['shot']): Promise<void> {
  await page.goto('/admin');
  await page.waitForURL('**/admin/login');
  await page.getByLabel('メールアドレス').fill(mail);
  await page.getByLabel('パスワード', { exact: true }).fill(oneTime);
  await page.getByRole('button', { name: 'ログイン' }).click();
  await page.getByRole('heading', { name: '新しいパスワードの設定' }).waitFor();
  await page.getByLabel('新しいパスワード', { exact: true }).fill('short');
  await page.getByLabel('新しいパスワード（確認）').fill('short');
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await page.getByText('パスワードは12文字以上にしてください。').waitFor();
  await page.getByLabel('新しいパスワード', { exact: true }).fill('console-password-1');
  await page.getByLabel('新しいパスワード（確認）').fill('console-password-1');
  await page.getByRole('button', { name: 'パスワードを変更' }).click();
  await page.getByRole('heading', { name: '2段階認証の設定' }).waitFor();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByRole('img', { name: '認証アプリに登録するQRコード' }).waitFor();
  if (shot) await shot('admin-enrol');
  await page.getByLabel('確認コード（6桁）').fill(code(secret, mail));
  await page.getByRole('button', { name: '確認' }).click();
  await page.getByRole('heading', { name: 'ホーム' }).waitFor();
}

describe('the console at 1280 px', () => {
  it('an owner enrols TOTP, adds an operator, reads the audit log, switches maintenance and reads the outbox', async () => {
    const oneTime = await createOperator('owner@example.com', 'owner');
    const p = await openPage(browser, shop.url, 'desktop');
    const { page, shot } = p;
    try {
      await firstLogin(page, 'owner@example.com', oneTime, shot);
      expect(await page.getByTestId('admin-who').textContent()).toContain('オーナー');
      await shot('admin-home-owner');

      const nav = page.getByRole('navigation', { name: '管理メニュー' });
      await nav.getByRole('link', { name: '担当者' }).click();
      await page.getByLabel('メールアドレス').fill('staff@example.com');
      await page.getByLabel('名前').fill('佐藤 スタッフ');
      await page.getByRole('button', { name: '追加' }).click();
      const issued = page.getByTestId('one-time-password');
      await issued.waitFor();
      const staffPassword = (await issued.locator('code').textContent())!.trim();
      expect(staffPassword).toMatch(/^[A-Za-z0-9]{20}$/);
      await page.getByTestId('operators-table').getByText('staff@example.com').waitFor();
      await shot('admin-operators');

      await nav.getByRole('link', { name: '操作ログ' }).click();
      const audit = page.getByTestId('audit-table');
      await audit.getByText('operator.totp_enrol').waitFor();
      expect(await audit.getByText('operator.create').count()).toBe(2);
      await page.getByLabel('操作', { exact: true }).fill('operator.create');
      await page.getByRole('button', { name: '検索' }).click();
      await page.getByTestId('audit-total').getByText('2件').waitFor();
      await audit.getByRole('button', { name: /担当者/ }).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="audit-table"] th[aria-sort]')?.textContent?.includes('担当者'));
      // The header shows the order at once; the rows come with the server's next page (newest first before).
      await expect.poll(() => audit.locator('tbody tr td:nth-child(2)').allTextContents(), { timeout: 10_000 }).toEqual(['cli', 'owner@example.com']);
      await shot('admin-audit');

      await nav.getByRole('link', { name: 'メンテナンス' }).click();
      await page.getByRole('button', { name: 'メンテナンスを開始' }).click();
      await page.getByRole('button', { name: '実行する' }).click();
      await page.getByTestId('maintenance-state').getByText('現在メンテナンス中です。', { exact: false }).waitFor();
      // Instances see a switch within a second (change feed); this one at once, but poll to be fair.
      const shopState = async () => ((await (await fetch(`${shop.url}/api/user/point`)).json()) as { state: number }).state;
      await expect.poll(shopState, { timeout: 3000 }).toBe(9999);
      await shot('admin-maintenance-on');
      await page.getByRole('button', { name: 'メンテナンスを終了' }).click();
      await page.getByRole('button', { name: '実行する' }).click();
      await page.getByTestId('maintenance-state').getByText('通常どおり営業中', { exact: false }).waitFor();
      await expect.poll(shopState, { timeout: 3000 }).toBe(200);

      await nav.getByRole('link', { name: '送信済みメール・SMS' }).click();
      await page.getByTestId('outbox-table').waitFor();
      await shot('admin-outbox');

      await page.getByTestId('lang-toggle').click();
      await page.getByRole('link', { name: 'Home' }).click();
      await page.getByRole('heading', { name: 'Home' }).waitFor();
      await page.getByTestId('lang-toggle').click();
      expect(p.problems).toEqual([]);

      // Staff: another browser, the same first login; no operators or audit log for this role.
      const s = await openPage(browser, shop.url, 'desktop');
      try {
        await firstLogin(s.page, 'staff@example.com', staffPassword);
        expect(await s.page.getByTestId('admin-who').textContent()).toContain('スタッフ');
        const staffNav = s.page.getByRole('navigation', { name: '管理メニュー' });
        expect(await staffNav.getByRole('link', { name: '担当者' }).count()).toBe(0);
        expect(await staffNav.getByRole('link', { name: '操作ログ' }).count()).toBe(0);
        await s.page.goto('/admin/operators');
        await s.page.getByRole('heading', { name: 'ホーム' }).waitFor();
        await staffNav.getByRole('link', { name: 'メンテナンス' }).click();
        await s.page.getByText('メンテナンスの切り替えはオーナーのみが行えます。').waitFor();
        await s.shot('admin-staff-maintenance');
        await s.page.getByRole('button', { name: 'ログアウト' }).click();
        await s.page.getByRole('heading', { name: '管理画面ログイン' }).waitFor();
        expect(s.problems).toEqual([]);
      } finally {
        await s.close();
      }
    } finally {
      await p.close();
    }
  });

  it('an owner finds a member, adjusts their points (in their history and the audit log) and suspends them', async () => {
    const member = await registerMember(shop, { points: 100 });
    const oneTime = await createOperator('owner2@example.com', 'owner');
    const p = await openPage(browser, shop.url, 'desktop');
    const { page, shot } = p;
    try {
      await firstLogin(page, 'owner2@example.com', oneTime);
      const nav = page.getByRole('navigation', { name: '管理メニュー' });
      await nav.getByRole('link', { name: '会員' }).click();
      await page.getByLabel('会員ID・メールアドレス・名前・電話番号').fill(member.mail);
      await page.getByRole('button', { name: '検索' }).click();
      await page.getByTestId('members-table').getByRole('link', { name: member.mail }).click();
      await page.getByTestId('member-details').getByText(member.mail).waitFor();

      const adjust = page.getByTestId('adjust-form');
      await adjust.getByLabel('数量').fill('500');
      await adjust.getByLabel('理由（会員の履歴に表示されます）').fill('配送遅延のお詫び');
      await adjust.getByRole('button', { name: '調整する' }).click();
      await page.getByText('調整しました。残高：600').waitFor();
      const ledger = page.getByTestId('point-ledger');
      await ledger.getByText('配送遅延のお詫び').waitFor();
      expect(await ledger.locator('tbody tr').first().textContent()).toContain('+500');
      for (const id of ['member-purchases', 'member-holdings', 'member-payments', 'point-lots']) await page.getByTestId(id).waitFor();
      await shot('admin-member');
      expect(await memberHistory(member)).toContain('配送遅延のお詫び');

      // The payments screen filtered to this member (who has paid nothing: the empty table says so).
      await nav.getByRole('link', { name: '決済' }).click();
      await page.getByLabel('会員（IDまたはメールアドレスの一部）').fill(member.mail);
      await page.getByRole('button', { name: '検索' }).click();
      await page.getByTestId('payments-table').waitFor();
      await shot('admin-payments');
      await page.goBack();
      await page.getByTestId('member-details').waitFor();

      const suspend = page.getByTestId('suspend-form');
      await suspend.getByLabel('理由（操作ログに残ります）').fill('不正利用の疑い');
      await suspend.getByRole('button', { name: '利用停止にする' }).click();
      await page.getByTestId('member-suspended').waitFor();
      const refused = (await (await fetch(`${shop.url}/api/user/point/list/1`, { headers: { cookie: `${member.cookie.name}=${member.cookie.value}` } })).json()) as { state: number };
      expect(refused.state).toBe(401);

      await nav.getByRole('link', { name: '操作ログ' }).click();
      await page.getByLabel('操作', { exact: true }).fill('member.');
      await page.getByRole('button', { name: '検索' }).click();
      // Two grants: the command line's when the test made the member (audited as actor cli), and
      // the owner's adjustment.
      await page.getByTestId('audit-table').getByText('member.suspend').waitFor();
      expect(await page.getByTestId('audit-table').getByText('member.points.add').count()).toBe(2);
      expect(await page.getByTestId('audit-table').locator('tr', { hasText: 'member.points.add' }).filter({ hasText: 'cli' }).count()).toBe(1);
      expect(await page.getByTestId('audit-table').getByText('member.suspend').count()).toBe(1);
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});

/** The member's point history as the shop answers it to the member. */
async function memberHistory(member: E2eMember): Promise<string> {
  const res = await fetch(`${shop.url}/api/user/point/list/1`, { headers: { cookie: `${member.cookie.name}=${member.cookie.value}` } });
  return JSON.stringify(await res.json());
}
