import type { Lang } from '../states.ts';

/** Messages of the wire contract and the catalogue. */
export const COMMON_MESSAGES = {
  'common.invalid': { ja: '不正な値です。', en: 'invalid value' },
  'common.required': { ja: '入力してください。', en: 'This field is required.' },
  'common.too_long': { ja: '{max}文字以内で入力してください。', en: 'Enter at most {max} characters.' },
  'common.control_character': {
    ja: '使用できない文字（改行・タブなどの制御文字）が含まれています。',
    en: 'Remove the control characters (line breaks, tabs and the like).',
  },
  'common.broken_character': {
    ja: '使用できない文字（壊れた文字）が含まれています。',
    en: 'Remove the broken characters (invalid Unicode).',
  },
  'common.direction_character': {
    ja: '使用できない文字（文字の向きを変える記号）が含まれています。',
    en: 'Remove the characters that change the text direction.',
  },
  'common.bad_request': {
    ja: 'リクエストの形式が正しくありません。',
    en: 'The request is malformed.',
  },
  'common.not_found': { ja: '対象が見つかりません。', en: 'Not found.' },
  'common.server_error': {
    ja: 'サーバーエラーが発生しました。時間をおいて再度お試しください。',
    en: 'A server error occurred. Please try again later.',
  },
  'common.throttled': {
    ja: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
    en: 'Too many requests. Please wait a moment and try again.',
  },
  'common.login_required': {
    ja: 'ログインしてください。',
    en: 'Please log in.',
  },
  'common.maintenance': {
    ja: 'ただいまシステムメンテナンス中です。',
    en: 'The shop is under maintenance.',
  },
  'csrf.invalid': {
    ja: 'ページの有効期限が切れました。画面を再読み込みしてから、もう一度お試しください。',
    en: 'This page has expired. Reload the page and try again.',
  },
  'pack.not_found': {
    ja: 'パックが見つかりません。',
    en: 'The pack was not found.',
  },
  'card_type.not_found': {
    ja: 'カードの種類が見つかりません。',
    en: 'The card type was not found.',
  },
} as const satisfies Record<string, Record<Lang, string>>;
