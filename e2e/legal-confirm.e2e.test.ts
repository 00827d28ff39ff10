import type { Pack } from '@oripa/contract/catalog';
import type { PointCourse } from '@oripa/contract/payments';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { openPage, type ViewportName } from './support/browser.ts';
import { registerMember, signInBrowser } from './support/members.ts';
import { browser, listCourses, listPacks, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * The final confirmation of 特定商取引法 Art. 12-6 (issue 15 item 9) beside the pay button of
 * /confirm-buy-point and in the pack purchase modal, and the payment-service remittance that
 * leads to /payge-transfer-information (item 7), in both languages at both widths.
 */

let course: PointCourse;
let pointPack: Pack;
let coinPack: Pack;

const TEXT = {
  ja: {
    method: 'クレジットカード',
    charged: '確定した時点',
    now: 'すぐに付与',
    remittance: '送金',
    shipping: '14営業日以内',
    noCancel: 'キャンセル・返金・返品はできません',
    expiry: '6か月',
    decision: '24時間以内',
    shipOnly: 'ポイントに変換できず',
    within3Days: '3日以内',
    sameDay: '当日中',
  },
  en: {
    method: 'Credit card',
    charged: 'When you confirm',
    now: 'At once',
    remittance: 'remittance',
    shipping: '14 business days',
    noCancel: 'cannot be cancelled, refunded or returned',
    expiry: '6 months',
    decision: '24 hours',
    shipOnly: 'cannot be converted to points',
    within3Days: 'within 3 days',
    sameDay: 'same day',
  },
} as const;

useShopAndBrowser(120_000);

beforeAll(async () => {
  const courses = await listCourses(shop);
  course = courses[0]!;
  const packs = await listPacks(shop);
  const onSale = packs.filter((p) => !p.is_before && p.pack_count > 0 && p.can_limit === 0);
  pointPack = onSale.find((p) => p.payment_method === '1')!;
  coinPack = onSale.find((p) => p.payment_method === '2')!;
  if (!course || !pointPack || !coinPack) throw new Error('the demo data lacks a course, a point pack or a coin pack');
}, 120_000);

const yen = (value: string | number) => `¥${Number(value).toLocaleString('en-US')}`;
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

async function expectCommonNotes(page: Page, lang: 'ja' | 'en') {
  expect(await text(page, 'terms-shipping')).toContain(TEXT[lang].shipping);
  expect(await text(page, 'terms-no-cancel')).toContain(TEXT[lang].noCancel);
  expect(await text(page, 'terms-expiry')).toContain(TEXT[lang].expiry);
  expect(await page.getByTestId('final-terms-point-link').getAttribute('href')).toBe('/point-terms-of-service');
  expect(await page.getByTestId('final-terms-terms-link').getAttribute('href')).toBe('/terms-of-service');
}

describe.each(['mobile', 'desktop'] as const)('final confirmation at %s width', (viewport: ViewportName) => {
  describe.each(['ja', 'en'] as const)('in %s', (lang) => {
    it('states quantity, price, method, timing, shipping, no cancellation and expiry beside the pay button, then the remittance leads to its information screen', async () => {
      const member = await registerMember(shop);
      const p = await openPage(browser, shop.url, viewport, { lang });
      try {
        const { page } = p;
        await signInBrowser(p.context, shop, member);
        await page.goto(`/confirm-buy-point?pointPriceId=${course.id}`);
        const terms = page.getByTestId('point-final-terms');
        await terms.waitFor();
        // Right before the pay button's row, so nobody pays without passing it.
        expect(await terms.evaluate((el) => el.nextElementSibling?.classList.contains('pay-actions'))).toBe(true);
        expect(await text(page, 'terms-quantity')).toBe(`${Number(course.point).toLocaleString('en-US')}P`);
        expect(await text(page, 'terms-price')).toContain(yen(course.price));
        expect(await text(page, 'terms-method')).toBe(TEXT[lang].method);
        expect(await text(page, 'terms-charged')).toContain(TEXT[lang].charged);
        expect(await text(page, 'terms-arrival')).toContain(TEXT[lang].now);
        await expectCommonNotes(page, lang);
        expect(await seriousViolations(page)).toEqual([]);
        await p.shot(`legal-confirm-point-${lang}`);

        // The payment-service remittance (pay id 9): its own timing, then the transfer screen.
        await page.getByTestId('pay-method-radio-9').check();
        expect(await text(page, 'terms-charged')).toContain(TEXT[lang].remittance);
        await page.getByTestId('pay-submit').click();
        await page.waitForURL('**/payge-transfer-information?payment_id=*');
        await page.getByTestId('payge-info').waitFor();
        expect(await text(page, 'payge-amount')).toBe(yen(course.price));
        const info = await page.getByTestId('payge-info').innerText();
        expect(info).toContain(TEXT[lang].within3Days);
        expect(info).toContain(TEXT[lang].sameDay);
        const address = await page.getByTestId('payge-address').locator('a').getAttribute('href');
        expect(address).toMatch(/\/sandbox\/pay\/remit\/sbx_/);
        expect(await seriousViolations(page)).toEqual([]);
        await p.shot(`legal-confirm-payge-${lang}`);

        // Sending the remittance at the provider credits the points.
        await page.goto(address!);
        await page.locator('form.actions button').click();
        await page.waitForURL('**/sandbox/pay/remit/**');
        const user = (await (await page.request.get('/api/user/point')).json()) as { point: number | string };
        expect(Number(user.point)).toBe(Number(course.point));
        expect(p.problems).toEqual([]);
      } finally {
        await p.close();
      }
    }, 180_000);

    it('states the terms in the pack purchase modal: the 24-hour choice for a point pack, ship-only for a coin pack', async () => {
      const member = await registerMember(shop, { points: 100_000, coins: '100000' });
      const p = await openPage(browser, shop.url, viewport, { lang });
      try {
        const { page } = p;
        await signInBrowser(p.context, shop, member);
        for (const pack of [pointPack, coinPack]) {
          await page.goto(`/pack-detail?packId=${pack.id}`);
          await page.getByTestId('buy-count').fill('2');
          await page.getByTestId('spin-button').click();
          const terms = page.getByRole('dialog').getByTestId('pack-final-terms');
          await terms.waitFor();
          expect(await text(page, 'terms-quantity')).toContain('2');
          expect(await text(page, 'terms-price')).toContain((pack.point * 2).toLocaleString('en-US'));
          expect(await text(page, 'terms-decision')).toContain(pack === coinPack ? TEXT[lang].shipOnly : TEXT[lang].decision);
          await expectCommonNotes(page, lang);
          // Every line of the confirmation can be read on the phone: scrolled to, it is visible.
          await page.getByTestId('final-terms-terms-link').scrollIntoViewIfNeeded();
          expect(await page.getByTestId('final-terms-terms-link').isVisible()).toBe(true);
          expect(await page.getByTestId('confirm-buy').isVisible()).toBe(true);
          // The button says what it orders (特定商取引法 12-6): the count and the cost, not 「はい」.
          const cost = `${(pack.point * 2).toLocaleString('en-US')}${pack === coinPack ? 'C' : 'P'}`;
          expect(await text(page, 'confirm-buy')).toBe(lang === 'ja' ? `2回購入する（${cost}）` : `Buy 2 packs (${cost})`);
          expect(await seriousViolations(page)).toEqual([]);
          await p.shot(`legal-confirm-pack-${pack === coinPack ? 'coins' : 'points'}-${lang}`);
          await page.keyboard.press('Escape');
        }
        expect(p.problems).toEqual([]);
      } finally {
        await p.close();
      }
    }, 180_000);
  });
});
