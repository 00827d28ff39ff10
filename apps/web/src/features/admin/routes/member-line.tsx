import * as api from '@oripa/contract/api-paths';
import type { MemberDetail } from '@oripa/contract/admin-members';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormState } from '@/lib/form-state.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminSend } from '../api/admin-client.ts';
import { memberKey } from '../api/admin-queries.ts';
import { DetailsList } from '../components/details-list.tsx';
import { Field } from '../components/field.tsx';
import { formatJstTime } from '../format-time.ts';

/**
 * The member's LINE link on the console's member page (decision 062): the LINE display name and
 * since when; an operator who may unlink it does so with a reason. A member whose only sign-in is
 * LINE is unlinked only together with a password-reset mail (the box starts ticked for them and
 * the server refuses without it).
 */
export function MemberLine({ m, canUnlink }: { m: MemberDetail; canUnlink: boolean }) {
  const t = useAdminT();
  const [done, setDone] = useState<string>();
  const line = m.line;
  return (
    <section data-testid="member-line-section">
      <h2>{t('members.lineHeading')}</h2>
      {done && (
        <p className="admin-notice admin-notice--ok" role="status" data-testid="line-unlinked">
          {done}
        </p>
      )}
      {line ? (
        <>
          <DetailsList
            rows={[
              [t('members.lineName'), line.display_name],
              [t('members.lineSince'), formatJstTime(line.linked_at)],
              [t('members.linePassword'), line.has_password ? t('yes') : t('members.lineOnly')],
            ]}
            testId="member-line"
          />
          {canUnlink && <UnlinkForm userId={m.member.id} hasPassword={line.has_password} onDone={setDone} />}
        </>
      ) : (
        <p className="admin-muted" data-testid="member-line-none">
          {t('members.lineNone')}
        </p>
      )}
    </section>
  );
}

function UnlinkForm({ userId, hasPassword, onDone }: { userId: number; hasPassword: boolean; onDone: (text: string) => void }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const { errors, submitting, settle, formProps } = useFormState({}, { focus: false });
  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const result = await adminSend(api.adminMembersLineUnlink, { user_id: userId, reason: f.get('reason'), send_reset: f.get('send_reset') === 'on' });
    settle(result, { clearOnOk: true });
    if (result.state === STATE.ok) onDone(t(result.reset_mail ? 'members.lineUnlinkedMailed' : 'members.lineUnlinked'));
    await queryClient.invalidateQueries({ queryKey: memberKey(userId) });
  };
  return (
    <form {...formProps(submit)} className="admin-form admin-form--inline" data-testid="line-unlink-form">
      <p className="admin-muted admin-wide">{t(hasPassword ? 'members.lineUnlinkLead' : 'members.lineOnlyLead')}</p>
      <Field label={t('members.lineReason')} name="reason" errors={errors.reason} />
      <label className="admin-choice admin-wide">
        <input type="checkbox" name="send_reset" defaultChecked={!hasPassword} /> {t('members.lineSendReset')}
      </label>
      {errors.send_reset?.[0] && (
        <p className="admin-notice admin-notice--error admin-wide" role="alert">
          {errors.send_reset[0]}
        </p>
      )}
      <button type="submit" className="admin-button admin-button--danger" disabled={submitting}>
        {t('members.lineUnlink')}
      </button>
    </form>
  );
}
