import { FLAG } from '@oripa/contract/constants';
import * as api from '@oripa/contract/api-paths';
import { parseLang } from '@oripa/contract/states';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { useFormState } from '@/lib/form-state.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { REFERRAL_CODE_LENGTH } from '../account-rules.ts';
import { submit } from '../api/account-calls.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { ContactFields } from '../components/contact-fields.tsx';
import { FormAlert } from '../components/form-errors.tsx';
import { fieldBinder, TextField } from '../components/form-field.tsx';
import { NameFields } from '../components/name-fields.tsx';
import { NewPasswordFields } from '../components/new-password-fields.tsx';
import {
  readPasswords,
  registrationPayload,
  storePasswords,
  valuesForMode,
  valuesFromQuery,
  valuesToQuery,
  VALUE_FIELDS,
  type Passwords,
  type RegisterFormState,
  type RegistrationValues,
} from './registration-values.ts';
import { BirthDateFields } from '@/components/birth-date-fields.tsx';
import { LineLoginButton } from '../line/line-button.tsx';
import '../accounts.css';
import { TermsAgreement } from './terms-agreement.tsx';

/** The form shows every value and both passwords under their controls. */
const SHOWN = [...VALUE_FIELDS, 'pass', 'confirmPass'];

/**
 * /user-register (spec sections 2, 4 and 5): the registration form, prefilled from the query
 * (also when 'fix' returns from the confirmation). Japanese mode picks a prefecture and looks the
 * postal code up; English mode enters an overseas address (pref_id 99 and a country). The
 * confirm button shows only once the terms are agreed to; POST /user/confirm checks everything
 * but the referral code, then the values go to /confirm-user-register in the query.
 */
export function UserRegisterScreen() {
  const { t, i18n } = useTranslation();
  const english = parseLang(i18n.language) === 'en';
  const navigate = useNavigate();
  const location = useLocation();
  const returning = (location.state as RegisterFormState | null)?.agreed === true;
  const [params] = useSearchParams();
  const f = useFormState<RegistrationValues>(() => valuesFromQuery(params));
  const { values, change, errorOf, clear } = f;
  const [passwords, setPasswords] = useState<Passwords>(
    () => (returning ? readPasswords() : null) ?? { pass: '', confirmPass: '' },
  );
  const [agreed, setAgreed] = useState(returning);

  const onSubmit = async () => {
    if (!agreed) return;
    const entered = valuesForMode(values, english);
    const result = await withLoading(() =>
      submit(api.registrationConfirm, registrationPayload(entered, passwords, false)),
    );
    if (!f.settle(result)) return;
    storePasswords(passwords);
    navigate(`/confirm-user-register?${valuesToQuery(entered)}`);
  };

  const text = fieldBinder(values, change, f);

  return (
    <PageFrame title={t('accounts.register.title')} lead={t('accounts.register.lead')} narrow>
      <form {...f.formProps(onSubmit)} className="surface-card account-card account-form" data-testid="register-form">
        <p className="form-legend-note">{t('accounts.form.requiredNote')}</p>
        <NameFields values={values} onChange={change} withMiddleName={english} form={f} />
        <AddressFields
          values={valuesForMode(values, english)}
          onChange={change}
          overseas={english}
          lookup={!english}
          form={f}
        />
        <ContactFields bind={text} overseas={english} />
        <fieldset className="form-group">
          <legend className="form-group__title">{t('accounts.register.password')}</legend>
          <NewPasswordFields
            passLabel={t('accounts.fields.pass')}
            values={passwords}
            onChange={(changes) => setPasswords((p) => ({ ...p, ...changes }))}
            form={f}
          />
        </fieldset>
        <fieldset className="form-group" data-testid="register-birth-date">
          <legend className="form-group__title">{t('safety.birthDate.label')}</legend>
          <BirthDateFields
            birthDate={values.birth_date}
            consent={values.guardian_consent === FLAG.yes}
            onBirthDate={(birth_date) => {
              change({ birth_date });
              clear('birth_date');
            }}
            onConsent={(on) => {
              change({ guardian_consent: on ? FLAG.yes : '' });
              clear('guardian_consent');
            }}
            birthDateError={errorOf('birth_date')}
            consentError={errorOf('guardian_consent')}
            required={false}
          />
        </fieldset>
        <div className="form-group">
          <TextField
            {...text('referralCode')}
            label={t('accounts.fields.referralCode')}
            hint={t('accounts.hints.referralCode')}
            autoComplete="off"
            autoCapitalize="characters"
            maxLength={REFERRAL_CODE_LENGTH + 4}
          />
        </div>

        <div className="terms-agree">
          <TermsAgreement agreed={agreed} onChange={setAgreed} />
        </div>
        <FormAlert errors={f.errors} shown={SHOWN} />
        {agreed ? (
          <button type="submit" className="btn btn--gold btn--block" data-testid="register-confirm">
            {t('accounts.register.toConfirm')}
          </button>
        ) : (
          <p className="form-legend-note form-legend-note--center">{t('accounts.register.agreeFirst')}</p>
        )}
      </form>
      <LineLoginButton />
      <p className="account-aside">
        <Link to="/login" className="text-link">
          {t('accounts.register.haveAccount')}
        </Link>
      </p>
    </PageFrame>
  );
}
