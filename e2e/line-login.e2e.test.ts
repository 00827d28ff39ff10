import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLineStandIn, type LineStandIn } from '../apps/server/src/testing/line-stand-in.ts';
import { registerMember } from './support/members.ts';
import { shop, useShopAndBrowser, withShopPage } from './support/suite.ts';

/**
 * LINE Login in the browser (decision 057) against a local OpenID provider standing in for LINE
 * (oidc-provider, apps/server/src/testing/line-stand-in.ts): a LINE user new to the shop signs
 * up at 390 px in Japanese; a member links LINE at 1280 px in English and gets the friend bonus.
 */

const BONUS = 200;
let line: LineStandIn;

beforeAll(async () => {
  line = await startLineStandIn();
});
afterAll(async () => {
  await line?.close();
});

useShopAndBrowser(undefined, (url) => line.env(url, BONUS));

const field = (page: Page, name: string) => page.locator(`form [name="${name}"]`);

describe('LINE Login', () => {
  it('signs a LINE user new to the shop up at 390 px in Japanese: no password, SMS before buying', async () => {
    const sub = `U-e2e-new-${Date.now().toString(36)}`;
    line.signInAs({ sub, name: 'LINE花子', email: `${sub.toLowerCase()}@line.example` });
    await withShopPage('mobile', { stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/login');
      const button = page.getByTestId('line-login-button');
      await expect.poll(() => button.textContent()).toBe('LINELINEでログイン');
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(6, 199, 85)');
      await button.click();
      await page.waitForURL('**/line-register');
      await expect.poll(() => page.getByTestId('line-register-name').textContent()).toContain('LINE花子');
      expect(await field(page, 'mail').inputValue()).toBe(`${sub.toLowerCase()}@line.example`);
      await field(page, 'lastName').fill('山田');
      await field(page, 'firstName').fill('花子');
      await field(page, 'zipcode').fill('1500002');
      await expect.poll(() => field(page, 'shiku').inputValue()).toBe('渋谷区渋谷');
      await field(page, 'address').fill('2-21-1');
      await field(page, 'tel').fill(`070${String(Date.now() % 100_000_000).padStart(8, '0')}`);
      await page.getByTestId('terms-agree').check();
      await shot('line-register-390-ja');
      await page.getByTestId('line-register-submit').click();
      await page.waitForURL('**/change-member?line=registered');
      await expect.poll(() => page.getByTestId('line-result-message').textContent()).toContain('SMS認証');
      await page.getByTestId('line-result-ok').click();
      await expect.poll(() => page.getByTestId('line-linked').textContent()).toContain('LINE花子');
      expect(await page.getByTestId('line-unlink-needs-password').isVisible()).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    });
  });

  it('links an existing member at 1280 px in English, with the friend bonus', async () => {
    const member = await registerMember(shop);
    const sub = `U-e2e-link-${Date.now().toString(36)}`;
    line.signInAs({ sub, name: 'Taro on LINE' });
    line.friends.add(sub);
    await withShopPage('desktop', { lang: 'en', member, stepTimeout: 15_000 }, async ({ page, shot }) => {
      await page.goto('/change-member');
      await expect.poll(() => page.getByTestId('line-link').textContent()).toContain(`get ${BONUS} points`);
      await page.getByTestId('line-link-button').click();
      await page.waitForURL('**/change-member?line=linked');
      await expect.poll(() => page.getByTestId('line-result-message').textContent()).toBe('Your LINE account is linked.');
      await page.getByTestId('line-result-ok').click();
      await expect.poll(() => page.getByTestId('line-linked').textContent()).toContain('Taro on LINE');
      await shot('line-linked-1280-en');
      const points = await page.evaluate(async () => ((await (await fetch('/api/user/point')).json()) as { point: number }).point);
      expect(points).toBe(BONUS);
      await page.getByTestId('line-unlink').click();
      await expect.poll(() => page.getByTestId('line-result-message').textContent()).toBe('LINE is unlinked.');
    });
  });
});
