import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { firstError } from '@/lib/api-client.ts';
import { useFormState } from '@/lib/form-state.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { submit } from '../api/account-calls.ts';
import { FormAlert } from '../components/form-errors.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { MailField } from '../components/contact-fields.tsx';
import type { ReissueDoneState } from './complete-password-reissue-screen.tsx';
import '../accounts.css';

/** The token parameter of the mailed link (PASSWORD_RESET_TOKEN_PARAM of the contract). */
const TOKEN_PARAM = 'token';

/**
 * /password-reissue (spec sections 2 and 4). Without a token: the request form (email, send).
 * With ?token= (the link of the reset mail): the new-password form. Both end on
 * /complete-password-reissue, replacing the form in the history so Back cannot return to it.
 */
export function PasswordReissueScreen() {
  const [params] = useSearchParams();
  const token = params.get(TOKEN_PARAM);
  return token ? <NewPasswordForm key={token} token={token} /> : <ReissueRequestForm />;
}

function ReissueRequestForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormState({ mail: '' });

  const onSubmit = async () => {
    const { mail } = f.values;
    const result = await withLoading(() => submit(api.resetPassword, { mail }));
    if (!f.settle(result)) return;
    const state: ReissueDoneState = { step: 'requested' };
    navigate('/complete-password-reissue', { replace: true, state });
  };

  return (
    <PageFrame title={t('accounts.reissue.title')} lead={t('accounts.reissue.lead')} narrow>
      <form {...f.formProps(onSubmit)} className="surface-card account-card" data-testid="reissue-form">
        <MailField {...f.field('mail')} autoComplete="email" required />
        <FormAlert errors={f.errors} shown={['mail']} />
        <button type="submit" className="btn btn--gold btn--block" data-testid="reissue-send">
          {t('accounts.reissue.send')}
        </button>
        <p className="account-card__aside">
          <Link to="/login" className="text-link">
            {t('accounts.reissue.backToLogin')}
          </Link>
        </p>
      </form>
    </PageFrame>
  );
}

function NewPasswordForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const f = useFormState({ pass: '', confirmPass: '' });
  // The link is checked first, so an expired one says so before the member types anything.
  const check = useQuery({
    queryKey: ['reset_token', token],
    queryFn: () => submit(api.resetPasswordVerify, { token }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const onSubmit = async () => {
    const { pass, confirmPass } = f.values;
    const result = await withLoading(() =>
      submit(api.resetPasswordComplete, { token, pass, confirmPass }),
    );
    if (!f.settle(result)) return;
    const state: ReissueDoneState = { step: 'reset' };
    navigate('/complete-password-reissue', { replace: true, state });
  };

  const title = t('accounts.reissue.newTitle');
  if (check.isPending) {
    return (
      <PageFrame title={title} narrow>
        <PageSpinner />
      </PageFrame>
    );
  }
  const refused = check.data && !check.data.ok ? check.data : undefined;
  const linkError = refused
    ? (firstError(refused.errors, 'token') ??
      (refused.errors.network ? t('accounts.common.networkError') : t('accounts.reissue.linkInvalid')))
    : undefined;
  if (linkError) {
    return (
      <PageFrame title={title} narrow>
        <section className="surface-card account-card" data-testid="reissue-link-invalid">
          <p className="notice-box" role="alert">
            {linkError}
          </p>
          <Link to="/password-reissue" className="btn btn--gold btn--block">
            {t('accounts.reissue.requestAgain')}
          </Link>
        </section>
      </PageFrame>
    );
  }

  return (
    <PageFrame title={title} lead={t('accounts.reissue.newLead')} narrow>
      <form {...f.formProps(onSubmit)} className="surface-card account-card" data-testid="new-password-form">
        <NewPasswordFields values={f.values} onChange={f.change} form={f} alert />
        <button type="submit" className="btn btn--gold btn--block" data-testid="new-password-submit">
          {t('accounts.reissue.setPassword')}
        </button>
        {f.errors.token && (
          <Link to="/password-reissue" className="btn btn--outline btn--block">
            {t('accounts.reissue.requestAgain')}
          </Link>
        )}
      </form>
    </PageFrame>
  );
}
