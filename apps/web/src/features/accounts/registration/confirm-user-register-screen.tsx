import { FLAG } from '@oripa/contract/constants';
import * as api from '@oripa/contract/api-paths';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { firstError } from '@/lib/api-client.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { memberChanged, submit, usePrefList } from '../api/account-calls.ts';
import { useFormErrors } from '@/lib/form-state.ts';
import { FormAlert } from '../components/form-errors.tsx';
import { isOverseas } from '../components/member-values.ts';
import {
  clearPasswords,
  readPasswords,
  registrationPayload,
  valuesFromQuery,
  valuesToQuery,
  type Passwords,
  type RegisterFormState,
  type RegistrationValues,
} from './registration-values.ts';
import '../accounts.css';

/** Shown instead of the password: its length is not shown either. */
export const PASSWORD_MASK = '••••••••';

type Row = { field: keyof RegistrationValues | 'pass'; label: string; value: string };

/**
 * /confirm-user-register (spec sections 2 and 4): every value from the query (the password from
 * this tab's storage, masked). 'Fix' returns to the form with the values; 'register' calls
 * POST /user/append with the referral code as entered, which also logs the member in.
 */
export function ConfirmUserRegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const values = valuesFromQuery(params);
  const [passwords] = useState<Passwords | null>(readPasswords);
  const prefs = usePrefList();
  const { errors, report } = useFormErrors();

  // Nothing entered (a bookmark, a shared link): there is nothing to confirm.
  if (values.mail === '') return <Navigate to="/user-register" replace />;

  const overseas = isOverseas(values);
  const prefName = prefs.data?.find((p) => String(p.id) === values.pref_id)?.name ?? '';
  const rows: Row[] = [
    { field: 'lastName', label: t('accounts.fields.lastName'), value: values.lastName },
    ...(values.middleName
      ? [{ field: 'middleName' as const, label: t('accounts.fields.middleName'), value: values.middleName }]
      : []),
    { field: 'firstName', label: t('accounts.fields.firstName'), value: values.firstName },
    { field: 'zipcode', label: t('accounts.fields.zipcode'), value: values.zipcode },
    overseas
      ? { field: 'country', label: t('accounts.fields.country'), value: values.country }
      : { field: 'pref_id', label: t('accounts.fields.pref_id'), value: prefName },
    { field: 'shiku', label: t('accounts.fields.shiku'), value: values.shiku },
    { field: 'address', label: t('accounts.fields.address'), value: values.address },
    { field: 'building', label: t('accounts.fields.building'), value: values.building },
    { field: 'tel', label: t('accounts.fields.tel'), value: values.tel },
    { field: 'mail', label: t('accounts.fields.mail'), value: values.mail },
    { field: 'pass', label: t('accounts.fields.pass'), value: passwords ? PASSWORD_MASK : '' },
    { field: 'referralCode', label: t('accounts.fields.referralCode'), value: values.referralCode },
    ...(values.birth_date
      ? [{ field: 'birth_date' as const, label: t('safety.birthDate.label'), value: values.birth_date }]
      : []),
    ...(values.guardian_consent === FLAG.yes
      ? [{ field: 'guardian_consent' as const, label: t('safety.status.consent'), value: t('safety.birthDate.consent') }]
      : []),
  ];

  const fix = () => {
    const state: RegisterFormState = { agreed: true };
    navigate(`/user-register?${valuesToQuery(values)}`, { state });
  };

  const register = async () => {
    if (!passwords) return;
    const result = await withLoading(async () => {
      const r = await submit(api.registrationAppend, registrationPayload(values, passwords, true));
      if (r.ok) await memberChanged(queryClient);
      return r;
    });
    if (!result.ok) {
      report(result.errors);
      return;
    }
    clearPasswords();
    navigate('/complete-user-register', { replace: true });
  };

  return (
    <PageFrame title={t('accounts.confirm.title')} lead={t('accounts.confirm.lead')} narrow>
      <section className="surface-card account-card">
        <dl className="confirm-list" data-testid="confirm-list">
          {rows.map((row) => {
            // The passwords' errors (pass, or confirmPass alone) show on the one password row.
            const error =
              firstError(errors, row.field) ??
              (row.field === 'pass' ? firstError(errors, 'confirmPass') : undefined);
            return (
              <div
                key={row.field}
                className={error ? 'confirm-list__row has-error' : 'confirm-list__row'}
                data-testid={`confirm-${row.field}`}
              >
                <dt>{row.label}</dt>
                <dd>
                  {row.value === '' ? (
                    <span className="muted">{t('accounts.confirm.empty')}</span>
                  ) : (
                    row.value
                  )}
                  {error && (
                    <p className="field-error" role="alert">
                      {error}
                    </p>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        {!passwords && <p className="notice-box">{t('accounts.confirm.passwordLost')}</p>}
        <FormAlert errors={errors} shown={[...rows.map((r) => r.field), 'confirmPass']} />
        {Object.keys(errors).length > 0 && (
          <p className="form-legend-note">{t('accounts.confirm.fixHint')}</p>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn--outline" onClick={fix} data-testid="register-fix">
            {t('accounts.confirm.fix')}
          </button>
          <button
            type="button"
            className="btn btn--gold"
            onClick={() => void register()}
            disabled={!passwords}
            data-testid="register-submit"
          >
            {t('accounts.confirm.submit')}
          </button>
        </div>
      </section>
    </PageFrame>
  );
}
