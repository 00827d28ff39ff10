import type { CarrierLayout, CarrierParcel, LayoutColumn } from './layout.ts';

/**
 * Yamato's B2 Cloud (送り状発行システムB2クラウド) 外部データ取込, basic layout columns 1-42
 * (decision 020), with the limits of B2's published 送り状発行データレイアウト (decision 051):
 * お届け先住所 全角32文字, 建物 全角16, 名前 全角16, 品名 全角25, 記事 全角22.
 */

/** 送り状種類 0: 発払 (the shop pays); クール区分 0: normal. */
const PREPAID = '0';
const NORMAL = '0';

const c = (name: string, bytes?: number, fill?: (p: CarrierParcel) => string, cut?: boolean): LayoutColumn => ({ name, bytes, fill, cut });

export const YAMATO_B2: CarrierLayout = {
  format: 'yamato_b2',
  filePrefix: 'b2',
  columns: [
    c('お客様管理番号', 20, (p) => String(p.parcelId)),
    c('送り状種類', 1, () => PREPAID),
    c('クール区分', 1, () => NORMAL),
    c('伝票番号', 12),
    c('出荷予定日', 10, (p) => p.shipDate),
    c('お届け予定日', 10),
    c('配達時間帯', 4),
    c('お届け先コード', 20),
    c('お届け先電話番号', 15, (p) => p.recipient.tel),
    c('お届け先電話番号枝番', 2),
    c('お届け先郵便番号', 8, (p) => p.recipient.zipcode),
    c('お届け先住所', 64, (p) => p.recipient.address),
    c('お届け先アパートマンション名', 32, (p) => p.recipient.building),
    c('お届け先会社・部門１', 50),
    c('お届け先会社・部門２', 50),
    c('お届け先名', 32, (p) => p.recipient.name),
    c('お届け先名(ｶﾅ)', 50),
    c('敬称', 4, () => '様'),
    c('ご依頼主コード', 20),
    c('ご依頼主電話番号', 15, (p) => p.sender.tel),
    c('ご依頼主電話番号枝番', 2),
    c('ご依頼主郵便番号', 8, (p) => p.sender.zipcode),
    c('ご依頼主住所', 64, (p) => p.sender.address),
    c('ご依頼主アパートマンション', 32),
    c('ご依頼主名', 32, (p) => p.sender.name),
    c('ご依頼主名(ｶﾅ)', 50),
    c('品名コード１', 30),
    c('品名１', 50, (p) => p.item, true),
    c('品名コード２', 30),
    c('品名２', 50, (p) => p.detail, true),
    c('荷扱い１', 20),
    c('荷扱い２', 20),
    c('記事', 44, (p) => p.requestIds.map((id) => `#${id}`).join(' '), true),
    c('コレクト代金引換額（税込)', 7),
    c('内消費税額等', 7),
    c('止置き', 1),
    c('営業所コード', 6),
    c('発行枚数', 2, () => '1'),
    c('個数口表示フラグ', 1),
    c('請求先顧客コード', 12),
    c('請求先分類コード', 3),
    c('運賃管理番号', 2),
  ],
};
