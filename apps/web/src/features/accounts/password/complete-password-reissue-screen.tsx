import { Link, useLocation } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import '../accounts.css';

/** History state of /complete-password-reissue: which step of the reissue just finished. */
export interface ReissueDoneState {
  step: 'requested' | 'reset';
}

/**
 * /complete-password-reissue: after the request (a mail is on its way) or after the new password
 * was set from the mailed link. Reached by replacing the form in the history, so Back does not
 * return to it (spec section 2).
 */
export function CompletePasswordReissueScreen() {
  const { t } = useTranslation();
  const reset = (useLocation().state as ReissueDoneState | null)?.step === 'reset';
  return (
    <PageFrame title={reset ? t('accounts.reissueDone.resetTitle') : t('accounts.reissueDone.title')} narrow>
      <section className="surface-card account-card account-card--done" data-testid="reissue-complete">
        <span className="done-mark" aria-hidden="true" />
        <p className="account-card__message">
          {reset ? t('accounts.reissueDone.resetMessage') : t('accounts.reissueDone.message')}
        </p>
        {!reset && <p className="muted">{t('accounts.reissueDone.mailNote')}</p>}
        <div className="form-actions form-actions--single">
          <Link to="/login" replace className="btn btn--gold btn--block">
            {t('accounts.reissueDone.toLogin')}
          </Link>
          <Link to="/" className="btn btn--outline btn--block">
            {t('accounts.complete.toTop')}
          </Link>
        </div>
      </section>
    </PageFrame>
  );
}
