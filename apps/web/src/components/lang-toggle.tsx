import { useHydrated } from '@/lib/hydrated.ts';
import { changeLang, currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { GlobeIcon } from './icons.tsx';

/**
 * Switches between Japanese and English. Its visible name is the language it switches to,
 * written in that language ("English" / "日本語"), as visitors who cannot read the page expect.
 * Disabled in the server's HTML until the page's code has hydrated it: a tap before then would
 * be lost (decision 035).
 */
export function LangToggle() {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const next = currentLang() === 'en' ? 'ja' : 'en';
  return (
    <button
      type="button"
      className="lang-toggle"
      data-testid="lang-toggle"
      title={t('lang.switchLabel')}
      disabled={!hydrated}
      onClick={() => {
        void changeLang(next);
      }}
    >
      <GlobeIcon />
      <span lang={next}>{t('lang.switchTo')}</span>
    </button>
  );
}
