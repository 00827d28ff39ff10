import * as api from '@oripa/contract/api-paths';
import { FLAG } from '@oripa/contract/constants';
import { useQueryClient } from '@tanstack/react-query';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { useFormState } from '@/lib/form-state.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { isImeEnter } from './account-rules.ts';
import { memberChanged, submit } from './api/account-calls.ts';
import { FormAlert } from './components/form-errors.tsx';
import { MailField } from './components/contact-fields.tsx';
import { PasswordField } from './components/password-field.tsx';
import { LineLoginButton } from './line/line-button.tsx';
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
  const f = useFormState({ mail: '', pass: '', saveCookie: false });

  const login = async () => {
    const { mail, pass, saveCookie } = f.values;
    const result = await withLoading(async () => {
      const r = await submit(api.login, { mail, pass, save_cookie: saveCookie ? FLAG.yes : FLAG.no });
      if (r.ok) await memberChanged(queryClient);
      return r;
    });
    if (f.settle(result)) navigate(afterLoginPath(packId), { replace: true });
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
      <form {...f.formProps(login)} className="surface-card account-card" data-testid="login-form">
        <MailField {...f.field('mail')} autoComplete="username" onKeyDown={onKeyDown} required />
        <PasswordField
          {...f.field('pass')}
          label={t('accounts.fields.pass')}
          autoComplete="current-password"
          onKeyDown={onKeyDown}
          required
        />
        <label className="check-row">
          <input
            type="checkbox"
            name="save_cookie"
            checked={f.values.saveCookie}
            onChange={(e) => f.change({ saveCookie: e.target.checked })}
          />
          <span>{t('accounts.login.saveCookie')}</span>
        </label>
        <FormAlert errors={f.errors} shown={SHOWN} />
        <button type="submit" className="btn btn--gold btn--block" data-testid="login-button">
          {t('accounts.login.submit')}
        </button>
        <p className="account-card__aside">
          <Link to="/password-reissue" className="text-link">
            {t('accounts.login.forgot')}
          </Link>
        </p>
        <LineLoginButton />
      </form>

      <section className="surface-card account-card account-card--invite" aria-labelledby="register-invite">
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
