import { useTranslation } from '@/lib/use-translation.ts';
import type { LegalLang } from './legal-types.ts';

/** The display language of the legal pages: English in English mode, Japanese otherwise. */
export function useLegalLang(): LegalLang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'ja';
}
