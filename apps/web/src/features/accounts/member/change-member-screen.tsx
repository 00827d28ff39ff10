import * as api from '@oripa/contract/api-paths';
import { END_SMS } from '@oripa/contract/constants';
import type { UserDetail } from '@oripa/contract/accounts';
import { parseLang } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { PageFrame } from '@/components/page-frame.tsx';
import { PageSpinner } from '@/components/page-spinner.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { useFormState } from '@/lib/form-state.ts';
import { withLoading } from '@/lib/loading.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { fetchUserDetail, USER_DETAIL_KEY, useUserDetail } from '@/lib/user-detail.ts';
import { OVERSEAS_PREF_ID } from '../account-rules.ts';
import { submit } from '../api/account-calls.ts';
import { AddressFields } from '../components/address-fields.tsx';
import { AlertDialog } from '@/components/alert-dialog.tsx';
import { FormAlert } from '../components/form-errors.tsx';
import { ContactFields } from '../components/contact-fields.tsx';
import { fieldBinder } from '../components/form-field.tsx';
import { isOverseas, MEMBER_FIELDS, prefIdPayload, zipcodePayload, type MemberValues } from '../components/member-values.ts';
import { MyPageFormActions } from '../components/my-page-form-actions.tsx';
import { NameFields } from '../components/name-fields.tsx';
import { LineLinkSection } from '../line/line-link-section.tsx';
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
          <LineLinkSection />
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
  const f = useFormState<MemberValues>(() => valuesOf(detail));
  const { values, setValues, change, clear } = f;
  const verified = detail.end_sms === END_SMS.verified;
  const overseas = isOverseas(values);

  const bind = fieldBinder(values, change, f);

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

  const onSubmit = async () => {
    const result = await withLoading(async () => {
      const r = await submit(api.userChange, payloadOf(values));
      if (r.ok) setValues(valuesOf(await reload()));
      return r;
    });
    if (!f.settle(result, { clearOnOk: true })) return;
    f.setMessage(t('accounts.changeMember.done'));
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
      <form {...f.formProps(onSubmit)} className="surface-card account-card account-form" data-testid="change-member-form">
        <NameFields values={values} onChange={change} withMiddleName={english} form={f} />

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
          form={f}
        />

        <ContactFields
          bind={bind}
          overseas={overseas}
          tel={{
            ...(verified && { hint: undefined }),
            note: verified ? t('accounts.sms.lockedNote') : t('accounts.sms.note'),
            readOnly: verified,
            className: verified ? 'text-input--locked' : undefined,
            addon: <SmsVerification tel={values.tel} verified={verified} onVerified={smsVerified} />,
          }}
        />

        {detail.referral_code && <ReferralCode code={detail.referral_code} />}

        <FormAlert errors={f.errors} shown={MEMBER_FIELDS} />
        <MyPageFormActions
          submitLabel={t('accounts.changeMember.submit')}
          submitTestId="change-member-submit"
          backTestId="change-member-back"
        />
      </form>
      <AlertDialog message={f.message} title={t('accounts.common.notice')} onClose={() => f.setMessage(null)} />
    </>
  );
}
