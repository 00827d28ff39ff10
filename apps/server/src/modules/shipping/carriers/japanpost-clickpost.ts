import { spreadOverFields } from './field-length.ts';
import type { CarrierLayout, CarrierParcel, LayoutColumn } from './layout.ts';

/**
 * Japan Post's クリックポスト まとめ申込 CSV (decision 051): its eight columns, with a header, names
 * and each address line 全角20文字 (40 bytes), 内容品 全角15文字 (30 bytes), as the service's
 * help for bulk applications describes them (not checked against a live upload). Click Post prints
 * the sender from the account and gives the tracking numbers back on its own page, so the file has
 * no sender and no parcel number: its parcels' numbers are entered with the ship step.
 */

const LINE = 40;
const c = (name: string, bytes?: number, fill?: (p: CarrierParcel) => string, cut?: boolean): LayoutColumn => ({ name, bytes, fill, cut });
const lines = (p: CarrierParcel) => spreadOverFields(`${p.recipient.address}${p.recipient.building}`, LINE, 4);

export const JAPANPOST_CLICKPOST: CarrierLayout = {
  format: 'japanpost_clickpost',
  filePrefix: 'clickpost',
  columns: [
    c('お届け先郵便番号', 8, (p) => p.recipient.zipcode),
    c('お届け先氏名', LINE, (p) => p.recipient.name),
    c('お届け先敬称', 8, () => '様'),
    c('お届け先住所1行目', undefined, (p) => lines(p)[0]!),
    c('お届け先住所2行目', undefined, (p) => lines(p)[1]!),
    c('お届け先住所3行目', undefined, (p) => lines(p)[2]!),
    c('お届け先住所4行目', undefined, (p) => lines(p)[3]!),
    c('内容品', 30, (p) => p.item, true),
  ],
  spans: [{ name: 'お届け先住所1〜4行目', bytes: LINE * 4, value: (p) => `${p.recipient.address}${p.recipient.building}` }],
};
