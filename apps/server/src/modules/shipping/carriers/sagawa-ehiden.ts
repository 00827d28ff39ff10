import { spreadOverFields } from './field-length.ts';
import type { CarrierLayout, CarrierParcel, LayoutColumn } from './layout.ts';

/**
 * Sagawa's e飛伝 出荷データ取込, the standard pattern with a header (e飛伝Ⅱ's CSV 入力項目, taken
 * by e飛伝Ⅲ as 標準_飛脚宅急便_CSV_ヘッダ有り), as public integration guides describe it
 * (decision 051: Sagawa's own sheet is behind its members' login, so it was not checked against
 * the service). Names and address lines are 全角16文字 (32 bytes); the address runs over 住所1〜3
 * (48 characters in all), phone numbers 14, postal codes 8.
 */

const LINE = 32;
const c = (name: string, bytes?: number, fill?: (p: CarrierParcel) => string, cut?: boolean): LayoutColumn => ({ name, bytes, fill, cut });
const recipientLines = (p: CarrierParcel) => spreadOverFields(`${p.recipient.address}${p.recipient.building}`, LINE, 3);
const senderLines = (p: CarrierParcel) => spreadOverFields(p.sender.address, LINE, 2);

export const SAGAWA_EHIDEN: CarrierLayout = {
  format: 'sagawa_ehiden',
  filePrefix: 'ehiden',
  columns: [
    c('住所録コード', 12),
    c('お届け先電話番号', 14, (p) => p.recipient.tel),
    c('お届け先郵便番号', 8, (p) => p.recipient.zipcode),
    c('お届け先住所1', undefined, (p) => recipientLines(p)[0]!),
    c('お届け先住所2', undefined, (p) => recipientLines(p)[1]!),
    c('お届け先住所3', undefined, (p) => recipientLines(p)[2]!),
    c('お届け先名称1', LINE, (p) => p.recipient.name),
    c('お届け先名称2', LINE),
    c('お客様管理ナンバー', 16, (p) => String(p.parcelId)),
    c('お客様コード', 12),
    c('部署・担当者', LINE),
    c('荷送人電話番号', 14),
    c('ご依頼主電話番号', 14, (p) => p.sender.tel),
    c('ご依頼主郵便番号', 8, (p) => p.sender.zipcode),
    c('ご依頼主住所1', undefined, (p) => senderLines(p)[0]!),
    c('ご依頼主住所2', undefined, (p) => senderLines(p)[1]!),
    c('ご依頼主名称1', LINE, (p) => p.sender.name),
    c('ご依頼主名称2', LINE),
    c('荷姿コード', 3),
    c('品名1', LINE, (p) => p.item, true),
    c('品名2', LINE, (p) => p.detail, true),
    c('品名3', LINE, (p) => p.requestIds.map((id) => `#${id}`).join(' '), true),
    c('品名4', LINE),
    c('品名5', LINE),
    c('出荷個数', 3, () => '1'),
    c('便種(スピード)', 3),
    c('便種(商品)', 3),
    c('配達日', 8),
    c('配達指定時間帯', 2),
    c('代引金額', 7),
    c('消費税', 7),
    c('決済種別', 1),
    c('保険金額', 7),
    c('指定シール1', 3),
    c('指定シール2', 3),
    c('指定シール3', 3),
    c('営業店止め', 1),
    c('営業店コード', 4),
    /** 1: 元払 (the shop pays). */
    c('元着区分', 1, () => '1'),
  ],
  spans: [
    { name: 'お届け先住所1〜3', bytes: LINE * 3, value: (p) => `${p.recipient.address}${p.recipient.building}` },
    { name: 'ご依頼主住所1〜2', bytes: LINE * 2, value: (p) => p.sender.address },
  ],
};
