import { spreadOverFields } from './field-length.ts';
import type { CarrierLayout, CarrierParcel, LayoutColumn } from './layout.ts';

/**
 * Japan Post's ゆうパックプリントR (ゆうプリR) 発送予定データ, in the column order and byte limits
 * of its CSV 入出力項目 as public integration guides give them (decision 051; not checked against
 * the software, which takes any CSV through an import filter set up once: フィルタ設定, 先頭行を
 * 見出しとして読み飛ばす). Address lines and names are 50 bytes (全角25文字); a long address runs
 * over 住所1〜3.
 */

const LINE = 50;
const c = (name: string, bytes?: number, fill?: (p: CarrierParcel) => string, cut?: boolean): LayoutColumn => ({ name, bytes, fill, cut });
const recipientLines = (p: CarrierParcel) => spreadOverFields(`${p.recipient.address}${p.recipient.building}`, LINE, 3);
const senderLines = (p: CarrierParcel) => spreadOverFields(p.sender.address, LINE, 3);
const yyyymmdd = (date: string) => date.replace(/\//g, '');

export const JAPANPOST_YUPRI: CarrierLayout = {
  format: 'japanpost_yupri',
  filePrefix: 'yupri',
  columns: [
    c('お客様側管理番号', 15, (p) => String(p.parcelId)),
    c('発送予定日', 8, (p) => yyyymmdd(p.shipDate)),
    c('発送予定時間区分', 2),
    /** 0: ゆうパック. */
    c('郵便種別', 1, () => '0'),
    /** 0: 保冷なし. */
    c('保冷種別', 1, () => '0'),
    /** 0: 元払い. */
    c('元/着払/代引', 1, () => '0'),
    c('書留/セキュリティ/特定記録種別', 1),
    c('配達時間帯指定郵便種別', 1),
    c('送り状種別', 20),
    c('お届け先コード', 15),
    c('お届け先郵便番号', 8, (p) => p.recipient.zipcode),
    c('お届け先住所1', undefined, (p) => recipientLines(p)[0]!),
    c('お届け先住所2', undefined, (p) => recipientLines(p)[1]!),
    c('お届け先住所3', undefined, (p) => recipientLines(p)[2]!),
    c('お届け先名称1', LINE, (p) => p.recipient.name),
    c('お届け先名称2', LINE),
    /** 0: 様. */
    c('お届け先敬称', 1, () => '0'),
    c('お届け先電話番号', 20, (p) => p.recipient.tel),
    c('お届け先メールアドレス', 100),
    c('ご依頼主郵便番号', 8, (p) => p.sender.zipcode),
    c('ご依頼主住所1', undefined, (p) => senderLines(p)[0]!),
    c('ご依頼主住所2', undefined, (p) => senderLines(p)[1]!),
    c('ご依頼主住所3', undefined, (p) => senderLines(p)[2]!),
    c('ご依頼主名称1', LINE, (p) => p.sender.name),
    c('ご依頼主名称2', LINE),
    c('ご依頼主電話番号', 20, (p) => p.sender.tel),
    c('品名', LINE, (p) => `${p.item} ${p.detail}`, true),
    c('記事', LINE, (p) => p.requestIds.map((id) => `#${id}`).join(' '), true),
    c('個数', 3, () => '1'),
  ],
  spans: [
    { name: 'お届け先住所1〜3', bytes: LINE * 3, value: (p) => `${p.recipient.address}${p.recipient.building}` },
    { name: 'ご依頼主住所1〜3', bytes: LINE * 3, value: (p) => p.sender.address },
  ],
};
