import type { Lang } from '@oripa/contract/states';

/** The operator's English text in English mode when there is one, the Japanese text otherwise. */
export function inLang(ja: string, en: string, lang: Lang): string {
  return lang === 'en' && en.trim() !== '' ? en : ja;
}
