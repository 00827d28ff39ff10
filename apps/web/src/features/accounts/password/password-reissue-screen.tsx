import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { firstError } from '@/lib/api-client.ts';
import { withLoading } from '@/lib/loading.ts';
import { MAIL_MAX } from '../account-rules.ts';
import { submit } from '../api/account-calls.ts';
import { FormAlert, useFormErrors } from '../components/form-errors.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import { TextField } from '../components/form-field.tsx';
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
  const [mail, setMail] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { errors, report, errorOf, clear } = useFormErrors(form);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withLoading(() => submit(api.resetPassword, { mail }));
    if (!result.ok) {
      report(result.errors);
      return;
    }
    const state: ReissueDoneState = { step: 'requested' };
    navigate('/complete-password-reissue', { replace: true, state });
  };

  return (
    <PageFrame title={t('accounts.reissue.title')} lead={t('accounts.reissue.lead')} narrow>
      <form
        ref={form}
        className="account-card"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="reissue-form"
      >
        <TextField
          label={t('accounts.fields.mail')}
          name="mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          required
          maxLength={MAIL_MAX}
          value={mail}
          error={errorOf('mail')}
          onChange={(e) => {
            setMail(e.target.value);
            clear('mail');
          }}
        />
        <FormAlert errors={errors} shown={['mail']} />
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
  const [pass, setPass] = useState('');
  const [confirmPass, setConfirmPass] = useState('');
  const form = useRef<HTMLFormElement>(null);
  const { errors, report, errorOf, clear } = useFormErrors(form);
  // The link is checked first, so an expired one says so before the member types anything.
  const check = useQuery({
    queryKey: ['reset_token', token],
    queryFn: () => submit(api.resetPasswordVerify, { token }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withLoading(() =>
      submit(api.resetPasswordComplete, { token, pass, confirmPass }),
    );
    if (!result.ok) {
      report(result.errors);
      return;
    }
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
        <section className="account-card" data-testid="reissue-link-invalid">
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
      <form
        ref={form}
        className="account-card"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="new-password-form"
      >
        <NewPasswordFields
          pass={pass}
          confirmPass={confirmPass}
          onPass={setPass}
          onConfirmPass={setConfirmPass}
          errors={errors}
          errorOf={errorOf}
          clear={clear}
        />
        <button type="submit" className="btn btn--gold btn--block" data-testid="new-password-submit">
          {t('accounts.reissue.setPassword')}
        </button>
        {errors.token && (
          <Link to="/password-reissue" className="btn btn--outline btn--block">
            {t('accounts.reissue.requestAgain')}
          </Link>
        )}
      </form>
    </PageFrame>
  );
}
