import type { ApiEntry, FormPayload } from '@/lib/api-route.ts';
import * as api from '@oripa/contract/api-paths';
import type { LoginStep } from '@oripa/contract/admin';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LangToggle } from '@/components/lang-toggle.tsx';
import { useAdminT } from '../admin-texts.ts';
import { adminCall, adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';

/** The login's steps: each answers the next step. */
type LoginCall = 'adminLogin' | 'adminPassword' | 'adminTotpEnrolSave' | 'adminTotp';

type Step = 'login' | Exclude<LoginStep, 'done'>;

/**
 * The console's sign-in: address and password, then — as the server says — a new password (first
 * login or after a reset), TOTP enrolment with a QR code, or the TOTP code of every login.
 */
export function LoginScreen() {
  const t = useAdminT();
  const me = useMe();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>('login');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [pass, setPass] = useState('');

  if (me.data && step === 'login') return <Navigate to="/admin" replace />;

  /** Sends a step; moves to the step the server names, or shows its refusals. */
  const submit = async <N extends LoginCall,>(route: ApiEntry<N>, payload: FormPayload<N>) => {
    setBusy(true);
    const result = await adminSend(route, payload);
    setBusy(false);
    if (result.state === STATE.ok && result.step) {
      setErrors({});
      if (result.step === 'done') {
        await queryClient.resetQueries({ queryKey: ADMIN_KEY });
        await navigate('/admin', { replace: true });
      } else setStep(result.step);
      return;
    }
    // A session that ended half-way (idle, or another login) starts again from the address.
    if (result.state === STATE.loginRequired) setStep('login');
    setErrors(result.errors);
  };

  return (
    <div className="admin-login">
      <div className="admin-login-card">
        <div className="admin-login-top">
          <span className="admin-brand">{t('title')}</span>
          <LangToggle />
        </div>
        {errors.operator && (
          <p className="admin-notice admin-notice--error" role="alert">
            {errors.operator[0]}
          </p>
        )}
        {step === 'login' && <PasswordStep busy={busy} errors={errors} onSubmit={(mail, p) => { setPass(p); void submit(api.adminLogin, { mail, pass: p }); }} />}
        {step === 'password' && <NewPasswordStep busy={busy} errors={errors} onSubmit={(newPass) => void submit(api.adminPassword, { pass, new_pass: newPass })} />}
        {step === 'enrol' && <EnrolStep busy={busy} errors={errors} onSubmit={(code) => void submit(api.adminTotpEnrolSave, { code })} />}
        {step === 'totp' && <CodeStep busy={busy} errors={errors} onSubmit={(code) => void submit(api.adminTotp, { code })} />}
        {step !== 'login' && (
          <button type="button" className="admin-link" onClick={() => { setErrors({}); setStep('login'); }}>
            {t('login.restart')}
          </button>
        )}
      </div>
    </div>
  );
}

interface StepProps<A extends unknown[]> {
  busy: boolean;
  errors: FieldErrors;
  onSubmit: (...args: A) => void;
}

function formValues(event: FormEvent<HTMLFormElement>): FormData {
  event.preventDefault();
  return new FormData(event.currentTarget);
}

function PasswordStep({ busy, errors, onSubmit }: StepProps<[string, string]>) {
  const t = useAdminT();
  return (
    <form className="admin-form" onSubmit={(e) => { const f = formValues(e); onSubmit(String(f.get('mail')), String(f.get('pass'))); }}>
      <h1>{t('login.heading')}</h1>
      <Field label={t('login.mail')} name="mail" type="email" autoComplete="username" errors={errors.mail} />
      <Field label={t('login.pass')} name="pass" type="password" autoComplete="current-password" errors={errors.pass} />
      <button type="submit" className="admin-button" disabled={busy}>
        {t('login.submit')}
      </button>
    </form>
  );
}

function NewPasswordStep({ busy, errors, onSubmit }: StepProps<[string]>) {
  const t = useAdminT();
  const [mismatch, setMismatch] = useState(false);
  return (
    <form
      className="admin-form"
      onSubmit={(e) => {
        const f = formValues(e);
        const next = String(f.get('new_pass'));
        const same = next === String(f.get('confirm'));
        setMismatch(!same);
        if (same) onSubmit(next);
      }}
    >
      <h1>{t('login.passwordHeading')}</h1>
      <p>{t('login.passwordLead')}</p>
      <Field label={t('login.newPass')} name="new_pass" type="password" autoComplete="new-password" errors={errors.new_pass ?? errors.pass} />
      <Field label={t('login.confirmPass')} name="confirm" type="password" autoComplete="new-password" errors={mismatch ? [t('login.mismatch')] : undefined} />
      <button type="submit" className="admin-button" disabled={busy}>
        {t('login.passwordSubmit')}
      </button>
    </form>
  );
}

function EnrolStep({ busy, errors, onSubmit }: StepProps<[string]>) {
  const t = useAdminT();
  const [offer, setOffer] = useState<{ secret: string; qr: string }>();
  useEffect(() => {
    void adminCall(api.adminTotpEnrol).then((r) => {
      if (r.secret && r.qr) setOffer({ secret: r.secret, qr: r.qr });
    });
  }, []);
  return (
    <form className="admin-form" onSubmit={(e) => onSubmit(String(formValues(e).get('code')).trim())}>
      <h1>{t('login.enrolHeading')}</h1>
      <p>{t('login.enrolLead')}</p>
      {offer ? (
        <div className="admin-enrol">
          <img src={offer.qr} alt={t('login.qrAlt')} width={200} height={200} />
          <p className="admin-muted">
            {t('login.secret')}: <code data-testid="totp-secret">{offer.secret}</code>
          </p>
        </div>
      ) : (
        <p className="admin-muted">{t('loading')}</p>
      )}
      <Field label={t('login.code')} name="code" inputMode="numeric" autoComplete="one-time-code" errors={errors.code} />
      <button type="submit" className="admin-button" disabled={busy || !offer}>
        {t('login.codeSubmit')}
      </button>
    </form>
  );
}

function CodeStep({ busy, errors, onSubmit }: StepProps<[string]>) {
  const t = useAdminT();
  return (
    <form className="admin-form" onSubmit={(e) => onSubmit(String(formValues(e).get('code')).trim())}>
      <h1>{t('login.totpHeading')}</h1>
      <p>{t('login.totpLead')}</p>
      <Field label={t('login.code')} name="code" inputMode="numeric" autoComplete="one-time-code" errors={errors.code ?? errors.mail} />
      <button type="submit" className="admin-button" disabled={busy}>
        {t('login.codeSubmit')}
      </button>
    </form>
  );
}
