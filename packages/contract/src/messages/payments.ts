import type { Lang } from '../states.ts';

/** Messages of point courses, payments (spec section 8) and the card provider's codes (section 5). */
export const PAYMENT_MESSAGES = {
  'payment.course_required': { ja: 'ポイントコースを選択してください。', en: 'Choose a point course.' },
  'payment.course_not_found': { ja: 'ポイントコースが見つかりません。', en: 'The point course was not found.' },
  'payment.method_unavailable': {
    ja: 'このお支払い方法は現在ご利用いただけません。',
    en: 'This payment method is not available.',
  },
  'payment.combini_required': { ja: 'お支払いするコンビニを選択してください。', en: 'Choose a convenience store.' },
  'payment.carrier_required': { ja: 'ご利用の携帯キャリアを選択してください。', en: 'Choose your mobile carrier.' },
  'payment.name_required': { ja: '口座名義を入力してください。', en: 'Enter the account holder name.' },
  'payment.name_katakana': {
    ja: '口座名義は全角カタカナで入力してください。',
    en: 'Enter the account holder name in full-width katakana.',
  },
  'payment.name_too_long': { ja: '口座名義は40文字以内で入力してください。', en: 'Enter at most 40 characters.' },
  'payment.too_many_open': {
    ja: 'お支払いが済んでいないご注文が多すぎます。お支払い後か期限切れの後に、もう一度お試しください。',
    en: 'You have too many unpaid orders. Try again after paying them or after they expire.',
  },
  'payment.not_found': { ja: 'お支払い情報が見つかりません。', en: 'The payment was not found.' },
  'payment.checkout_session_required': {
    ja: 'お支払い方法の選択からやり直してください。',
    en: 'Please choose the payment method again.',
  },
  // Spec section 8: card and provider errors.
  'payment.tokenize_error': {
    ja: 'サーバーエラーが発生しました。時間をおいて再度お試しください。',
    en: 'A server error occurred. Please retry later.',
  },
  'payment.communication': {
    ja: '通信エラーが発生しました。時間をおいて再度お試しください。',
    en: 'A communication error occurred. Please retry later.',
  },
  'payment.card_unverified': {
    ja: 'カード情報を確認できませんでした。入力内容をご確認ください。',
    en: 'We could not confirm the card information. Please check your input.',
  },
  'payment.card.invalid_number': { ja: 'カード番号が正しくありません。', en: 'Card number is invalid' },
  'payment.card.invalid_expiry': { ja: '有効期限が正しくありません。', en: 'Expiry date is invalid' },
  'payment.card.invalid_cvc': { ja: 'セキュリティコードが正しくありません。', en: 'Security code is invalid' },
  'payment.card.invalid_name': { ja: 'カード名義が正しくありません。', en: 'Cardholder name is invalid' },
  'payment.card.maintenance': {
    ja: 'ただいまカード決済はシステムメンテナンス中です。時間をおいて再度お試しください。',
    en: 'Card payments are under system maintenance. Please retry later.',
  },
  'payment.card.other': { ja: 'カード情報が正しくありません。', en: 'Card information is invalid' },
  'payment.combini_unavailable': {
    ja: '決済会社に接続できませんでした。時間をおいて再度お試しください。',
    en: 'Could not connect to the payment company. Please retry later.',
  },
  'payment.wallet_error': { ja: 'エラーが発生しました。', en: 'An error has occurred.' },
  // Completion texts (spec section 8).
  'payment.succeeded': {
    ja: '決済が完了し、ポイントに反映されました。',
    en: 'The payment succeeded and the points have been added.',
  },
  'payment.waiting': {
    ja: 'お支払いの完了を確認しています。しばらくしてから購入履歴をご確認ください。',
    en: 'We are waiting for the payment to complete. Please check your point history later.',
  },
  'payment.card_failed': {
    ja: '決済に失敗しました。クレジットカードの状態をご確認いただくか、カード会社にお問い合わせください。',
    en: 'The payment failed. Check the status of your credit card or contact the card company.',
  },
  'payment.carrier_failed': {
    ja: '決済が失敗しました。ご契約状況をご確認ください。状態が不明な場合は、各サービス会社にお問い合わせください。',
    en: 'The payment failed. Check your contract status; if unsure, contact the service company.',
  },
  'payment.wallet_failed': {
    ja: '決済に失敗しました。ご利用のウォレットの状態をご確認いただくか、ウォレットでお支払い方法を選択し直してください。',
    en: 'The payment failed. Check the status of your wallet, or select your payment method in the wallet again.',
  },
  'payment.other_failed': {
    ja: 'お支払いに失敗しました。他のお支払方法をご利用ください。',
    en: 'The payment failed. Please use another payment method.',
  },
  'payment.expired': {
    ja: 'お支払い期限を過ぎたため、ご注文は取り消されました。',
    en: 'The payment deadline passed and the order was cancelled.',
  },
  'payment.canceled': { ja: 'ご注文は取り消されました。', en: 'The order was cancelled.' },
} as const satisfies Record<string, Record<Lang, string>>;
