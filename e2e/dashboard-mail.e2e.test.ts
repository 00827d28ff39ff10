import { beforeAll, describe, expect, it } from 'vitest';
import { openPage } from './support/browser.ts';
import { registerMember, signInBrowser, type E2eMember } from './support/members.ts';
import { openConsole } from './support/operators.ts';
import { browser, listPacks, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * Issue 13, mails and dashboard: the console's dashboard at 1280 px shows the figures and the
 * 90-day chart, and its figures move after a purchase; a member turns a mail off on the member
 * info page at 390 px, and that mail is then not sent while the others still are.
 */

let packId: number;
let packPrice: number;

useShopAndBrowser(120_000);

beforeAll(async () => {
  const pack = (await listPacks(shop)).find((p) => !p.is_before && p.pack_count > 2 && p.payment_method === '1');
  if (!pack) throw new Error('no point pack on sale in the demo catalogue');
  packId = pack.id;
  packPrice = Number(pack.point);
}, 120_000);

/** The shop's API as the member's browser uses it (session cookie and csrf token). */
function memberApi(member: E2eMember) {
  let csrf = '';
  const cookie = `${member.cookie.name}=${member.cookie.value}`;
  return async <T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    payload?: unknown,
  ): Promise<T & { state: number }> => {
    const init: RequestInit =
      method === 'GET'
        ? { headers: { cookie } }
        : {
            method,
            headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ csrf, json: JSON.stringify(payload ?? {}) }).toString(),
          };
    const body = (await (await fetch(`${shop.url}/api${path}`, init)).json()) as T & {
      state: number;
      csrf: string;
    };
    csrf = body.csrf;
    return body;
  };
}

async function buyPacks(member: E2eMember, count: number) {
  const api = memberApi(member);
  await api('GET', '/user/point');
  await api('GET', `/user/pack/detail/${packId}`);
  expect((await api('POST', '/user/pack/check', { count })).state).toBe(200);
  expect((await api('POST', '/user/pack/buy')).state).toBe(200);
}

/** The mails to `mail` in the outbox after the worker ran (subjects, newest first). */
async function subjectsTo(mail: string): Promise<string[]> {
  const jobs = await shop.ops(['jobs']);
  expect(jobs.code, jobs.stderr).toBe(0);
  const out = await shop.ops(['outbox', '--to', mail, '--json']);
  expect(out.code, out.stderr).toBe(0);
  return (JSON.parse(out.stdout) as { entries: { subject: string }[] }).entries.map((e) => e.subject);
}

describe('the dashboard at 1280 px', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`shows today's and the month's figures and the chart, and they move after a purchase (${lang})`, async () => {
      const tp = await openConsole(browser, shop, 'staff', 'desktop', { lang });
      try {
        const { page } = tp;
        await page.goto('/admin/dashboard');
        const month = page.getByTestId('dashboard-month');
        const figure = (key: string) => month.locator(`[data-figure="${key}"] dd`);
        await figure('packs_drawn').waitFor();
        const read = async (key: string) => Number((await figure(key).textContent())?.replace(/,/g, ''));
        const before = { packs: await read('packs_drawn'), spent: await read('points_spent') };
        // The chart is drawn by uPlot on a canvas, with its legend of four series.
        await page.locator('[data-testid="dashboard-chart"] canvas').first().waitFor();
        expect(await page.locator('[data-testid="dashboard-chart"] .u-legend .u-series').count()).toBe(5);
        await expect.poll(() => page.getByTestId('dashboard-shipping').locator('tbody tr').count()).toBe(3);

        const member = await registerMember(shop, { points: packPrice * 3 });
        await buyPacks(member, 3);
        await page.reload();
        await expect.poll(() => read('packs_drawn'), { timeout: 10_000 }).toBe(before.packs + 3);
        expect(await read('points_spent')).toBe(before.spent + packPrice * 3);
        expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
          lang === 'ja' ? 'ダッシュボード' : 'Dashboard',
        );
        await tp.shot(`dashboard-${lang}-desktop`);
        expect(tp.problems).toEqual([]);
      } finally {
        await tp.close();
      }
    }, 120_000);
  }
});

describe('mail switches on the member info page at 390 px', () => {
  for (const lang of ['ja', 'en'] as const) {
    it(`a member turns off the pack purchase summary; it is no longer sent, the welcome mail was (${lang})`, async () => {
      const member = await registerMember(shop, { points: packPrice * 2 });
      const mail = member.mail.toLowerCase();
      const tp = await openPage(browser, shop.url, 'mobile', { lang });
      try {
        await signInBrowser(tp.context, shop, member);
        const { page } = tp;
        await page.goto('/change-member');
        const toggle = page.getByTestId('mail-pack_summary');
        await toggle.waitFor();
        expect(await toggle.isChecked()).toBe(true);
        await toggle.scrollIntoViewIfNeeded();
        await toggle.click();
        await expect
          .poll(() => page.getByTestId('mail-preferences').getByRole('status').textContent())
          .toBe(lang === 'ja' ? '設定を保存しました。' : 'Your settings were saved.');
        expect(await toggle.isChecked()).toBe(false);
        await tp.shot(`mail-preferences-${lang}-mobile`);
        // Stored: a fresh page shows it off.
        await page.reload();
        await page.getByTestId('mail-pack_summary').waitFor();
        expect(await page.getByTestId('mail-pack_summary').isChecked()).toBe(false);
        expect(tp.problems).toEqual([]);
      } finally {
        await tp.close();
      }

      await buyPacks(member, 1);
      const subjects = await subjectsTo(mail);
      // Registered through the API in Japanese: the welcome mail went, the summary did not.
      expect(subjects).toContain('【オリパ】会員登録ありがとうございます');
      expect(subjects.some((s) => s.includes('パック購入'))).toBe(false);
    }, 120_000);
  }
});
