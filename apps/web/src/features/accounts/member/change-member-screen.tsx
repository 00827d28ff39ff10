import * as api from '@oripa/contract/api-paths';
import { END_SMS } from '@oripa/contract/constants';
import type { UserDetail } from '@oripa/contract/accounts';
import { parseLang } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { withLoading } from '@/lib/loading.ts';
import { fetchUserDetail, USER_DETAIL_KEY, useUserDetail } from '@/lib/user-detail.ts';
import { MAIL_MAX, OVERSEAS_PREF_ID, TEL_MAX_JP, TEL_MAX_OVERSEAS } from '../account-rules.ts';
import { submit } from '../api/account-calls.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { AlertDialog } from '@/components/alert-dialog.tsx';
import { FormAlert, useFormErrors } from '../components/form-errors.tsx';
import { fieldBinder, TextField } from '../components/form-field.tsx';
import { isOverseas, MEMBER_FIELDS, prefIdPayload, zipcodePayload, type MemberValues } from '../components/member-values.ts';
import { MyPageFormActions } from '../components/my-page-form-actions.tsx';
import { NameFields } from '../components/name-fields.tsx';
import { MailPreferences } from './mail-preferences.tsx';
import { ReferralCode } from './referral-code.tsx';
import { SmsVerification } from './sms-verification.tsx';
import '../accounts.css';

const OVERSEAS = String(OVERSEAS_PREF_ID);

function valuesOf(detail: UserDetail): MemberValues {
  return {
    lastName: detail.lastName,
    middleName: detail.middleName,
    firstName: detail.firstName,
    tel: detail.tel,
    mail: detail.mail,
    zipcode: detail.zipcode,
    pref_id: detail.pref_id > 0 ? String(detail.pref_id) : '',
    country: detail.country,
    shiku: detail.shiku,
    address: detail.address,
    building: detail.building,
  };
}

/** The payload of POST /user/change. */
function payloadOf(values: MemberValues) {
  const overseas = isOverseas(values);
  return {
    ...values,
    zipcode: zipcodePayload(values),
    pref_id: prefIdPayload(values.pref_id),
    country: overseas ? values.country : '',
  };
}

/**
 * /change-member (spec sections 2, 4 and 5): the member's name, address, phone, mail and
 * referral code from GET /user/detail, saved with POST /user/change (per-field errors, first
 * message under each). The phone has the SMS verification button while end_sms is 0 and is
 * read-only once verified. Back goes to my page.
 */
export function ChangeMemberScreen() {
  const { t } = useTranslation();
  const detail = useUserDetail();
  return (
    <PageFrame title={t('accounts.changeMember.title')} lead={t('accounts.changeMember.lead')} narrow>
      {detail.data ? (
        <>
          <ChangeMemberForm detail={detail.data} />
          <MailPreferences />
        </>
      ) : detail.isPending ? (
        <PageSpinner />
      ) : (
        <QueryFailure onRetry={() => void detail.refetch()} />
      )}
    </PageFrame>
  );
}

function ChangeMemberForm({ detail }: { detail: UserDetail }) {
  const { t, i18n } = useTranslation();
  const english = parseLang(i18n.language) === 'en';
  const queryClient = useQueryClient();
  const [values, setValues] = useState<MemberValues>(() => valuesOf(detail));
  const [saved, setSaved] = useState<string | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const { errors, report, errorOf, clear } = useFormErrors(form);
  const verified = detail.end_sms === END_SMS.verified;
  const overseas = isOverseas(values);

  const change = (changes: Partial<MemberValues>) => setValues((v) => ({ ...v, ...changes }));
  const bind = fieldBinder(values, change, errorOf, clear);

  /** Fetches the information again and puts it in the cache; the form is refilled by the caller. */
  const reload = async (): Promise<UserDetail> => {
    const fresh = await queryClient.fetchQuery({
      queryKey: USER_DETAIL_KEY,
      queryFn: fetchUserDetail,
      staleTime: 0,
    });
    // Points may have changed too (the referral bonus is granted on SMS verification).
    await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
    return fresh;
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await withLoading(async () => {
      const r = await submit(api.userChange, payloadOf(values));
      if (r.ok) setValues(valuesOf(await reload()));
      return r;
    });
    if (!result.ok) {
      report(result.errors);
      return;
    }
    report({});
    setSaved(t('accounts.changeMember.done'));
  };

  // Only the phone comes from the reloaded information: other fields may hold unsaved edits.
  const smsVerified = async () => {
    const fresh = await reload();
    change({ tel: fresh.tel });
    clear('tel');
  };

  const chooseRegion = (toOverseas: boolean) => {
    if (toOverseas === overseas) return;
    change(toOverseas ? { pref_id: OVERSEAS } : { pref_id: '', country: '' });
    clear('pref_id', 'country', 'zipcode');
  };

  return (
    <>
      <form
        ref={form}
        className="account-card account-form"
        onSubmit={(e) => void onSubmit(e)}
        noValidate
        data-testid="change-member-form"
      >
        <NameFields
          values={values}
          onChange={change}
          withMiddleName={english}
          errorOf={errorOf}
          clear={clear}
        />

        <fieldset className="region-switch">
          <legend className="form-field__label">{t('accounts.changeMember.region')}</legend>
          <label className="region-switch__option">
            <input type="radio" name="region" checked={!overseas} onChange={() => chooseRegion(false)} />
            <span>{t('accounts.changeMember.regionJapan')}</span>
          </label>
          <label className="region-switch__option">
            <input
              type="radio"
              name="region"
              checked={overseas}
              onChange={() => chooseRegion(true)}
              data-testid="region-overseas"
            />
            <span>{t('accounts.changeMember.regionOverseas')}</span>
          </label>
        </fieldset>
        <AddressFields
          values={values}
          onChange={change}
          overseas={overseas}
          lookup={!english && !overseas}
          errorOf={errorOf}
          clear={clear}
        />

        <fieldset className="form-group">
          <legend className="form-group__title">{t('accounts.register.contact')}</legend>
          <TextField
            {...bind('tel')}
            label={t('accounts.fields.tel')}
            required
            type="tel"
            inputMode="numeric"
            autoComplete="tel"
            maxLength={overseas ? TEL_MAX_OVERSEAS : TEL_MAX_JP}
            hint={verified ? undefined : overseas ? t('accounts.hints.telOverseas') : t('accounts.hints.tel')}
            note={verified ? t('accounts.sms.lockedNote') : t('accounts.sms.note')}
            readOnly={verified}
            className={verified ? 'text-input--locked' : undefined}
            addon={<SmsVerification tel={values.tel} verified={verified} onVerified={smsVerified} />}
          />
          <TextField
            {...bind('mail')}
            label={t('accounts.fields.mail')}
            required
            type="email"
            inputMode="email"
            autoComplete="email"
            maxLength={MAIL_MAX}
            note={t('accounts.notes.mail')}
          />
        </fieldset>

        {detail.referral_code && <ReferralCode code={detail.referral_code} />}

        <FormAlert errors={errors} shown={MEMBER_FIELDS} />
        <MyPageFormActions
          submitLabel={t('accounts.changeMember.submit')}
          submitTestId="change-member-submit"
          backTestId="change-member-back"
        />
      </form>
      <AlertDialog message={saved} title={t('accounts.common.notice')} onClose={() => setSaved(null)} />
    </>
  );
}
