import * as api from '@oripa/contract/api-paths';
import { FLAG } from '@oripa/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { withLoading } from '@/lib/loading.ts';
import { isImeEnter, MAIL_MAX } from './account-rules.ts';
import { memberChanged, submit } from './api/account-calls.ts';
import { FormAlert, useFormErrors } from './components/form-errors.tsx';
import { TextField } from './components/form-field.tsx';
import { PasswordField } from './components/password-field.tsx';
import './accounts.css';

const SHOWN = ['mail', 'pass', 'save_cookie'] as const;

/** Where a successful login leads: the pack the visitor came from, otherwise the top page. */
export function afterLoginPath(packId: string | null): string {
  return packId ? `/pack-detail?${new URLSearchParams({ packId }).toString()}` : '/';
}

/**
 * /login (spec sections 2 and 4): email and password (with show/hide), 'skip input next time'
 * (save_cookie: a long-lived session), the login button; Enter submits except while an IME is
 * converting. The failure message (also the throttling one, state 429) comes under mail.
 */
export function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const packId = params.get('packId');
  const [mail, setMail] = useState('');
  const [pass, setPass] = useState('');
  const [saveCookie, setSaveCookie] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const { errors, report, errorOf, clear } = useFormErrors(form);

  const login = async () => {
    const result = await withLoading(async () => {
      const r = await submit(api.login, { mail, pass, save_cookie: saveCookie ? FLAG.yes : FLAG.no });
      if (r.ok) await memberChanged(queryClient);
      return r;
    });
    if (result.ok) navigate(afterLoginPath(packId), { replace: true });
    else report(result.errors);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void login();
  };

  // Enter in a field submits through here (not the browser's implicit submission), so the
  // Enter that only confirms a kana-kanji conversion can be told apart and ignored.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (isImeEnter(event)) return;
    void login();
  };

  return (
    <PageFrame title={t('accounts.login.title')} lead={t('accounts.login.lead')} narrow>
      <form ref={form} className="account-card" onSubmit={onSubmit} noValidate data-testid="login-form">
        <TextField
          label={t('accounts.fields.mail')}
          name="mail"
          type="email"
          autoComplete="username"
          inputMode="email"
          maxLength={MAIL_MAX}
          value={mail}
          error={errorOf('mail')}
          onChange={(e) => {
            setMail(e.target.value);
            clear('mail');
          }}
          onKeyDown={onKeyDown}
          required
        />
        <PasswordField
          label={t('accounts.fields.pass')}
          name="pass"
          autoComplete="current-password"
          value={pass}
          error={errorOf('pass')}
          onChange={(e) => {
            setPass(e.target.value);
            clear('pass');
          }}
          onKeyDown={onKeyDown}
          required
        />
        <label className="check-row">
          <input
            type="checkbox"
            name="save_cookie"
            checked={saveCookie}
            onChange={(e) => setSaveCookie(e.target.checked)}
          />
          <span>{t('accounts.login.saveCookie')}</span>
        </label>
        <FormAlert errors={errors} shown={SHOWN} />
        <button type="submit" className="btn btn--gold btn--block" data-testid="login-button">
          {t('accounts.login.submit')}
        </button>
        <p className="account-card__aside">
          <Link to="/password-reissue" className="text-link">
            {t('accounts.login.forgot')}
          </Link>
        </p>
      </form>

      <section className="account-card account-card--invite" aria-labelledby="register-invite">
        <h2 id="register-invite" className="account-card__title">
          {t('accounts.login.newHere')}
        </h2>
        <p className="muted">{t('accounts.login.newHereText')}</p>
        <Link to="/user-register" className="btn btn--outline btn--block" data-testid="register-link">
          {t('accounts.login.register')}
        </Link>
      </section>
    </PageFrame>
  );
}
