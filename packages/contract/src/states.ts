/**
 * Response states of the wire contract (spec section 4). 200 is success, 9999 sends the
 * browser to the maintenance page; every other state is a failure with per-field errors.
 */
export const STATE = {
  ok: 200,
  /** Success that changed nothing new (e.g. a decision that was already made). */
  noContent: 204,
  validation: 400,
  loginRequired: 401,
  csrf: 403,
  /** The operator's role does not allow the call (console only; 403 is the csrf refusal). */
  forbidden: 4030,
  notFound: 404,
  conflict: 409,
  throttled: 429,
  server: 500,
  maintenance: 9999,
} as const;

export type State = (typeof STATE)[keyof typeof STATE];

/** Languages the shop speaks. Japanese is the default. */
export const LANGS = ['ja', 'en'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'ja';

/** Cookie the web app sets when the member switches language; the server answers in it. */
export const LANG_COOKIE = 'lang';

export function parseLang(value: unknown): Lang {
  return value === 'en' ? 'en' : 'ja';
}
