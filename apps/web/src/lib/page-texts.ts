import { useTranslation } from '@/lib/use-translation.ts';

/**
 * Texts a single page keeps in its own chunk instead of the app's catalogue, which ships with
 * the entry (the fairness specification and the verifier's results are long and read by few):
 * the page imports both languages and picks the current one.
 */
export function usePageTexts<T>(texts: { ja: T; en: T }): T {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? texts.en : texts.ja;
}

/** Fills {{name}} placeholders, as i18next would. */
export function fill(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/**
 * A page's keyed texts in its own chunk (as usePageTexts): answers a function giving the text of
 * a key in the page's language with its {{name}} placeholders filled, a name without a value left
 * empty (a text never shows a raw placeholder).
 */
export function usePageText<K extends string>(texts: { ja: Record<K, string>; en: Record<K, string> }): (key: K, values?: Record<string, string>) => string {
  const picked = usePageTexts(texts);
  return (key, values = {}) => picked[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
