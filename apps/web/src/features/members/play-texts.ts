import i18next from 'i18next';
import en from '@/locales/features/safety-play.en.json';
import ja from '@/locales/features/safety-play.ja.json';

/**
 * The responsible-play page's texts (t('safety.play.…'), decision 043) join the catalogue when the
 * members' chunk loads, as the console's do, rather than riding in the entry every visitor
 * downloads (the entry's budget, e2e/bundle-budget). Merged into what is there, in both languages:
 * English mode's later load of its catalogue merges around them (lib/i18n.ts ensureTexts).
 */
export function installPlayTexts(): void {
  i18next.addResourceBundle('ja', 'translation', { safety: { play: ja } }, true, true);
  i18next.addResourceBundle('en', 'translation', { safety: { play: en } }, true, true);
}

installPlayTexts();
