import { useTranslation } from '@/lib/use-translation.ts';

/**
 * The agreement to the terms and the privacy policy a new member ticks before registering (by mail
 * or through LINE), with both documents opening in a new tab.
 */
export function TermsAgreement({ agreed, onChange }: { agreed: boolean; onChange: (agreed: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <label className="check-row">
        <input type="checkbox" name="agree" checked={agreed} onChange={(e) => onChange(e.target.checked)} data-testid="terms-agree" />
        <span>{t('accounts.register.agree')}</span>
      </label>
      <p className="terms-agree__links">
        <a href="/terms-of-service" target="_blank" rel="noopener" className="text-link">
          {t('accounts.register.terms')}
          <span className="visually-hidden">{t('common.opensNewTab')}</span>
        </a>
        <a href="/privacy-protection" target="_blank" rel="noopener" className="text-link">
          {t('accounts.register.privacy')}
          <span className="visually-hidden">{t('common.opensNewTab')}</span>
        </a>
      </p>
    </>
  );
}
