import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineStandIn, type LineStandIn } from '../apps/server/src/testing/line-stand-in.ts';
import { turnGridFaceUp } from './support/reveal.ts';
import { listCourses, shop, useShopAndBrowser, withShopPage } from './support/suite.ts';
import { fillCard } from './support/card.ts';

/**
 * The come-back walk (issue 28, done-when), one member at 390 px in Japanese: signs in with LINE
 * against the local provider standing in for LINE and links the new shop account to it, completes
 * the SMS verification (sandbox: the code from the outbox), takes the login bonus the operator
 * turned on, buys a point course with a 10 % discount code (the reduced price by card, the
 * course's full points), draws the pack the operator marked free once a day,
 * is refused a second free draw with its message, and plays a demo draw. Screenshots of each step.
 */

const STAMP = Date.now().toString(36).toUpperCase();
const LOGIN_BONUS = 20;
const COUPON_PERCENT = 10;
const COUPON = `WELCOMEBACK${STAMP}`;
const FREE_PACK = `毎日無料パック${STAMP}`;
const shots = path.resolve(import.meta.dirname, '../test-results/screenshots');
const specs = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-come-back-walk-'));

let line: LineStandIn;
let freePackId: number;
let course: PointCourse;

// The stand-in starts before the shop, whose settings name its address.
beforeAll(async () => {
  line = await startLineStandIn();
}, 60_000);

useShopAndBrowser(undefined, (url) => line.env(url, 0));

afterAll(async () => {
  await line?.close();
  fs.rmSync(specs, { recursive: true, force: true });
});

async function opsOk(args: string[]): Promise<string> {
  const out = await shop.ops(args);
  if (out.code !== 0) throw new Error(`${args.join(' ')} failed: ${out.stderr}${out.stdout}`);
  return out.stdout;
}

async function outbox(to: string): Promise<{ body: string }[]> {
  return (JSON.parse(await opsOk(['outbox', '--to', to, '--reveal-secrets', '--json'])) as { entries: { body: string }[] }).entries;
}

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);
const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const points = (page: Page) => page.evaluate(async () => ((await (await fetch('/api/user/point')).json()) as { point: number }).point);

beforeAll(async () => {
  // The operator marks a pack free once a day (the pack file's free_daily, as the console's "who may buy" does).
  const file = path.join(specs, 'free.json');
  fs.writeFileSync(
    file,
    JSON.stringify({
      name: FREE_PACK,
      card_type: 'カムバック',
      point: 100,
      payment_method: '1',
      free_daily: true,
      lineup: [
        // Every card of a free lot is a prize given by chance: the lineup keeps within 景品表示法's
        // caps (2% of the lot's price × size in all), so the command creates it without a reason.
        { name: '金の竜', rarity: 6, count: 1, buy_point: 20 },
        { name: '銅の剣', rarity: 1, count: 29, buy_point: 1 },
      ],
    }),
  );
  freePackId = (JSON.parse(await opsOk(['pack:create', file, '--json'])) as { id: number }).id;
  await opsOk(['coupon', 'create', '--code', COUPON, '--kind', 'percent_off', '--percent', String(COUPON_PERCENT), '--budget', '100000', '--from', iso(-1), '--to', iso(30), '--name', 'おかえりクーポン']);
  course = (await listCourses(shop))[0] as PointCourse;
}, 120_000);

const yen = (value: number) => `¥${value.toLocaleString('en-US')}`;

/**
 * The coupon step: a course discount code typed on /buy-point (decision 061). The member sees
 * the reduced price, pays it with the sandbox card and receives the course's full points.
 */
async function buyCourseWithCoupon(page: Page, shot: (name: string) => Promise<string>): Promise<void> {
  const before = await points(page);
  const price = Number(course.price);
  const pay = price - Math.floor((price * COUPON_PERCENT) / 100);
  await page.goto('/buy-point');
  const box = page.getByTestId('buy-coupon');
  await box.locator('summary').click();
  await box.getByTestId('buy-coupon-input').fill(COUPON);
  await box.getByTestId('buy-coupon-apply').click();
  const card = page.getByTestId('course').first();
  await expect.poll(() => card.getByTestId('course-discounted').textContent()).toContain(`${yen(price)} → ${yen(pay)}`);
  await shot('come-back-walk-4-coupon');
  await card.getByTestId('course-buy').click();
  await page.waitForURL(`**/confirm-buy-point?pointPriceId=${course.id}**`);
  // LINE sign-up asked for no birth date: the first payment asks for it (decision 037).
  await page.getByTestId('age-gate').waitFor();
  await page.getByTestId('birth-date').fill('1990-04-01');
  await page.getByTestId('birth-date-save').click();
  await page.getByTestId('pay-submit').waitFor();
  expect(await page.getByTestId('confirm-price').textContent()).toBe(yen(pay));
  await fillCard(page);
  await page.getByTestId('pay-submit').click();
  await page.getByTestId('pay-result-success').waitFor();
  await shot('come-back-walk-4b-course-paid');
  expect(await points(page)).toBe(before + Number(course.point) + Number(course.bonus_point || 0));
}

describe('the come-back walk at 390 px in Japanese', () => {
  it('LINE sign-in and link, SMS, login bonus, a coupon on a course, the free daily draw once, a demo draw', async () => {
    const sub = `U-walk-${STAMP}`;
    const tel = `070${String(Date.now() % 100_000_000).padStart(8, '0')}`;
    line.signInAs({ sub, name: 'もどってきた太郎', email: `${sub.toLowerCase()}@line.example` });
    await withShopPage('mobile', { lang: 'ja', stepTimeout: 20_000 }, async ({ page, shot }) => {
      // 1. Sign in with LINE; new to the shop, the member information links the account to LINE.
      await page.goto('/login');
      await page.getByTestId('line-login-button').click();
      await page.waitForURL('**/line-register');
      await expect.poll(() => page.getByTestId('line-register-name').textContent()).toContain('もどってきた太郎');
      await field(page, 'lastName').fill('山田');
      await field(page, 'firstName').fill('太郎');
      await field(page, 'zipcode').fill('1500002');
      await expect.poll(() => field(page, 'shiku').inputValue()).toBe('渋谷区渋谷');
      await field(page, 'address').fill('2-21-1');
      await field(page, 'tel').fill(tel);
      await page.getByTestId('terms-agree').check();
      await page.getByTestId('line-register-submit').click();
      await page.waitForURL('**/change-member?line=registered');
      await page.getByTestId('line-result-ok').click();
      await expect.poll(() => page.getByTestId('line-linked').textContent()).toContain('もどってきた太郎');
      await shot('come-back-walk-1-line-linked');

      // 2. SMS verification (the sandbox's outbox holds the code).
      await page.getByTestId('sms-button').click();
      await page.getByTestId('confirm-yes').click();
      const codeBox = page.getByTestId('sms-code');
      await codeBox.waitFor();
      await expect.poll(async () => (await outbox(tel)).length).toBeGreaterThan(0);
      const code = /\d{6}/.exec((await outbox(tel))[0]?.body ?? '')?.[0] ?? '';
      await codeBox.fill(code);
      await page.getByTestId('sms-submit').click();
      await expect.poll(() => page.getByTestId('alert-message').textContent()).toBe('SMS認証が完了しました。');
      await page.getByTestId('alert-ok').click();
      await page.getByTestId('sms-verified').waitFor();
      await shot('come-back-walk-2-sms-verified');

      // 3. The operator turns the login bonus on; the member's next page takes today's.
      await opsOk(['point-settings', 'set', '--login-bonus', 'on', '--login-bonus-points', String(LOGIN_BONUS)]);
      const beforeBonus = await points(page);
      await page.goto('/my-page');
      await expect.poll(() => page.getByTestId('login-bonus').textContent()).toContain(String(LOGIN_BONUS));
      await shot('come-back-walk-3-login-bonus');
      expect(await points(page)).toBe(beforeBonus + LOGIN_BONUS);

      // 4. A coupon on a point course: the reduced price by card, the course's full points.
      await buyCourseWithCoupon(page, shot);
      const beforeDraw = await points(page);

      // 5. The free daily pack: one draw at no cost.
      await page.goto(`/pack-detail?packId=${freePackId}`);
      await page.getByTestId('badge-members-free_daily').waitFor();
      await shot('come-back-walk-5-free-pack');
      await page.getByTestId('spin-button').click();
      await page.getByTestId('confirm-buy').click();
      await page.waitForURL('**/gacha-animation**');
      await page.getByTestId('reveal-stage').waitFor();
      await page.getByTestId('reveal-tap').click();
      await page.getByTestId('reveal-card').waitFor({ timeout: 20_000 });
      await page.locator('[data-testid="reveal-stage"][data-phase="face"]').waitFor({ timeout: 20_000 });
      await shot('come-back-walk-6-free-draw');
      expect(await points(page)).toBe(beforeDraw);

      // 6. A second try the same day is refused with its message.
      await page.goto(`/pack-detail?packId=${freePackId}`);
      await page.getByTestId('spin-button').click();
      await expect.poll(() => page.getByTestId('count-error').textContent()).toBe('本日の無料ガチャは引き済みです。無料ガチャは1日1回（日本時間）です。');
      // The screen as the member sees it (a full-page shot would draw the sticky buy bar over the message).
      await page.getByTestId('count-error').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(shots, 'come-back-walk-7-free-draw-refused-mobile.png') });

      // 7. A demo draw of the same pack: nothing bought.
      await page.getByTestId('demo-draw-link').click();
      await page.getByRole('heading', { name: '試しに引く（デモ）' }).waitFor();
      await page.getByTestId('demo-start-10').click();
      await turnGridFaceUp(page);
      await page.getByTestId('reveal-tap').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { name: '試し引きの結果（デモ）' }).waitFor();
      await shot('come-back-walk-8-demo-result');
      expect(await points(page)).toBe(beforeDraw);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  }, 240_000);
});
