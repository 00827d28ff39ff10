import i18next from 'i18next';
import en from '@/locales/features/receipts.en.json';
import ja from '@/locales/features/receipts.ja.json';

/**
 * The receipts' texts (t('receipts.…'), decision 044) join the catalogue when the point history's
 * chunk loads, as the console's do, rather than riding in the entry every visitor downloads (the
 * entry's budget, e2e/bundle-budget). Merged into what is there, in both languages.
 */
export function installReceiptTexts(): void {
  i18next.addResourceBundle('ja', 'translation', { receipts: ja }, true, true);
  i18next.addResourceBundle('en', 'translation', { receipts: en }, true, true);
}

installReceiptTexts();
