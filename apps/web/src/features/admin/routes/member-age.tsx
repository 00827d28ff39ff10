import * as api from '@oripa/contract/api-paths';
import type { MemberDetail } from '@oripa/contract/admin-members';
import { useQueryClient } from '@tanstack/react-query';
import { useFormState } from '@/lib/form-state.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminSend } from '../api/admin-client.ts';
import { memberKey, useMe } from '../api/admin-queries.ts';
import { DetailsList } from '../components/details-list.tsx';
import { Field } from '../components/field.tsx';
import { formatJstTime } from '../format-time.ts';

const yen = (value: number) => value.toLocaleString('ja-JP');

/**
 * A member's age on the console's member page (decision 037): birth date, age, a minor's
 * guardian consent, this month's cap and spending; support corrects the birth date with a
 * reason (the member cannot), which the audit log keeps.
 */
export function MemberAge({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  const me = useMe();
  const s = m.play_safety;
  const canCorrect = me.data?.permissions.includes('members.birth_date') ?? false;
  const rows: [string, string][] = [
    [t('safety.birthDate'), s.birth_date ?? t('safety.notSet')],
    [t('safety.age'), s.age === null ? '—' : String(s.age)],
    [t('safety.consent'), s.guardian_consent_at ? formatJstTime(s.guardian_consent_at) : '—'],
    [t('safety.spent'), `${yen(s.spent_this_month)}円`],
    [
      t('safety.cap'),
      s.monthly_cap === null
        ? t('safety.noCap')
        : t('safety.capValue', {
            cap: yen(s.monthly_cap),
            left: yen(s.cap_left ?? 0),
            at: formatJstTime(s.resets_at),
          }),
    ],
  ];
  return (
    <>
      <h2>{t('safety.ageHeading')}</h2>
      <DetailsList rows={rows} testId="member-age" />
      {canCorrect && <CorrectBirthDate userId={m.member.id} />}
    </>
  );
}

function CorrectBirthDate({ userId }: { userId: number }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const { errors, submitting, settle, formProps } = useFormState({}, { focus: false });
  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const result = await adminSend(api.adminMembersBirthDate, {
      user_id: userId,
      birth_date: f.get('birth_date'),
      reason: f.get('reason'),
    });
    if (settle(result, { clearOnOk: true })) form.reset();
    await queryClient.invalidateQueries({ queryKey: memberKey(userId) });
  };
  return (
    <form {...formProps(submit, { browserChecks: true })} className="admin-form admin-form--inline" data-testid="birth-date-form">
      <h3>{t('safety.correctHeading')}</h3>
      <p className="admin-muted admin-wide">{t('safety.correctLead')}</p>
      <Field label={t('safety.newBirthDate')} name="birth_date" type="date" errors={errors.birth_date} />
      <Field label={t('safety.reason')} name="reason" errors={errors.reason} />
      <button type="submit" className="admin-button" disabled={submitting}>
        {t('safety.correct')}
      </button>
    </form>
  );
}
