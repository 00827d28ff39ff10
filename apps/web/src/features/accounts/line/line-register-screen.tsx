import * as api from '@oripa/contract/api-paths';
import { parseLang } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { useFormState } from '@/lib/form-state.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { memberChanged, submit } from '../api/account-calls.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { ContactFields } from '../components/contact-fields.tsx';
import { FormAlert } from '../components/form-errors.tsx';
import { fieldBinder } from '../components/form-field.tsx';
import { isOverseas, MEMBER_FIELDS, prefIdPayload, zipcodePayload, type MemberValues } from '../components/member-values.ts';
import { NameFields } from '../components/name-fields.tsx';
import { OVERSEAS_PREF_ID } from '../account-rules.ts';
import { LINE_SETTINGS_KEY, useLineSettings } from './line-calls.ts';
import '../accounts.css';
import { useLineText } from './line-texts.ts';
import { TermsAgreement } from '../registration/terms-agreement.tsx';

const SHOWN = [...MEMBER_FIELDS, 'request'];

function emptyValues(mail: string, english: boolean): MemberValues {
  return {
    lastName: '',
    middleName: '',
    firstName: '',
    tel: '',
    mail,
    zipcode: '',
    pref_id: english ? String(OVERSEAS_PREF_ID) : '',
    country: '',
    shiku: '',
    address: '',
    building: '',
  };
}

/**
 * /line-register (decision 057): a LINE user new to the shop gives the member information the
 * shop needs (name, address for parcels, phone, mail: LINE's address when it gave one) and agrees
 * to the terms; the member signs in with LINE, has no password, and verifies the phone by SMS
 * before buying.
 */
export function LineRegisterScreen() {
  const lt = useLineText();
  const settings = useLineSettings();
  const pending = settings.data?.pending;
  return (
    <PageFrame title={lt('registerTitle')} lead={lt('registerLead')} narrow>
      {settings.isPending ? (
        <PageSpinner />
      ) : pending ? (
        <LineRegisterForm name={pending.name} mail={pending.mail} />
      ) : (
        <section className="surface-card account-card" data-testid="line-register-none">
          <p>{lt('noPending')}</p>
          <Link to="/login" className="btn btn--outline btn--block">
            {lt('backToLogin')}
          </Link>
        </section>
      )}
    </PageFrame>
  );
}

function LineRegisterForm({ name, mail }: { name: string; mail: string }) {
  const { i18n } = useTranslation();
  const lt = useLineText();
  const english = parseLang(i18n.language) === 'en';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const f = useFormState<MemberValues>(() => emptyValues(mail, english));
  const { values, change } = f;
  const overseas = isOverseas(values);
  const [agreed, setAgreed] = useState(false);
  const bind = fieldBinder(values, change, f);

  const onSubmit = async () => {
    if (!agreed) return;
    const payload = {
      ...values,
      zipcode: zipcodePayload(values),
      pref_id: prefIdPayload(values.pref_id),
      country: overseas ? values.country : '',
    };
    const result = await withLoading(async () => {
      const r = await submit(api.lineRegister, payload);
      if (r.ok) {
        await memberChanged(queryClient);
        await queryClient.invalidateQueries({ queryKey: LINE_SETTINGS_KEY });
      }
      return r;
    });
    if (f.settle(result)) navigate('/change-member?line=registered', { replace: true });
  };

  return (
    <form {...f.formProps(onSubmit)} className="surface-card account-card account-form" data-testid="line-register-form">
      <p className="form-legend-note" data-testid="line-register-name">
        {lt('registerAs', { name: name || 'LINE' })}
      </p>
      <NameFields values={values} onChange={change} withMiddleName={english} form={f} />
      <AddressFields values={values} onChange={change} overseas={overseas} lookup={!english && !overseas} form={f} />
      <ContactFields bind={bind} overseas={overseas} />
      <p className="muted">{lt('smsBeforeBuying')}</p>
      <TermsAgreement agreed={agreed} onChange={setAgreed} />
      <FormAlert errors={f.errors} shown={SHOWN} />
      <button type="submit" className="btn btn--gold btn--block" disabled={!agreed} data-testid="line-register-submit">
        {lt('registerSubmit')}
      </button>
    </form>
  );
}
