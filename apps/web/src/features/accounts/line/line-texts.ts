import en from '@/locales/features/line.en.json';
import ja from '@/locales/features/line.ja.json';
import { usePageText } from '@/lib/page-texts.ts';

export type LineTextKey = keyof typeof ja;

/**
 * The LINE screens' words (decision 057), kept in the account screens' chunk rather than in the
 * entry's catalogue (e2e/bundle-budget), as the member-only badges keep theirs: a text by key in
 * the page's language, with {{name}} placeholders filled.
 */
export function useLineText(): (key: LineTextKey, values?: Record<string, string>) => string {
  return usePageText<LineTextKey>({ ja, en });
}
