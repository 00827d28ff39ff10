import type { Carrier } from './shipping.ts';

/**
 * The carrier files the console makes (decision 051), zod-free for the console screens: each is
 * the import layout of one carrier's label software. Japan Post has two: ゆうパックプリントR for
 * parcels and クリックポスト for flat mail up to 3 cm.
 */
export const CARRIER_FORMAT = {
  yamatoB2: 'yamato_b2',
  sagawaEhiden: 'sagawa_ehiden',
  japanpostYupri: 'japanpost_yupri',
  japanpostClickpost: 'japanpost_clickpost',
} as const;
export type CarrierFormat = (typeof CARRIER_FORMAT)[keyof typeof CARRIER_FORMAT];
export const CARRIER_FORMATS = Object.values(CARRIER_FORMAT) as [CarrierFormat, ...CarrierFormat[]];

/** The carrier whose tracking numbers a file's parcels get. */
export const CARRIER_OF_FORMAT: Readonly<Record<CarrierFormat, Carrier>> = {
  yamato_b2: 'yamato',
  sagawa_ehiden: 'sagawa',
  japanpost_yupri: 'japanpost',
  japanpost_clickpost: 'japanpost',
};

export const CARRIER_FORMAT_NAMES: Readonly<Record<CarrierFormat, { ja: string; en: string }>> = {
  yamato_b2: { ja: 'ヤマト B2クラウド', en: 'Yamato B2 Cloud' },
  sagawa_ehiden: { ja: '佐川 e飛伝', en: 'Sagawa e-Hiden' },
  japanpost_yupri: { ja: '日本郵便 ゆうパックプリントR', en: 'Japan Post Yu-Pack Print R' },
  japanpost_clickpost: { ja: '日本郵便 クリックポスト', en: 'Japan Post Click Post' },
};

export function isCarrierFormat(value: string): value is CarrierFormat {
  return (CARRIER_FORMATS as readonly string[]).includes(value);
}

/**
 * Each carrier's tracking numbers as its import checks them, after normalizeTrackingNumber:
 * Yamato and Sagawa print 12 digits; Japan Post 11 to 13 digits at home (ゆうパック, クリックポスト
 * 12) or an international item number (two letters, nine digits, JP).
 */
export const CARRIER_TRACKING_PATTERNS: Readonly<Record<Carrier, RegExp>> = {
  yamato: /^\d{12}$/,
  sagawa: /^\d{12}$/,
  japanpost: /^(\d{11,13}|[A-Z]{2}\d{9}[A-Z]{2})$/,
};
