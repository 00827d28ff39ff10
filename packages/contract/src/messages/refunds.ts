import type { Lang } from '../states.ts';

/** Messages of refunds in the console (decision 031). */
export const REFUND_MESSAGES = {
  'admin.refund_amount': {
    ja: '返金額は1以上10,000,000以下の整数（円）で入力してください。',
    en: 'Enter the yen to refund as a whole number from 1 to 10,000,000.',
  },
  'admin.refund_not_paid': {
    ja: '支払い済みの決済だけを返金できます（現在: {state}）。',
    en: 'Only succeeded payments can be refunded (this one is {state}).',
  },
  'admin.refund_too_much': {
    ja: 'この決済で返金できるのは残り{max}円までです。',
    en: 'At most {max} yen of this payment is left to refund.',
  },
  'admin.refund_declined': {
    ja: '決済会社が返金を受け付けませんでした（{code}）。',
    en: 'The payment provider refused the refund ({code}).',
  },
} as const satisfies Record<string, Record<Lang, string>>;
