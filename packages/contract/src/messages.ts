import type { Lang } from './states.ts';

/**
 * The server's message catalogue: every error text a response can carry, in Japanese and
 * English. Services name a code; the error handler picks the text in the requester's language.
 * `{name}` placeholders are filled from the error's params.
 */
export const MESSAGES = {
  'common.invalid': { ja: '不正な値です。', en: 'invalid value' },
  'common.required': { ja: '入力してください。', en: 'This field is required.' },
  'common.too_long': { ja: '{max}文字以内で入力してください。', en: 'Enter at most {max} characters.' },
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

export type MessageCode = keyof typeof MESSAGES;

export type MessageParams = Record<string, string | number>;

/** The text of `code` in `lang`, with `{name}` placeholders filled from `params`. */
export function message(code: MessageCode, lang: Lang, params: MessageParams = {}): string {
  const template: string = MESSAGES[code][lang];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function isMessageCode(code: string): code is MessageCode {
  return Object.hasOwn(MESSAGES, code);
}
