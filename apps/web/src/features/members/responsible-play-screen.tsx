import {
  LIMIT_ACTOR,
  LIMIT_CHANGE_KIND,
  PAUSE_KIND,
  PAUSE_PERIOD_NAMES,
  PAUSE_PERIODS,
  type LimitChange,
  type PausePeriod,
  type PlayLimits,
} from '@oripa/contract/play-limits';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '@/components/confirm-modal.tsx';
import { PageFrame } from '@/components/page-frame.tsx';
import { QueryFailure } from '@/components/query-failure.tsx';
import { formatShopDateTime, japanDateTime } from '@/lib/dates.ts';
import { formatNumber } from '@/lib/format.ts';
import { useFormState } from '@/lib/form-state.ts';
import { currentLang } from '@/lib/i18n.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { usePlayLimits, usePlayLimitsCalls } from './play-limits-calls.ts';
import './members.css';
import './play-texts.ts';

/**
 * /responsible-play (issue 26 point 3, decision 043): the member's daily and monthly spending
 * limits (a raise waits 24 hours: the screen shows the value waiting and when it applies), a
 * time-out or self-exclusion (confirmed first: it cannot be lifted), and the history of changes.
 */
export function ResponsiblePlayScreen() {
  const { t } = useTranslation();
  const limits = usePlayLimits();
  return (
    <PageFrame title={t('safety.play.title')} lead={t('safety.play.lead')} narrow>
      {limits.isError && <QueryFailure onRetry={() => void limits.refetch()} />}
      {limits.data && (
        <>
          <PauseBanner limits={limits.data} />
          <LimitsForm limits={limits.data} />
          <PauseForm />
          <LimitHistory history={limits.data.history} />
        </>
      )}
      <p className="play-limits__help">{t('safety.play.help')}</p>
      <div className="button-row button-row--center">
        <Link to="/my-page" className="btn btn--outline">
          {t('accounts.common.backToMyPage')}
        </Link>
      </div>
    </PageFrame>
  );
}

function PauseBanner({ limits }: { limits: PlayLimits }) {
  const { t } = useTranslation();
  if (!limits.pause) return null;
  // The message says "Japan time" itself.
  const until = japanDateTime(limits.pause.until);
  const key = limits.pause.kind === PAUSE_KIND.exclusion ? 'safety.play.pausedExclusion' : 'safety.play.pausedTimeout';
  return (
    <p className="notice-box play-limits__paused" role="status" data-testid="play-paused">
      {t(key, { until })}
    </p>
  );
}

/** What was last asked of a limit (the waiting raise if any), as the input shows it. */
function lastAsked(limit: PlayLimits['daily']): string {
  const amount = limit.pending ? limit.pending.amount : limit.limit;
  return amount === null ? '' : String(amount);
}

function LimitsForm({ limits }: { limits: PlayLimits }) {
  const { t } = useTranslation();
  const { saveLimits } = usePlayLimitsCalls();
  const f = useFormState(() => ({ daily_limit: lastAsked(limits.daily), monthly_limit: lastAsked(limits.monthly) }));
  const onSubmit = async () => {
    f.setMessage(null);
    const result = await saveLimits(f.values.daily_limit, f.values.monthly_limit);
    if (f.settle(result, { clearOnOk: true })) f.setMessage(t('safety.play.saved'));
  };
  return (
    <form {...f.formProps(onSubmit)} className="surface-card play-limits" data-testid="play-limits-form">
      <h2 className="play-limits__title">{t('safety.play.limitsTitle')}</h2>
      <p className="play-limits__lead">{t('safety.play.limitsLead')}</p>
      <LimitField name="daily_limit" label={t('safety.play.daily')} spentLabel={t('safety.play.spentToday')} limit={limits.daily} form={f} />
      <LimitField name="monthly_limit" label={t('safety.play.monthly')} spentLabel={t('safety.play.spentMonth')} limit={limits.monthly} form={f} />
      <button type="submit" className="btn btn--gold btn--block" disabled={f.submitting} data-testid="play-limits-save">
        {t('safety.play.save')}
      </button>
      {f.message && (
        <p className="play-limits__saved" role="status" data-testid="play-limits-saved">
          {f.message}
        </p>
      )}
    </form>
  );
}

interface LimitFieldProps {
  name: 'daily_limit' | 'monthly_limit';
  label: string;
  spentLabel: string;
  limit: PlayLimits['daily'];
  form: ReturnType<typeof useFormState<{ daily_limit: string; monthly_limit: string }>>;
}

function LimitField({ name, label, spentLabel, limit, form }: LimitFieldProps) {
  const { t } = useTranslation();
  const { error, ...input } = form.field(name);
  const yen = (amount: number | null) => (amount === null ? t('safety.play.none') : t('safety.play.yen', { amount: formatNumber(amount) }));
  const id = `play-${name}`;
  return (
    <div className={error ? 'play-limits__field has-error' : 'play-limits__field'} data-testid={`play-${name}`}>
      <label htmlFor={id} className="play-limits__label">
        {label}
      </label>
      <dl className="play-limits__facts">
        <div>
          <dt>{spentLabel}</dt>
          <dd data-testid={`play-${name}-spent`}>{t('safety.play.yen', { amount: formatNumber(limit.spent) })}</dd>
        </div>
        <div>
          <dt>{t('safety.play.limitNow')}</dt>
          <dd data-testid={`play-${name}-current`}>
            {yen(limit.limit)}
            {limit.left !== null && (
              <>
                {' '}
                <span className="play-limits__left">{t('safety.play.left', { left: formatNumber(limit.left), at: japanDateTime(limit.resets_at) })}</span>
              </>
            )}
          </dd>
        </div>
      </dl>
      {limit.pending && (
        <p className="play-limits__pending" data-testid={`play-${name}-pending`}>
          {t('safety.play.pendingValue', { value: yen(limit.pending.amount), at: japanDateTime(limit.pending.from) })}
        </p>
      )}
      <div className="play-limits__input-row">
        <input
          id={id}
          className="input-box play-limits__input"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...input}
        />
        <span className="play-limits__unit">{t('safety.play.inputHint')}</span>
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function PauseForm() {
  const { t } = useTranslation();
  const { pause } = usePlayLimitsCalls();
  const f = useFormState({ period: '' as PausePeriod | '' });
  const [confirming, setConfirming] = useState(false);
  const periodText = (period: PausePeriod) => t(`safety.play.period.${period}`);

  const apply = async () => {
    if (!f.values.period) return;
    const result = await pause(f.values.period);
    setConfirming(false);
    if (f.settle(result, { clearOnOk: true })) f.setValues({ period: '' });
  };
  const groups = [
    { kind: PAUSE_KIND.timeout, label: t('safety.play.timeoutGroup') },
    { kind: PAUSE_KIND.exclusion, label: t('safety.play.exclusionGroup') },
  ];
  const until = f.values.period ? expectedEnd(f.values.period) : '';
  return (
    <form
      {...f.formProps(() => {
        if (f.values.period) setConfirming(true);
      })}
      className="surface-card play-limits"
      data-testid="play-pause-form"
    >
      <h2 className="play-limits__title">{t('safety.play.pauseTitle')}</h2>
      <p className="play-limits__lead">{t('safety.play.pauseLead')}</p>
      {groups.map((group) => (
        <fieldset key={group.kind} className="play-limits__periods">
          <legend>{group.label}</legend>
          {PAUSE_PERIOD_NAMES.filter((p) => PAUSE_PERIODS[p].kind === group.kind).map((period) => (
            <label key={period} className="play-limits__period">
              <input
                type="radio"
                name="period"
                value={period}
                checked={f.values.period === period}
                onChange={() => {
                  f.change({ period });
                  f.clear('period');
                }}
                data-testid={`pause-${period}`}
              />
              <span>{periodText(period)}</span>
            </label>
          ))}
        </fieldset>
      ))}
      {f.errorOf('period') && (
        <p className="field-error" role="alert" data-testid="pause-error">
          {f.errorOf('period')}
        </p>
      )}
      <button type="submit" className="btn btn--outline btn--block" disabled={!f.values.period || f.submitting} data-testid="pause-submit">
        {t('safety.play.pauseSubmit')}
      </button>
      <ConfirmModal
        open={confirming && f.values.period !== ''}
        title={t('safety.play.confirmTitle')}
        busy={f.submitting}
        onConfirm={() => void apply()}
        onClose={() => setConfirming(false)}
        cancelLabel={t('safety.play.cancel')}
        confirmLabel={t('safety.play.confirm')}
        confirmClassName="btn--gold"
        confirmTestId="pause-confirm"
      >
        <p>{f.values.period ? t('safety.play.confirmBody', { period: periodText(f.values.period), until }) : ''}</p>
      </ConfirmModal>
    </form>
  );
}

/** About when a pause chosen now ends (the server's end, to the minute, is shown once applied). */
function expectedEnd(period: PausePeriod): string {
  const spec: { hours?: number; months?: number } = PAUSE_PERIODS[period];
  const end = new Date();
  if (spec.months) end.setMonth(end.getMonth() + spec.months);
  else end.setTime(end.getTime() + (spec.hours ?? 0) * 3_600_000);
  return formatShopDateTime(end.toISOString(), currentLang());
}

function LimitHistory({ history }: { history: LimitChange[] }) {
  const { t } = useTranslation();
  return (
    <section className="surface-card play-limits" aria-labelledby="play-history-title" data-testid="play-history">
      <h2 id="play-history-title" className="play-limits__title">
        {t('safety.play.historyTitle')}
      </h2>
      {history.length === 0 ? (
        <p className="play-limits__lead">{t('safety.play.historyEmpty')}</p>
      ) : (
        <ol className="play-limits__history">
          {history.map((change, index) => (
            <HistoryRow key={`${change.created_at}-${index}`} change={change} />
          ))}
        </ol>
      )}
    </section>
  );
}

/** One change: what, when it was asked, from when it applies, and by whom. */
function HistoryRow({ change }: { change: LimitChange }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const value = change.amount === null ? t('safety.play.none') : t('safety.play.yen', { amount: formatNumber(change.amount) });
  const period = change.period ? t(`safety.play.period.${change.period as PausePeriod}`) : '';
  const until = change.until ? formatShopDateTime(change.until, lang) : '';
  const what =
    change.kind === LIMIT_CHANGE_KIND.daily
      ? t('safety.play.changeDaily', { value })
      : change.kind === LIMIT_CHANGE_KIND.monthly
        ? t('safety.play.changeMonthly', { value })
        : change.kind === LIMIT_CHANGE_KIND.timeout
          ? t('safety.play.changeTimeout', { period, until })
          : t('safety.play.changeExclusion', { period, until });
  return (
    <li className="play-limits__change" data-testid="play-history-row">
      <span className="play-limits__change-what">{what}</span>
      <span className="play-limits__change-meta">
        {t('safety.play.historyWhen')}: {formatShopDateTime(change.created_at, lang)} ・ {t('safety.play.historyFrom')}:{' '}
        {formatShopDateTime(change.effective_from, lang)} ・ {t('safety.play.historyBy')}:{' '}
        {change.actor === LIMIT_ACTOR.operator ? t('safety.play.byOperator') : t('safety.play.byMember')}
      </span>
    </li>
  );
}
