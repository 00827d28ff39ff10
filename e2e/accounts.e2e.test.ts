import { request, type Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { noteFocusWhenDrawn, type TestPage, type ViewportName } from './support/browser.ts';
import { listPacks, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

/**
 * Member accounts in the browser (issue 3): registration in Japanese mode with the postal-code
 * lookup and in English mode with an overseas address, login with and without packId, password
 * reissue by the mailed link, SMS verification with the code from the outbox, member
 * information and password changes — at 390 px and 1280 px. Every test has its own browser
 * context and its own member.
 */

let packOnSale: { id: number; name: string };

useShopAndBrowser();

beforeAll(async () => {
  const pack = (await listPacks(shop)).find((p) => !p.is_before && p.pack_count > 0);
  if (!pack) throw new Error('the demo catalogue has no pack on sale');
  packOnSale = pack;
});

let serial = 0;

/** A member nobody registered yet: unique address and phone number per test. */
function newMember(label: string, viewport: ViewportName) {
  serial += 1;
  const stamp = `${Date.now().toString(36)}${serial}`;
  const digits = `${Date.now() % 100_000_000}`.padStart(8, '0');
  const tel = `090${(Number(digits) + serial * 7919) % 100_000_000}`.padEnd(11, '0');
  return { mail: `${label}-${viewport}-${stamp}@example.jp`, pass: 'secret123', tel };
}
type Member = ReturnType<typeof newMember>;

/** Each step of these pages waits 15 s at most, so a failure names its step before the test's own timeout. */
const withPage = (viewport: ViewportName, lang: 'ja' | 'en' | undefined, run: (p: TestPage) => Promise<void>) =>
  withShopPage(viewport, { lang, stepTimeout: 15_000 }, run);

/** Registers `member` through the API, in its own cookie jar (the browser stays logged out). */
async function registerByApi(member: Member): Promise<void> {
  const api = await request.newContext({ baseURL: shop.url });
  try {
    const { csrf } = (await (await api.get('/api/user/point')).json()) as { csrf: string };
    const payload = {
      lastName: '試験',
      middleName: '',
      firstName: '花子',
      tel: member.tel,
      mail: member.mail,
      zipcode: '1500002',
      pref_id: 13,
      country: '',
      shiku: '渋谷区渋谷',
      address: '2-21-1',
      building: '',
      pass: member.pass,
      confirmPass: member.pass,
      referralCode: '',
    };
    const res = await api.post('/api/user/append', { form: { csrf, json: JSON.stringify(payload) } });
    const body = (await res.json()) as { state: number; errors: unknown };
    if (body.state !== 200) throw new Error(`registration failed: ${JSON.stringify(body.errors)}`);
  } finally {
    await api.dispose();
  }
}

/**
 * Mails and SMS the shop sent to `to`, newest first, from `npm run ops -- outbox`: with the
 * reset links and SMS codes a member receives, which a test shop shows on request (never in
 * production, and never in the console).
 */
async function outbox(to: string): Promise<{ body: string; subject: string }[]> {
  const out = await shop.ops(['outbox', '--to', to, '--reveal-secrets', '--json']);
  expect(out.code).toBe(0);
  return (JSON.parse(out.stdout) as { entries: { body: string; subject: string }[] }).entries;
}

async function logIn(page: Page, member: Member, pass = member.pass) {
  await field(page, 'mail').fill(member.mail);
  await field(page, 'pass').fill(pass);
  await page.getByTestId('login-button').click();
}

/** A form control by its name (the labels carry a 'required' badge, so names are exact). */
function field(page: Page, name: string) {
  return page.locator(`form [name="${name}"]`);
}

/** The error shown under a field of a form. */
function fieldError(page: Page, testId: string) {
  return page.getByTestId(testId).locator('.field-error');
}

describe.each(['mobile', 'desktop'] as const)('member accounts at %s width', (viewport) => {
  it('registers in Japanese mode: postal lookup, server errors, confirm with fix, completion', async () => {
    const member = newMember('ja', viewport);
    await withPage(viewport, undefined, async ({ page, shot }) => {
      await page.goto('/login');
      await page.getByTestId('register-link').click();
      await page.waitForURL('**/user-register');

      await field(page, 'lastName').fill('山田');
      await field(page, 'firstName').fill('太郎');
      await field(page, 'zipcode').fill('1500002');
      // The lookup fills the prefecture and the city.
      await expect.poll(() => field(page, 'shiku').inputValue()).toBe('渋谷区渋谷');
      expect(await field(page, 'pref_id').inputValue()).toBe('13');
      await field(page, 'address').fill('2-21-1');
      await field(page, 'building').fill('渋谷ヒカリエ 11F');
      await field(page, 'tel').fill(member.tel);
      await field(page, 'mail').fill(member.mail);
      await field(page, 'pass').fill(member.pass);
      await field(page, 'confirmPass').fill('different1');

      // The confirm button shows only once the terms are agreed to.
      expect(await page.getByTestId('register-confirm').count()).toBe(0);
      await page.getByTestId('terms-agree').check();
      await page.getByTestId('register-confirm').click();
      // The server refuses the mismatch under both password fields.
      await expect.poll(() => fieldError(page, 'field-confirmPass').textContent()).toContain('一致しません');
      expect(await fieldError(page, 'field-pass').textContent()).toContain('一致しません');
      await shot('register-errors-ja');

      await field(page, 'confirmPass').fill(member.pass);
      await shot('register-form-ja');
      await page.getByTestId('register-confirm').click();
      await page.waitForURL('**/confirm-user-register?**');
      const query = new URL(page.url()).searchParams;
      expect(query.get('mail')).toBe(member.mail);
      expect(query.get('pref_id')).toBe('13');
      expect(page.url()).not.toContain(member.pass);
      expect(await page.getByTestId('confirm-pass').textContent()).not.toContain(member.pass);
      expect(await page.getByTestId('confirm-pref_id').textContent()).toContain('東京都');
      await shot('register-confirm-ja');

      // 'Fix' returns with the values; the form goes on from there.
      await page.getByTestId('register-fix').click();
      await page.waitForURL('**/user-register?**');
      expect(await field(page, 'mail').inputValue()).toBe(member.mail);
      await field(page, 'building').fill('渋谷ヒカリエ 12F');
      await page.getByTestId('register-confirm').click();
      await page.waitForURL('**/confirm-user-register?**');
      expect(await page.getByTestId('confirm-building').textContent()).toContain('12F');
      await page.getByTestId('register-submit').click();

      await page.waitForURL('**/complete-user-register');
      await page.getByTestId('register-complete').waitFor();
      await shot('register-complete-ja');
      await page.getByRole('link', { name: 'トップページへ' }).click();
      await page.waitForURL(`${shop.url}/`);
      // Registered means logged in: the header shows the balances.
      await page.getByTestId('header-point').waitFor();
    });
  });

  it('registers an overseas member in English mode (pref_id 99 and a country)', async () => {
    const member = newMember('en', viewport);
    await withPage(viewport, 'en', async ({ page, shot }) => {
      await page.goto('/user-register');
      await field(page, 'lastName').fill('Smith');
      await field(page, 'middleName').fill('J.');
      await field(page, 'firstName').fill('Anna');
      await field(page, 'zipcode').fill('94105');
      expect(await field(page, 'pref_id').count()).toBe(0);
      await field(page, 'country').fill('United States');
      await field(page, 'shiku').fill('San Francisco, CA');
      await field(page, 'address').fill('1 Market Street');
      await field(page, 'tel').fill('14155550123');
      await field(page, 'mail').fill(member.mail);
      await field(page, 'pass').fill(member.pass);
      await field(page, 'confirmPass').fill(member.pass);
      await page.getByTestId('terms-agree').check();
      await shot('register-form-en');
      await page.getByTestId('register-confirm').click();

      await page.waitForURL('**/confirm-user-register?**');
      const query = new URL(page.url()).searchParams;
      expect(query.get('pref_id')).toBe('99');
      expect(query.get('country')).toBe('United States');
      expect(await page.getByTestId('confirm-country').textContent()).toContain('United States');
      await shot('register-confirm-en');
      await page.getByTestId('register-submit').click();
      await page.waitForURL('**/complete-user-register');

      // The stored address is the overseas one.
      await page.goto('/change-member');
      expect(await field(page, 'country').inputValue()).toBe('United States');
      expect(await page.getByTestId('region-overseas').isChecked()).toBe(true);
      expect(await field(page, 'middleName').inputValue()).toBe('J.');
      await shot('change-member-en');
    });
  });

  it('logs in to the top page, refuses a wrong password under the mail, and returns to the pack with packId', async () => {
    const member = newMember('login', viewport);
    await registerByApi(member);
    await withPage(viewport, undefined, async ({ page, shot }) => {
      await page.goto('/login');
      await logIn(page, member, 'wrongpass1');
      await expect
        .poll(() => fieldError(page, 'login-form').first().textContent())
        .toContain('メールアドレスまたはパスワードが一致しません');
      await shot('login-error');

      await field(page, 'pass').fill(member.pass);
      await page.getByTestId('login-button').click();
      await page.waitForURL(`${shop.url}/`);
      await page.getByTestId('header-point').waitFor();

      // My page: the name, and logout leads to the login screen.
      await page.goto('/my-page');
      await expect.poll(() => page.getByTestId('member-name').textContent()).toContain('試験 花子');
      await page.getByTestId('logout-button').click();
      await page.waitForURL('**/login');

      // With packId the login returns to the pack (Enter submits, save_cookie on).
      await page.goto(`/login?packId=${packOnSale.id}`);
      await field(page, 'mail').fill(member.mail);
      await page.getByText('次回から入力を省略する').click();
      await field(page, 'pass').fill(member.pass);
      await field(page, 'pass').press('Enter');
      await page.waitForURL(`**/pack-detail?packId=${packOnSale.id}`);
      await page.getByRole('heading', { level: 1, name: packOnSale.name }).waitFor();
      await page.getByTestId('header-point').waitFor();
      // 'Skip input next time' made the session cookie long-lived.
      const session = (await page.context().cookies()).find(
        (c) => c.httpOnly && c.expires > Date.now() / 1000 + 7 * 86400,
      );
      expect(session).toBeDefined();
    });
  });

  it('resets a forgotten password with the mailed link, then logs in with the new one', async () => {
    const member = newMember('reset', viewport);
    await registerByApi(member);
    await withPage(viewport, undefined, async ({ page, shot }) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'パスワードをお忘れの方' }).click();
      await page.waitForURL('**/password-reissue');
      await field(page, 'mail').fill(member.mail);
      await shot('reissue-form');
      await page.getByTestId('reissue-send').click();
      await page.waitForURL('**/complete-password-reissue');
      await page.getByTestId('reissue-complete').waitFor();
      await shot('reissue-complete');
      // The form was replaced in the history: Back goes to the login screen, not to it.
      await page.goBack();
      await page.waitForURL('**/login');

      const mail = (await outbox(member.mail))[0];
      const link = /https?:\/\/\S+\/password-reissue\?token=[\w-]+/.exec(mail?.body ?? '')?.[0];
      expect(link).toBeDefined();
      const url = new URL(link ?? '');
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByTestId('new-password-form').waitFor();
      await field(page, 'pass').fill('newpass456');
      await field(page, 'confirmPass').fill('newpass456');
      await shot('reissue-new-password');
      await page.getByTestId('new-password-submit').click();
      await page.waitForURL('**/complete-password-reissue');
      await page.getByText('新しいパスワードを設定しました').waitFor();

      // The link works once.
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByTestId('reissue-link-invalid').waitFor();

      await page.goto('/login');
      await logIn(page, member, 'newpass456');
      await page.waitForURL(`${shop.url}/`);
      await page.getByTestId('header-point').waitFor();
    });
  });

  it('verifies the phone by SMS with the code from the outbox; the phone is read-only afterwards', async () => {
    const member = newMember('sms', viewport);
    await registerByApi(member);
    await withPage(viewport, undefined, async ({ page, shot }) => {
      await page.goto('/login');
      await logIn(page, member);
      await page.waitForURL(`${shop.url}/`);
      await page.goto('/change-member');
      await page.getByTestId('sms-button').click();
      await expect
        .poll(() => page.getByTestId('confirm-message').textContent())
        .toBe('SMSコードを送信しますか？');
      await page.getByTestId('confirm-yes').click();
      const codeBox = page.getByTestId('sms-code');
      await codeBox.waitFor();
      expect(await codeBox.getAttribute('maxlength')).toBe('6');

      await codeBox.fill('000000');
      await page.getByTestId('sms-submit').click();
      await expect
        .poll(() => page.locator('.sms-modal .field-error').textContent())
        .toContain('認証コードが正しくありません');
      await shot('sms-popup');

      const sms = (await outbox(member.tel))[0];
      const code = /\d{6}/.exec(sms?.body ?? '')?.[0];
      expect(code).toBeDefined();
      await codeBox.fill(code ?? '');
      await page.getByTestId('sms-submit').click();
      await expect
        .poll(() => page.getByTestId('alert-message').textContent())
        .toBe('SMS認証が完了しました。');
      expect(await codeBox.count()).toBe(0);
      await page.getByTestId('alert-ok').click();

      expect(await field(page, 'tel').getAttribute('readonly')).not.toBeNull();
      await page.getByTestId('sms-verified').waitFor();
      expect(await page.getByTestId('sms-button').count()).toBe(0);
      await shot('change-member-verified');

      const detail = await page.evaluate(
        async () => (await (await fetch('/api/user/detail')).json()) as { end_sms: number },
      );
      expect(detail.end_sms).toBe(1);
    });
  });

  it('changes the member information and the password, then logs in with the new password', async () => {
    const member = newMember('change', viewport);
    await registerByApi(member);
    expect(
      (await shop.ops(['grant', '--mail', member.mail, '--points', '1500', '--reason', 'e2e welcome'])).code,
    ).toBe(0);
    await withPage(viewport, undefined, async ({ page, shot, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await page.goto('/login');
      await logIn(page, member);
      await page.waitForURL(`${shop.url}/`);

      await page.goto('/my-page');
      await expect.poll(() => page.getByTestId('member-name').textContent()).toContain('試験 花子');
      expect(await page.getByTestId('my-points').textContent()).toBe('1,500P');
      await page.getByTestId('rank-bar').waitFor();
      await page.getByTestId('next-month-rank').waitFor();
      await shot('my-page');

      await page.getByRole('link', { name: '会員情報メニュー' }).click();
      await page.waitForURL('**/user-menu');
      await page.getByRole('link', { name: 'お客様情報' }).click();
      await page.waitForURL('**/change-member');
      const firstName = field(page, 'firstName');
      await expect.poll(() => firstName.inputValue()).toBe('花子');

      // The server's message comes under the field, which has the focus as it shows.
      await firstName.fill('');
      const focusAtError = await noteFocusWhenDrawn(page, 'form .field-error');
      await page.getByTestId('change-member-submit').click();
      await expect.poll(() => fieldError(page, 'field-firstName').textContent()).toBe('入力してください。');
      expect(await focusAtError()).toBe('firstName');

      await firstName.fill('春子');
      await field(page, 'building').fill('ヒカリエ 34F');
      await field(page, 'zipcode').fill('1000001');
      await expect.poll(() => field(page, 'shiku').inputValue()).toBe('千代田区千代田');
      await page.getByTestId('change-member-submit').click();
      await expect
        .poll(() => page.getByTestId('alert-message').textContent())
        .toBe('お客様情報を更新しました。');
      await page.getByTestId('alert-ok').click();

      // The referral code copies to the clipboard.
      const code = (await page.getByTestId('referral-code').textContent()) ?? '';
      expect(code).toMatch(/^[A-Z2-9]{8}$/);
      await page.getByTestId('referral-copy').click();
      await expect
        .poll(() => page.getByTestId('referral-copy-status').textContent())
        .toBe('紹介コードをコピーしました。');
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
      await shot('change-member-ja');

      await page.reload();
      await expect.poll(() => field(page, 'building').inputValue()).toBe('ヒカリエ 34F');
      expect(await field(page, 'firstName').inputValue()).toBe('春子');
      await page.getByTestId('change-member-back').click();
      await page.waitForURL('**/my-page');

      await page.goto('/user-menu');
      await page.getByRole('link', { name: 'パスワード変更' }).click();
      await page.waitForURL('**/change-password');
      await field(page, 'pass').fill('changed789');
      await field(page, 'confirmPass').fill('changed780');
      const focusAtMismatch = await noteFocusWhenDrawn(page, 'form .field-error');
      await page.getByTestId('change-password-submit').click();
      await expect.poll(() => fieldError(page, 'field-confirmPass').textContent()).toContain('一致しません');
      expect(await focusAtMismatch()).toBe('pass');
      await field(page, 'confirmPass').fill('changed789');
      await shot('change-password');
      await page.getByTestId('change-password-submit').click();
      await expect
        .poll(() => page.getByTestId('alert-message').textContent())
        .toBe('パスワードを変更しました。');
      await page.getByTestId('alert-ok').click();
      await page.waitForURL('**/my-page');

      await page.getByTestId('logout-button').click();
      await page.waitForURL('**/login');
      await logIn(page, member, 'changed789');
      await page.waitForURL(`${shop.url}/`);
      await page.getByTestId('header-point').waitFor();
    });
  });
});
