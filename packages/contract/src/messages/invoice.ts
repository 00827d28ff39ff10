import type { Lang } from '../states.ts';

/** Messages of invoice-ready receipts and the prize caps (issue 26 points 5 and 6, decision 044). */
export const INVOICE_MESSAGES = {
  'invoice.registration_number_invalid': {
    ja: '登録番号は「T」と13桁の数字で入力してください。先頭の数字（検査用数字）が合いません（例: T7000012050002）。',
    en: 'Enter the registration number as T and 13 digits whose first digit is the check digit of the others (e.g. T7000012050002).',
  },
  'invoice.receipt_not_found': {
    ja: '領収書が見つかりません。お支払いが完了したご自身のポイント購入のみ表示できます。',
    en: 'Receipt not found. Only your own completed point purchases have a receipt.',
  },
  'catalog_admin.prize_cap_multiple': {
    ja: '「{prize}」の価額{value}円が景品表示法の上限を超えています（価格5,000円未満のため1個あたり価格の20倍 = {cap}円まで）。オーナーが理由を記録すると登録できます。',
    en: '“{prize}” is worth ¥{value}, above the prize cap of the Premiums and Representations Act (price under ¥5,000: 20× the price = ¥{cap} per prize). An owner may record a reason to go ahead.',
  },
  'catalog_admin.prize_cap_fixed': {
    ja: '「{prize}」の価額{value}円が景品表示法の上限を超えています（価格5,000円以上のため1個あたり{cap}円まで）。オーナーが理由を記録すると登録できます。',
    en: '“{prize}” is worth ¥{value}, above the prize cap of the Premiums and Representations Act (price ¥5,000 or more: ¥{cap} per prize). An owner may record a reason to go ahead.',
  },
  'catalog_admin.prize_cap_total': {
    ja: 'ラストワン賞・節目賞の総額{value}円が景品表示法の上限（ロットの売上の2% = {cap}円）を超えています。オーナーが理由を記録すると登録できます。',
    en: 'The last-one and milestone prizes total ¥{value}, above the cap of the Premiums and Representations Act (2% of the lot’s sales = ¥{cap}). An owner may record a reason to go ahead.',
  },
  'catalog_admin.prize_cap_owner_only': {
    ja: '上限を超える賞品の理由を記録できるのはオーナーだけです。',
    en: 'Only an owner can record a reason for prizes above the caps.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
