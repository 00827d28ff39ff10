import * as api from '@oripa/contract/api-paths';
import type { MemberDetail } from '@oripa/contract/admin-members';
import { LIMIT_ACTOR, PAUSE_KIND, PAUSE_PERIOD_NAMES, type PausePeriod, type PlayLimits } from '@oripa/contract/play-limits';
import { useQueryClient } from '@tanstack/react-query';
import { useFormState } from '@/lib/form-state.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminSend } from '../api/admin-client.ts';
import { memberKey, useMe } from '../api/admin-queries.ts';
import { DetailsList } from '../components/details-list.tsx';
import { Field } from '../components/field.tsx';
import { formatJstTime } from '../format-time.ts';

const yen = (value: number) => `${value.toLocaleString('ja-JP')}円`;

/**
 * The member's own limits on the console's member page (decision 043): today's and this month's
 * spending, the limits (a raise waiting, with its time), a running time-out or self-exclusion and
 * the history of changes with who made them; support applies a family's request with a reason.
 */
export function MemberPlayLimits({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  const me = useMe();
  const s = m.play_limits;
  const canApply = me.data?.permissions.includes('members.play_limits') ?? false;
  const limitText = (l: PlayLimits['daily']) => {
    const now = l.limit === null ? t('safety.noLimit') : t('safety.limitLeft', { limit: yen(l.limit), left: yen(l.left ?? 0) });
    if (!l.pending) return now;
    const next = l.pending.amount === null ? t('safety.noLimit') : yen(l.pending.amount);
    return `${now} ${t('safety.pendingValue', { value: next, at: formatJstTime(l.pending.from) })}`;
  };
  const rows: [string, string][] = [
    [t('safety.spentToday'), yen(s.daily.spent)],
    [t('safety.spentMonth'), yen(s.monthly.spent)],
    [t('safety.dailyLimit'), limitText(s.daily)],
    [t('safety.monthlyLimit'), limitText(s.monthly)],
    [
      t('safety.pause'),
      s.pause ? t(s.pause.kind === PAUSE_KIND.exclusion ? 'safety.pausedExclusion' : 'safety.pausedTimeout', { until: formatJstTime(s.pause.until) }) : t('safety.noPause'),
    ],
  ];
  return (
    <>
      <h2>{t('safety.limitsHeading')}</h2>
      <DetailsList rows={rows} testId="member-play-limits" />
      <LimitHistory history={s.history} />
      {canApply && <FamilyLimits userId={m.member.id} limits={s} />}
      {canApply && <FamilyPause userId={m.member.id} />}
    </>
  );
}

function LimitHistory({ history }: { history: PlayLimits['history'] }) {
  const t = useAdminT();
  if (history.length === 0) return <p className="admin-muted">{t('safety.historyEmpty')}</p>;
  return (
    <div className="admin-table-wrap" tabIndex={0} role="region" aria-label={t('safety.historyHeading')}>
      <table className="admin-table" data-testid="member-play-history">
        <caption>{t('safety.historyHeading')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('safety.historyWhen')}</th>
            <th scope="col">{t('safety.historyWhat')}</th>
            <th scope="col">{t('safety.historyFrom')}</th>
            <th scope="col">{t('safety.historyBy')}</th>
            <th scope="col">{t('safety.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {history.map((h, i) => (
            <tr key={`${h.created_at}-${i}`}>
              <td>{formatJstTime(h.created_at)}</td>
              <td>
                {t(`safety.kind_${h.kind}`)}{' '}
                {h.period ? `${t(`safety.period_${h.period as PausePeriod}`)}（〜${formatJstTime(h.until)}）` : h.amount === null ? t('safety.noLimit') : yen(h.amount)}
              </td>
              <td>{formatJstTime(h.effective_from)}</td>
              <td>{h.actor === LIMIT_ACTOR.operator ? t('safety.byOperator') : t('safety.byMember')}</td>
              <td>{h.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** What was last asked of a limit, as the form starts with it. */
const lastAsked = (l: PlayLimits['daily']) => {
  const amount = l.pending ? l.pending.amount : l.limit;
  return amount === null ? '' : String(amount);
};

function FamilyLimits({ userId, limits }: { userId: number; limits: PlayLimits }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const { errors, submitting, settle, formProps } = useFormState({}, { focus: false });
  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const result = await adminSend(api.adminMembersPlayLimits, {
      user_id: userId,
      daily_limit: String(f.get('daily_limit') ?? '').trim(),
      monthly_limit: String(f.get('monthly_limit') ?? '').trim(),
      reason: f.get('reason'),
    });
    settle(result, { clearOnOk: true });
    await queryClient.invalidateQueries({ queryKey: memberKey(userId) });
  };
  return (
    <form {...formProps(submit)} className="admin-form admin-form--inline" data-testid="family-limits-form">
      <h3>{t('safety.familyLimitsHeading')}</h3>
      <p className="admin-muted admin-wide">{t('safety.familyLead')}</p>
      <Field label={t('safety.dailyLimitYen')} name="daily_limit" inputMode="numeric" defaultValue={lastAsked(limits.daily)} errors={errors.daily_limit} />
      <Field label={t('safety.monthlyLimitYen')} name="monthly_limit" inputMode="numeric" defaultValue={lastAsked(limits.monthly)} errors={errors.monthly_limit} />
      <Field label={t('safety.familyReason')} name="reason" errors={errors.reason} />
      <button type="submit" className="admin-button" disabled={submitting}>
        {t('safety.applyLimits')}
      </button>
    </form>
  );
}

function FamilyPause({ userId }: { userId: number }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const { errors, submitting, settle, formProps } = useFormState({}, { focus: false });
  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const result = await adminSend(api.adminMembersPlayPause, { user_id: userId, period: f.get('period'), reason: f.get('reason') });
    if (settle(result, { clearOnOk: true })) form.reset();
    await queryClient.invalidateQueries({ queryKey: memberKey(userId) });
  };
  return (
    <form {...formProps(submit)} className="admin-form admin-form--inline" data-testid="family-pause-form">
      <h3>{t('safety.familyPauseHeading')}</h3>
      <p className="admin-muted admin-wide">{t('safety.familyPauseLead')}</p>
      <div className="admin-field">
        <label htmlFor={`family-pause-${userId}`}>{t('safety.period')}</label>
        <select id={`family-pause-${userId}`} name="period" defaultValue="6m">
          {PAUSE_PERIOD_NAMES.map((p) => (
            <option key={p} value={p}>
              {t(`safety.period_${p}`)}
            </option>
          ))}
        </select>
        {errors.period && <p className="admin-field-error">{errors.period[0]}</p>}
      </div>
      <Field label={t('safety.familyReason')} name="reason" errors={errors.reason} />
      <button type="submit" className="admin-button" disabled={submitting}>
        {t('safety.applyPause')}
      </button>
    </form>
  );
}
