import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFECTURES } from '../../db/seed/prefectures.ts';
import { PostalTable, postalTable } from './postal-data.ts';

describe('PostalTable', () => {
  it('finds every address of a code by binary search, in the data’s order', () => {
    const table = PostalTable.fromTsv(['1000001\t13\t千代田区\t千代田', '4520961\t23\t清須市\t春日明河原', '4520961\t23\t清須市\t春日一番割', '9000001\t47\t那覇市\t港町', ''].join('\n'));
    expect(table.size).toBe(4);
    expect(table.lookup('4520961').map((e) => e.address3)).toEqual(['春日明河原', '春日一番割']);
    expect(table.lookup('1000001')).toEqual([{ prefcode: 13, address2: '千代田区', address3: '千代田' }]);
    expect(table.lookup('9000001')).toHaveLength(1);
    expect(table.lookup('0000000')).toEqual([]);
    expect(table.lookup('9999999')).toEqual([]);
    expect(table.lookup('4520960')).toEqual([]);
  });

  it('ships Japan Post’s data: over 140,000 codes, every prefecture id 1-47', () => {
    const table = postalTable();
    const meta = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, 'data/jp-postal.meta.json'), 'utf8')) as { rows: number; codes: number };
    expect(table.size).toBe(meta.rows);
    expect(meta.codes).toBeGreaterThan(140_000);
    expect(table.lookup('1000004')).toEqual([{ prefcode: 13, address2: '千代田区', address3: '大手町' }]);
    expect(table.lookup('4300801')[0]).toMatchObject({ prefcode: 22, address2: '浜松市中央区' }); // ward reform of 2024
  });

  it('numbers prefectures as the shop does (JIS order of the prefectures table)', () => {
    const samples: [string, string][] = [
      ['0600000', '北海道'],
      ['9800000', '宮城県'],
      ['1500002', '東京都'],
      ['5300001', '大阪府'],
      ['8100001', '福岡県'],
      ['9000001', '沖縄県'],
    ];
    for (const [zipcode, name] of samples) {
      const prefcode = postalTable().lookup(zipcode)[0]?.prefcode ?? 0;
      expect(PREFECTURES[prefcode - 1]?.[0], zipcode).toBe(name);
    }
  });
});
