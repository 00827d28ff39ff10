import i18next from 'i18next';
import en from '@/locales/features/inquiries.en.json';
import ja from '@/locales/features/inquiries.ja.json';

/**
 * The inquiry pages' texts (t('inquiries.…'), decision 052) join the catalogue when their chunk
 * loads, not in the entry every visitor downloads (e2e/bundle-budget), in both languages.
 */
export function installInquiryTexts(): void {
  i18next.addResourceBundle('ja', 'translation', { inquiries: ja }, true, true);
  i18next.addResourceBundle('en', 'translation', { inquiries: en }, true, true);
}

installInquiryTexts();
