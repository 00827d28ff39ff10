import { useTranslation } from 'react-i18next';
import { changeLang, currentLang } from '@/lib/i18n.ts';
import { GlobeIcon } from './icons.tsx';

/**
 * Switches between Japanese and English. Its visible name is the language it switches to,
 * written in that language ("English" / "日本語"), as visitors who cannot read the page expect.
 */
export function LangToggle() {
  const { t } = useTranslation();
  const next = currentLang() === 'en' ? 'ja' : 'en';
  return (
    <button
      type="button"
      className="lang-toggle"
      data-testid="lang-toggle"
      title={t('lang.switchLabel')}
      onClick={() => {
        void changeLang(next);
      }}
    >
      <GlobeIcon />
      <span lang={next}>{t('lang.switchTo')}</span>
    </button>
  );
}
