import { useTranslation } from 'react-i18next';
import en from '@/locales/features/line.en.json';
import ja from '@/locales/features/line.ja.json';

export type LineTextKey = keyof typeof ja;

/**
 * The LINE screens' words (decision 057), kept in the account screens' chunk rather than in the
 * entry's catalogue (e2e/bundle-budget), as the member-only badges keep theirs: a text by key in
 * the page's language, with {{name}} placeholders filled.
 */
export function useLineText(): (key: LineTextKey, values?: Record<string, string>) => string {
  const texts: Record<LineTextKey, string> = useTranslation().i18n.language === 'en' ? en : ja;
  return (key, values = {}) => texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}
