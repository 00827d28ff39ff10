import i18next from 'i18next';
import en from '@/locales/features/demo-draw.en.json';
import ja from '@/locales/features/demo-draw.ja.json';

/**
 * The demo draw's texts (t('demoDraw.…')) join the catalogue with the reveal's chunk rather than
 * riding in the entry (e2e/bundle-budget), as the receipts' do.
 */
export function installDemoTexts(): void {
  i18next.addResourceBundle('ja', 'translation', { demoDraw: ja }, true, true);
  i18next.addResourceBundle('en', 'translation', { demoDraw: en }, true, true);
}

installDemoTexts();
