import { Link } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { useTranslation } from '@/lib/use-translation.ts';
import '../accounts.css';

/** /complete-user-register: the member is registered and logged in; leads to the top page. */
export function CompleteUserRegisterScreen() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('accounts.complete.title')} narrow>
      <section className="surface-card account-card account-card--done" data-testid="register-complete">
        <span className="done-mark" aria-hidden="true" />
        <p className="account-card__message">{t('accounts.complete.message')}</p>
        <p className="muted">{t('accounts.complete.next')}</p>
        <div className="form-actions form-actions--single">
          <Link to="/" className="btn btn--gold btn--block">
            {t('accounts.complete.toTop')}
          </Link>
        </div>
      </section>
    </PageFrame>
  );
}
