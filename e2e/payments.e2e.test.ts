import type { Pack } from '@oripa/contract/catalog';
import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { openPage, type TestPage, type ViewportName } from './support/browser.ts';
import { registerMember, signInBrowser, type E2eMember } from './support/members.ts';
import { browser, listCourses, listPacks, shop, useShopAndBrowser } from './support/suite.ts';
import { fillCard } from './support/card.ts';

/**
 * Buying points in the sandbox, one method family at a time, each ending on its screen with the
 * balance in the header and the row in the point history; then a pack bought with the new points
 * after arriving from that pack. The convenience-store expiry moves the clock 4 days ahead
 * (which also ends every session), so it runs last.
 */

let courses: PointCourse[];
let pointPack: Pack;

useShopAndBrowser();

beforeAll(async () => {
  courses = await listCourses(shop);
  const packs = await listPacks(shop);
  pointPack = packs
    .filter((p) => !p.is_before && p.payment_method === '1' && p.pack_count >= 10 && p.can_limit === 0)
    .sort((a, b) => a.point - b.point)[0] as Pack;
  if (courses.length === 0 || !pointPack) throw new Error('the demo data lacks point courses or a point pack');
});

const digits = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).first().textContent()) ?? '').replace(/[^\d]/g, ''));

const yen = (value: string | number) => `¥${Number(value).toLocaleString('en-US')}`;
const points = (value: string | number) => `${Number(value).toLocaleString('en-US')}P`;

/** A member's browser, logged in, at a viewport. */
async function memberPage(viewport: ViewportName, funds: { points?: number; coins?: string } = {}, lang?: 'en') {
  const member = await registerMember(shop, funds);
  const p = await openPage(browser, shop.url, viewport, lang ? { lang } : {});
  await signInBrowser(p.context, shop, member);
  return { ...p, member };
}

/** /buy-point → the course's buy button → /confirm-buy-point with the course. */
async function chooseCourse(page: Page, course: PointCourse, from = '/buy-point'): Promise<void> {
  await page.goto(from);
  const card = page.getByTestId('course').nth(courses.indexOf(course));
  await expect.poll(() => card.getByTestId('course-points').textContent()).toContain(points(course.point));
  await card.getByTestId('course-buy').click();
  await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}**`);
  await page.getByTestId('confirm-summary').waitFor();
  expect(await page.getByTestId('confirm-price').textContent()).toBe(yen(course.price));
}

async function chooseMethod(page: Page, payId: number): Promise<void> {
  await page.getByTestId(`pay-method-radio-${payId}`).check();
}

/** Presses a button of a sandbox page (consent, 3-D Secure, checkout) and waits for the shop. */
async function decideAtSandbox(page: Page, decision: 'approve' | 'decline', arrival: string): Promise<void> {
  await page.locator(`button[value="${decision}"]`).click();
  await page.waitForURL(arrival);
}

async function expectBalance(page: Page, balance: number): Promise<void> {
  await expect.poll(() => digits(page, 'header-point'), { timeout: 10_000 }).toBe(balance);
}

/** The newest row of the point history. */
async function expectHistoryTop(page: Page, course: PointCourse, rows: number): Promise<void> {
  await page.goto('/buy-point-history');
  await page.getByTestId('point-history-row').first().waitFor();
  expect(await page.getByTestId('point-history-row').count()).toBe(rows);
  const top = page.getByTestId('point-history-row').first();
  expect(await top.getByTestId('ledger-points').textContent()).toBe(`+${points(course.point)}`);
  expect(await top.getByTestId('ledger-money').textContent()).toContain(yen(course.price));
}

async function close(p: TestPage): Promise<void> {
  expect(p.problems).toEqual([]);
  await p.close();
}

describe('buying points in the sandbox', () => {
  it('card: success credits at once, a declined card says so and credits nothing (1280 px); coin history', async () => {
    const p = await memberPage('desktop', { coins: '12.50' });
    const { page, shot } = p;
    const course = courses[1] as PointCourse;
    await chooseCourse(page, course);
    await shot('pay-confirm-card');
    // The first method is the default: the card.
    expect(await page.getByTestId('pay-method-radio-1').isChecked()).toBe(true);
    await fillCard(page, { number: '4111111111111111' });
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
    await page.getByTestId('pay-result-success').waitFor();
    await expectBalance(page, Number(course.point));
    await shot('pay-complete-carrier');

    await chooseCourse(page, course);
    await fillCard(page, { number: '4000000000000002' });
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-alert-message').waitFor();
    expect(await page.getByTestId('pay-alert-message').textContent()).toBe(
      '決済に失敗しました。クレジットカードの状態をご確認いただくか、カード会社にお問い合わせください。',
    );
    expect(await page.getByTestId('card-error').textContent()).toContain('クレジットカードの状態');
    await shot('pay-card-declined');
    await page.getByTestId('pay-alert-ok').click();
    expect(new URL(page.url()).pathname).toBe('/confirm-buy-point');

    // A number the tokenizer refuses is shown under the card number, before any payment.
    await fillCard(page, { number: '4111111111111112' });
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-alert-ok').click();
    expect(await page.getByTestId('card-number-error').textContent()).toBe('カード番号が正しくありません。');
    await expectBalance(page, Number(course.point));

    await expectHistoryTop(page, course, 1);
    await shot('pay-point-history');
    await page.goto('/coin-history');
    await page.getByTestId('coin-history-row').first().waitFor();
    // Newest first: the rank coin-back of the card payment (0.5% at the starting rank), then the coins given.
    expect(await page.getByTestId('ledger-coins').allTextContents()).toEqual([
      // Coins show decimals only when they have them (5.5C, not 5.50C).
      `+${Math.floor(Number(course.price) * 50 / 100) / 100}C`,
      '+12.5C',
    ]);
    await close(p);
  });

  it('card with 3-D Secure approved on the challenge page, then a mobile payment by QR: /complete-carrier (390 px)', async () => {
    const p = await memberPage('mobile');
    const { page, shot } = p;
    const course = courses[0] as PointCourse;
    await chooseCourse(page, course);
    await shot('pay-confirm-card');
    await fillCard(page, { number: '4000000000003220' });
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/api/acs/secure?ref=*');
    await shot('pay-3ds-challenge');
    await decideAtSandbox(page, 'approve', '**/complete-carrier?payment_id=*&pay_id=1');
    await page.getByTestId('pay-result-success').waitFor();
    await expectBalance(page, Number(course.point));
    await shot('pay-3ds-complete');

    // Mobile payment: a token without card data, the QR page, the result check.
    await chooseCourse(page, course);
    await chooseMethod(page, 8);
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/consent/*');
    await shot('pay-mobile-qr');
    await decideAtSandbox(page, 'approve', '**/complete-carrier?payment_id=*&pay_id=8');
    await page.getByTestId('pay-result-success').waitFor();
    await expectBalance(page, Number(course.point) * 2);
    await expectHistoryTop(page, course, 2);
    await shot('pay-point-history');
    await close(p);
  });

  it('/card-input: the card typed there is not sent, then paid on the next screen (390 px)', async () => {
    const p = await memberPage('mobile');
    const { page, shot } = p;
    const course = courses[0] as PointCourse;
    const sent: string[] = [];
    page.on('request', (request) => {
      const pathname = new URL(request.url()).pathname;
      // The day's login-bonus claim every page makes for a member (decision 055) carries nothing typed.
      if (request.method() === 'POST' && pathname !== '/api/user/login_bonus') sent.push(`${pathname} ${request.postData() ?? ''}`);
    });
    await page.goto('/card-input');
    await page.getByTestId('course').first().waitFor();
    await page.getByTestId('card-number-1').fill('4111111111111111');
    expect(await page.getByTestId('card-number-4').inputValue()).toBe('1111');
    await page.getByTestId('card-month').fill('12');
    await page.getByTestId('card-year').fill(String(new Date().getFullYear() + 3));
    await page.getByTestId('card-cvc').fill('123');
    await shot('pay-card-input');
    expect(sent).toEqual([]);
    await page.getByTestId('course').first().getByTestId('course-buy').click();
    await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}`);
    expect(await page.getByTestId('card-number-1').inputValue()).toBe('4111');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/complete-carrier?payment_id=*&pay_id=1');
    await expectBalance(page, Number(course.point));
    // The card went to the provider's tokenizer only.
    expect(sent.filter((line) => line.includes('4111'))).toEqual([expect.stringMatching(/^\/sandbox\/pay\/v1\/tokens /)]);
    await close(p);
  });

  it('bank transfer: katakana name, the transfer page (which will not go back), confirmed by the operator (1280 px)', async () => {
    const p = await memberPage('desktop');
    const { page, shot, member } = p;
    const course = courses[2] as PointCourse;
    await chooseCourse(page, course);
    await chooseMethod(page, 4);
    await page.getByTestId('bank-name').fill('やまだ たろう');
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('pay-alert-message').waitFor();
    expect(await page.getByTestId('pay-alert-message').textContent()).toBe('口座名義は全角カタカナで入力してください。');
    await page.getByTestId('pay-alert-ok').click();
    expect(await page.getByTestId('bank-name-field-error').textContent()).toBe('口座名義は全角カタカナで入力してください。');
    await shot('pay-bank-name-error');

    await page.getByTestId('bank-name').fill('ヤマダ タロウ');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/bank-transfer-information?payment_id=*');
    await page.getByTestId('bank-info').waitFor();
    expect(await page.getByTestId('bank-amount').textContent()).toBe(yen(course.price));
    expect(await page.getByTestId('bank-payer').textContent()).toBe('ヤマダ タロウ');
    expect(await page.getByTestId('bank-hours').textContent()).toContain('平日10:00〜18:00');
    await shot('pay-bank-information');

    // Back toward /confirm-buy-point is blocked.
    await page.evaluate(() => window.history.back());
    await page.getByTestId('pay-alert-message').waitFor();
    expect(new URL(page.url()).pathname).toBe('/bank-transfer-information');
    await shot('pay-bank-blocked');
    await page.getByTestId('pay-alert-ok').click();
    await expectBalance(page, 0);

    const listed = await shop.ops(['payment:list', '--mail', member.mail, '--json']);
    expect(listed.code).toBe(0);
    const payment = (JSON.parse(listed.stdout) as { list: { id: number; pay_id: number; state: string; payer_name: string }[] }).list[0];
    expect(payment).toMatchObject({ pay_id: 4, state: 'pending', payer_name: 'ヤマダ タロウ' });
    const confirmed = await shop.ops(['payment:confirm', String(payment?.id)]);
    expect(confirmed.code).toBe(0);

    await page.reload();
    await page.getByTestId('payment-state').waitFor();
    expect(await page.getByTestId('payment-state').textContent()).toBe('入金が確認され、ポイントに反映されました。');
    await expectBalance(page, Number(course.point));
    await expectHistoryTop(page, course, 1);
    await close(p);
  });

  it('carrier billing: approved → /complete-carrier, declined → /error-carrier; checkout wallet approved (1280 px)', async () => {
    const p = await memberPage('desktop');
    const { page, shot } = p;
    const course = courses[0] as PointCourse;
    await chooseCourse(page, course);
    await chooseMethod(page, 6);
    await page.getByTestId('carrier-docomo').check();
    await shot('pay-confirm-carrier');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/consent/*');
    await decideAtSandbox(page, 'approve', '**/complete-carrier?payment_id=*&pay_id=6');
    await page.getByTestId('pay-result-success').waitFor();
    await expectBalance(page, Number(course.point));

    await chooseCourse(page, course);
    await chooseMethod(page, 6);
    await page.getByTestId('carrier-softbank').check();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/consent/*');
    await decideAtSandbox(page, 'decline', '**/error-carrier?payment_id=*&pay_id=6');
    await page.getByTestId('pay-result-failure').waitFor();
    expect(await page.getByTestId('pay-result-text').textContent()).toBe(
      '決済が失敗しました。ご契約状況をご確認ください。状態が不明な場合は、各サービス会社にお問い合わせください。',
    );
    await shot('pay-error-carrier');
    await expectBalance(page, Number(course.point));

    // The checkout-session wallet: sign-in at the wallet, back to review, order, approve.
    await chooseCourse(page, course);
    await chooseMethod(page, 3);
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/checkout?*');
    await decideAtSandbox(page, 'approve', '**/confirm-buy-point?*amazonCheckoutSessionId=*');
    await page.getByTestId('checkout-method').waitFor();
    expect(await page.getByTestId('pay-method-radio-3').isChecked()).toBe(true);
    await shot('pay-checkout-review');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/consent/*');
    await decideAtSandbox(page, 'approve', '**/complete-buy-point-amazom-pay');
    await page.getByTestId('pay-result-success').waitFor();
    await expectBalance(page, Number(course.point) * 2);
    await expectHistoryTop(page, course, 2);
    await close(p);
  });

  it('from a pack: a wallet approved, back to the pack, spin, reveal; another wallet declined (390 px, English)', async () => {
    const p = await memberPage('mobile', {}, 'en');
    const { page, shot } = p;
    const course = courses.find((c) => Number(c.point) >= pointPack.point) as PointCourse;

    await page.goto(`/pack-detail?packId=${pointPack.id}`);
    await page.getByTestId('spin-button').click();
    await page.getByTestId('buy-points').click();
    await page.waitForURL(`**/buy-point?packId=${pointPack.id}`);
    // The English page names the pack as the English list does (the demo catalogue has English names).
    const english = (await listPacks(shop, 'en')).find((p) => p.id === pointPack.id);
    expect(await page.getByTestId('pack-note-name').textContent()).toBe(english?.name);
    await shot('pay-buy-point-from-pack');
    await chooseCourse(page, course, `/buy-point?packId=${pointPack.id}`);
    expect(new URL(page.url()).searchParams.get('packId')).toBe(String(pointPack.id));
    await chooseMethod(page, 5);
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/consent/*');
    await shot('pay-wallet-consent');
    await decideAtSandbox(page, 'approve', '**/complete-buy-point?payment_id=*&pay_id=5');
    await page.getByTestId('pay-result-success').waitFor();
    expect(await page.getByTestId('pay-result-text').textContent()).toBe('The payment succeeded and the points have been added.');
    await expectBalance(page, Number(course.point));
    await page.getByTestId('back-to-pack').waitFor();
    await shot('pay-complete-with-pack');

    await page.getByTestId('back-to-pack').click();
    await page.waitForURL(`**/pack-detail?packId=${pointPack.id}`);
    await page.getByTestId('spin-button').click();
    await page.getByTestId('confirm-buy').click();
    await page.waitForURL('**/gacha-animation**');
    await page.getByTestId('reveal-stage').waitFor();
    await expectBalance(page, Number(course.point) - pointPack.point);

    await chooseCourse(page, course);
    await chooseMethod(page, 12);
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/sandbox/pay/consent/*');
    await decideAtSandbox(page, 'decline', '**/complete-buy-point?payment_id=*&pay_id=12');
    await page.getByTestId('pay-result-failure').waitFor();
    expect(await page.getByTestId('pay-result-text').textContent()).toBe(
      'The payment failed. Check the status of your wallet, or select your payment method in the wallet again.',
    );
    await shot('pay-wallet-declined');
    await expectBalance(page, Number(course.point) - pointPack.point);

    await page.goto('/buy-point-history');
    await page.getByTestId('point-history-row').first().waitFor();
    const rows = page.getByTestId('point-history-row');
    expect(await rows.count()).toBe(2);
    expect(await rows.nth(0).getByTestId('ledger-points').textContent()).toBe(`-${points(pointPack.point)}`);
    expect(await rows.nth(1).getByTestId('ledger-points').textContent()).toBe(`+${points(course.point)}`);
    await shot('pay-point-history-en');
    await close(p);
  });

  it('convenience store: paid with the slip’s button, and another expired 4 days later (390 px)', async () => {
    const p = await memberPage('mobile');
    const { page, shot, member } = p;
    const course = courses[0] as PointCourse;
    await chooseCourse(page, course);
    await chooseMethod(page, 2);
    await page.getByTestId('pay-submit').click();
    await page.getByTestId('combini-error').waitFor();
    await page.getByTestId('pay-alert-ok').click();
    await page.getByTestId('combini-sej').check();
    await shot('pay-confirm-combini-choice');
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/confirm-combini?payment_id=*');
    await page.getByTestId('combini-info').waitFor();
    expect(await page.getByTestId('combini-receipt').textContent()).toMatch(/^\d{13}$/);
    expect(await page.getByTestId('combini-amount').textContent()).toBe(yen(course.price));
    await shot('pay-confirm-combini');

    const [slip] = await Promise.all([p.context.waitForEvent('page'), page.getByTestId('combini-slip-link').click()]);
    await slip.waitForLoadState();
    await slip.locator('form button').click();
    await slip.getByText('お支払い済みです。').waitFor();
    await slip.close();
    await page.reload();
    await page.getByTestId('payment-state').waitFor();
    expect(await page.getByTestId('payment-state').textContent()).toBe('お支払いが確認され、ポイントに反映されました。');
    await expectBalance(page, Number(course.point));
    await expectHistoryTop(page, course, 1);

    // A second slip, left unpaid past its deadline.
    await chooseCourse(page, course);
    await chooseMethod(page, 2);
    await page.getByTestId('combini-econ').check();
    await page.getByTestId('pay-submit').click();
    await page.waitForURL('**/confirm-combini?payment_id=*');
    const unpaid = new URL(page.url()).searchParams.get('payment_id');
    const later = new Date(Date.now() + 4 * 24 * 60 * 60 * 1000).toISOString();
    expect((await shop.ops(['jobs', '--now', later])).code).toBe(0);

    // The sweep at that time also ended the session: log in again.
    await page.goto(`/complete-buy-point?payment_id=${unpaid}`);
    await logInIfAsked(page, member);
    await page.goto(`/complete-buy-point?payment_id=${unpaid}`);
    await page.getByTestId('pay-result-failure').waitFor();
    expect(await page.getByTestId('pay-result-text').textContent()).toBe('お支払い期限を過ぎたため、ご注文は取り消されました。');
    await shot('pay-combini-expired');
    await page.goto(`/confirm-combini?payment_id=${unpaid}`);
    await page.getByTestId('payment-state').waitFor();
    expect(await page.getByTestId('combini-slip-link').count()).toBe(0);
    await expectBalance(page, Number(course.point));
    await close(p);
  });
});

async function logInIfAsked(page: Page, member: E2eMember): Promise<void> {
  await page.waitForLoadState('networkidle');
  if (new URL(page.url()).pathname !== '/login') return;
  await page.locator('input[name="mail"]').fill(member.mail);
  await page.locator('input[name="pass"]').fill(member.pass);
  await page.getByTestId('login-button').click();
  await page.waitForURL((url) => url.pathname !== '/login');
}
