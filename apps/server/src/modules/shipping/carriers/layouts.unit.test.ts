import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { cutToBytes, sjisBytes, spreadOverFields } from './field-length.ts';
import { layoutFile, limitsOf, type CarrierParcel } from './layout.ts';
import { CARRIER_LAYOUTS } from './layouts.ts';

/**
 * The carrier layouts (decision 051) on their own: how a length is measured (Shift_JIS bytes),
 * a golden line per carrier, and a field over its limit refused with parcel, field, limit and
 * length, while the content fields (品名) are cut and listed.
 */

const parcel = (o: Partial<CarrierParcel['recipient']> = {}, item = 'トレーディングカード', detail = 'テストパック 3枚、パックB 2枚'): CarrierParcel => ({
  parcelId: 12,
  requestIds: [12, 15],
  shipDate: '2026/11/27',
  recipient: { name: '髙橋 花子', zipcode: '150-0002', address: '東京都渋谷区渋谷２丁目２１－１', building: 'ヒカリエ①号室', tel: '090-1234-5678', ...o },
  sender: { name: 'オリパ株式会社', zipcode: '150-0001', address: '東京都渋谷区神宮前１－１－１', tel: '03-0000-0000' },
  item,
  detail,
});

const lines = (file: Buffer) => iconv.decode(file, 'cp932').split('\r\n');
const fileOf = (format: keyof typeof CARRIER_LAYOUTS, p: CarrierParcel) => {
  const made = layoutFile(CARRIER_LAYOUTS[format], [p]);
  if (!made.ok) throw new Error(JSON.stringify(made.overLimits));
  return made.file;
};

describe('field lengths', () => {
  it('count Shift_JIS bytes: full-width two, half-width one, a formula guard included', () => {
    expect(sjisBytes('ABC123')).toBe(6);
    expect(sjisBytes('髙橋 花子')).toBe(9);
    expect(sjisBytes('ｶﾅ')).toBe(2);
    expect(sjisBytes('=1')).toBe(3);
  });

  it('cut and spread at character boundaries', () => {
    expect(cutToBytes('あいうえお', 5)).toBe('あい');
    expect(spreadOverFields('あいうえおかきく', 4, 3)).toEqual(['あい', 'うえ', 'おかきく']);
  });
});

describe('golden lines', () => {
  it('Yamato B2: 42 columns, the parcel under its lead, every request in 記事', () => {
    const [header, line] = lines(fileOf('yamato_b2', parcel()));
    expect(header!.split(',')).toHaveLength(42);
    expect(line).toBe(
      '"12","0","0","","2026/11/27","","","","090-1234-5678","","150-0002","東京都渋谷区渋谷２丁目２１－１","ヒカリエ①号室","","","髙橋 花子","","様","","03-0000-0000","","150-0001","東京都渋谷区神宮前１－１－１","","オリパ株式会社","","","トレーディングカード","","テストパック 3枚、パックB 2枚","","","#12 #15","","","","","1","","","",""',
    );
  });

  it('Sagawa e飛伝: the address over 住所1〜3 in 32-byte lines, お客様管理ナンバー, 元払', () => {
    const [header, line] = lines(fileOf('sagawa_ehiden', parcel()));
    expect(header).toContain('"お客様管理ナンバー"');
    expect(line).toBe(
      '"","090-1234-5678","150-0002","東京都渋谷区渋谷２丁目２１－１ヒ","カリエ①号室","","髙橋 花子","","12","","","","03-0000-0000","150-0001","東京都渋谷区神宮前１－１－１","","オリパ株式会社","","","トレーディングカード","テストパック 3枚、パックB 2枚","#12 #15","","","1","","","","","","","","","","","","","","1"',
    );
  });

  it('Japan Post ゆうプリR: yyyymmdd, ゆうパック 元払い, 50-byte lines', () => {
    const [, line] = lines(fileOf('japanpost_yupri', parcel()));
    expect(line).toBe(
      '"12","20261127","","0","0","0","","","","","150-0002","東京都渋谷区渋谷２丁目２１－１ヒカリエ①号室","","","髙橋 花子","","0","090-1234-5678","","150-0001","東京都渋谷区神宮前１－１－１","","","オリパ株式会社","","03-0000-0000","トレーディングカード テストパック 3枚、パックB 2枚","#12 #15","1"',
    );
  });

  it('Japan Post クリックポスト: eight columns, no sender', () => {
    const [header, line] = lines(fileOf('japanpost_clickpost', parcel()));
    expect(header).toBe('"お届け先郵便番号","お届け先氏名","お届け先敬称","お届け先住所1行目","お届け先住所2行目","お届け先住所3行目","お届け先住所4行目","内容品"');
    expect(line).toBe('"150-0002","髙橋 花子","様","東京都渋谷区渋谷２丁目２１－１ヒカリエ①","号室","","","トレーディングカード"');
  });
});

describe('limits', () => {
  it('have one table per carrier', () => {
    expect(limitsOf(CARRIER_LAYOUTS.yamato_b2)).toMatchObject({ お届け先住所: 64, お届け先アパートマンション名: 32, お届け先名: 32, 品名１: 50 });
    expect(limitsOf(CARRIER_LAYOUTS.sagawa_ehiden)).toMatchObject({ お届け先名称1: 32, お届け先電話番号: 14, 品名1: 32 });
    expect(limitsOf(CARRIER_LAYOUTS.japanpost_yupri)).toMatchObject({ お届け先名称1: 50, 品名: 50 });
    expect(limitsOf(CARRIER_LAYOUTS.japanpost_clickpost)).toMatchObject({ お届け先氏名: 40, 内容品: 30 });
  });

  it('refuse a member’s field over the limit, naming parcel, field, limit and length, for every carrier', () => {
    const longName = 'あ'.repeat(26); // 52 bytes: over every carrier's name field
    for (const layout of Object.values(CARRIER_LAYOUTS)) {
      const made = layoutFile(layout, [parcel({ name: longName })]);
      expect(made.ok, layout.format).toBe(false);
      if (made.ok) continue;
      expect(made.overLimits[0]).toMatchObject({ parcelId: 12, requestIds: [12, 15], length: 52 });
    }
    const b2 = layoutFile(CARRIER_LAYOUTS.yamato_b2, [parcel({ name: 'あ'.repeat(17) })]);
    expect(b2).toEqual({ ok: false, overLimits: [{ parcelId: 12, requestIds: [12, 15], field: 'お届け先名', limit: 32, length: 34 }] });
  });

  it('check an address spread over lines as a whole', () => {
    const made = layoutFile(CARRIER_LAYOUTS.sagawa_ehiden, [parcel({ address: 'あ'.repeat(45), building: 'い'.repeat(4) })]);
    expect(made).toEqual({ ok: false, overLimits: [{ parcelId: 12, requestIds: [12, 15], field: 'お届け先住所1〜3', limit: 96, length: 98 }] });
  });

  it('cut a long pack name in 品名 to the limit and list it, the file still made', () => {
    const detail = `${'超'.repeat(30)} 3枚`;
    const made = layoutFile(CARRIER_LAYOUTS.yamato_b2, [parcel({}, 'トレーディングカード', detail)]);
    expect(made.ok).toBe(true);
    if (!made.ok) return;
    expect(made.truncated).toEqual([{ parcelId: 12, requestIds: [12, 15], field: '品名２', limit: 50, length: 64 }]);
    expect(lines(made.file)[1]).toContain(`"${'超'.repeat(25)}"`);
  });
});
