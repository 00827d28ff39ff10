import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openConsole } from './support/operators.ts';
import { browser, shop, useShopAndBrowser } from './support/suite.ts';

/**
 * The catalogue at scale (issue 27 point 4, decision 050), at 1280 px: an owner imports a lineup
 * CSV with a bad line and is refused with its line number, fixes the file and imports it, creates
 * the pack, then duplicates it as a new draft.
 */

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-catalog-scale-e2e-'));
const HEADER = 'kind,rarity,name,name_en,count,buy_point,cost_yen';
/** A lineup file as Excel in Japan saves it: Shift_JIS would do too; UTF-8 with a BOM here. */
function lineupCsv(name: string, rows: string[]): string {
  const file = path.join(files, name);
  fs.writeFileSync(file, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from([HEADER, ...rows].join('\r\n'), 'utf8')]));
  return file;
}

useShopAndBrowser();

afterAll(() => {
  fs.rmSync(files, { recursive: true, force: true });
});

describe('the catalogue at scale at 1280 px', () => {
  it('an owner imports a lineup CSV with a bad line (refused with its number), fixes it, imports it, creates the pack and duplicates it', async () => {
    const p = await openConsole(browser, shop, 'owner', 'desktop');
    const { page, shot } = p;
    // The editor asks before committing a lot that loses money; this one does not, but accept any question.
    page.on('dialog', (dialog) => void dialog.accept());
    try {
      await page.goto('/admin/packs/new');
      await page.getByRole('heading', { name: '新しいパック' }).waitFor();
      await page.getByLabel('パック名').fill('E2E一括パック');
      const type = page.getByLabel('カード種別');
      const firstType = await type.locator('option').nth(1).getAttribute('value');
      await type.selectOption(firstType ?? '');
      await page.getByLabel('1パックの価格').fill('500');

      const bad = lineupCsv('bad.csv', ['lot,7,E2E シークレット,Secret,2,300,1200', 'lot,9,E2E レアリティ違い,,3,100,', 'lot,1,E2E ノーマル,,8,50,20']);
      await page.getByLabel('ラインナップをCSVから取り込む').setInputFiles(bad);
      const errors = page.getByTestId('lineup-line-errors');
      await errors.getByText('3行目: 「rarity」').waitFor();
      expect(await errors.locator('li').count()).toBe(1);
      await page.getByTestId('lineup-file-notice').getByText('1件の誤りがあるため').waitFor();
      // Nothing was taken: the draft keeps its one empty prize.
      expect(await page.getByTestId('lot-size').textContent()).toBe('1');
      await shot('admin-lineup-import-refused');

      const good = lineupCsv('good.csv', ['lot,7,E2E シークレット,Secret,2,300,1200', 'lot,3,E2E レア,,3,100,', 'lot,1,E2E ノーマル,,5,50,20']);
      await page.getByLabel('ラインナップをCSVから取り込む').setInputFiles(good);
      await page.getByTestId('lineup-file-notice').getByText('3件の賞品を取り込みました').waitFor();
      const prizes = page.getByTestId('lineup').locator('> li');
      expect(await prizes.count()).toBe(3);
      expect(await prizes.nth(0).getByLabel('名前').inputValue()).toBe('E2E シークレット');
      expect(await prizes.nth(0).getByLabel('原価（円・任意）').inputValue()).toBe('1200');
      // 10 packs; EV = (2×300 + 3×100 + 5×50) / 10 = 115P.
      expect(await page.getByTestId('lot-size').textContent()).toBe('10');
      expect(await page.getByTestId('lot-ev').textContent()).toBe('115P');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: '作成してロットをコミット' }).click();
      await page.getByTestId('pack-notice').getByText('パックを作成し、ロットをコミットしました。').waitFor();
      const packId = Number(/\/admin\/packs\/(\d+)/.exec(page.url())?.[1]);
      expect(packId).toBeGreaterThan(0);

      // Duplicated as a new draft: the new-pack editor opens with the copy, nothing committed yet.
      await page.getByTestId('pack-duplicate').click();
      await page.getByRole('heading', { name: '新しいパック' }).waitFor();
      expect(await page.getByLabel('パック名').inputValue()).toBe('E2E一括パック（コピー）');
      expect(await page.getByLabel('1パックの価格').inputValue()).toBe('500');
      expect(await prizes.count()).toBe(3);
      expect(await prizes.nth(2).getByLabel('名前').inputValue()).toBe('E2E ノーマル');
      expect(await page.getByTestId('lot-size').textContent()).toBe('10');
      await shot('admin-pack-duplicated');
      expect(p.problems).toEqual([]);
    } finally {
      await p.close();
    }
  });
});
