import { ALERT_KINDS, type AlertKind, type AlertsResponse } from '@oripa/contract/admin-alerts';
import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '@/lib/use-translation.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { formatJstTime } from '../format-time.ts';

const ALERTS_KEY = [...ADMIN_KEY, 'alerts'];

/** Checkboxes of every alert kind, named `name`, checked for the kinds in `checked`. */
function KindChoices({ name, legend, checked, disabled }: { name: string; legend: string; checked: readonly AlertKind[]; disabled?: boolean }) {
  const t = useAdminT();
  return (
    <fieldset className="admin-choices admin-wide" disabled={disabled}>
      <legend>{legend}</legend>
      {ALERT_KINDS.map((kind) => (
        <label key={kind} className="admin-choice">
          <input type="checkbox" name={name} value={kind} defaultChecked={checked.includes(kind)} /> {t(`alerts.kinds.${kind}`)}
        </label>
      ))}
    </fieldset>
  );
}

const chosenKinds = (form: FormData, name: string) => form.getAll(name).map(String);

/**
 * The operators' alerts (decision 046): each operator picks the alerts they get by mail; an owner
 * sets the shop's webhook and thresholds; everyone sees the latest alerts sent.
 */
export function AlertsScreen() {
  const t = useAdminT();
  const { i18n } = useTranslation();
  const me = useMe();
  const queryClient = useQueryClient();
  const alerts = useQuery({ queryKey: ALERTS_KEY, queryFn: () => adminGetOk(api.adminAlerts) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<'mailSaved' | 'shopSaved' | 'failed' | undefined>();
  const canWrite = me.data?.permissions.includes('alerts.write') ?? false;
  const lang = i18n.language === 'en' ? 'en' : 'ja';

  const saved = async (result: { state: number; errors: FieldErrors }, done: 'mailSaved' | 'shopSaved') => {
    setErrors(result.state === STATE.ok ? {} : result.errors);
    setNotice(result.state === STATE.ok ? done : 'failed');
    if (result.state === STATE.ok) await queryClient.invalidateQueries({ queryKey: ALERTS_KEY });
  };

  const saveMails = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    await saved(await adminSend(api.adminAlertMails, { kinds: chosenKinds(new FormData(event.currentTarget), 'mail_kinds') as AlertKind[] }), 'mailSaved');
  };

  const saveShop = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const text = (name: string) => String(f.get(name) ?? '').trim();
    const result = await adminSend(api.adminAlertsSave, {
      webhook_url: text('webhook_url'),
      webhook_kinds: chosenKinds(f, 'webhook_kinds') as AlertKind[],
      pack_remaining: text('pack_remaining'),
      payments_waiting_hours: text('payments_waiting_hours'),
      jobs_waiting: text('jobs_waiting'),
    });
    await saved(result, 'shopSaved');
  };

  return (
    <section>
      <h1>{t('alerts.heading')}</h1>
      <p className="admin-muted">{t('alerts.lead')}</p>
      {notice && (
        <p className={`admin-notice ${notice === 'failed' ? 'admin-notice--error' : 'admin-notice--ok'}`} role="status">
          {t(`alerts.${notice}`)}
        </p>
      )}
      <QueryView query={alerts}>
        {(a: AlertsResponse) => (
          <>
            <h2>{t('alerts.mailHeading')}</h2>
            <form className="admin-form" onSubmit={(e) => void saveMails(e)} data-testid="alert-mails-form">
              <p className="admin-muted admin-wide">{t('alerts.mailLead', { mail: me.data?.operator.mail ?? '' })}</p>
              <KindChoices name="mail_kinds" legend={t('alerts.mailKinds')} checked={a.mail_kinds} />
              <button type="submit" className="admin-button">
                {t('alerts.mailSave')}
              </button>
            </form>

            <h2>{t('alerts.shopHeading')}</h2>
            <form className="admin-form" onSubmit={(e) => void saveShop(e)} data-testid="alert-shop-form">
              <p className="admin-muted admin-wide">{t('alerts.shopLead')}</p>
              <Field label={t('alerts.webhookUrl')} name="webhook_url" type="url" inputMode="url" defaultValue={a.settings.webhook_url} errors={errors.webhook_url} disabled={!canWrite} />
              <KindChoices name="webhook_kinds" legend={t('alerts.webhookKinds')} checked={a.settings.webhook_kinds} disabled={!canWrite} />
              <Field label={t('alerts.packRemaining')} name="pack_remaining" inputMode="numeric" defaultValue={String(a.settings.pack_remaining)} errors={errors.pack_remaining} disabled={!canWrite} />
              <Field label={t('alerts.paymentsWaitingHours')} name="payments_waiting_hours" inputMode="numeric" defaultValue={String(a.settings.payments_waiting_hours)} errors={errors.payments_waiting_hours} disabled={!canWrite} />
              <Field label={t('alerts.jobsWaiting')} name="jobs_waiting" inputMode="numeric" defaultValue={String(a.settings.jobs_waiting)} errors={errors.jobs_waiting} disabled={!canWrite} />
              {canWrite ? (
                <button type="submit" className="admin-button">
                  {t('alerts.shopSave')}
                </button>
              ) : (
                <p className="admin-muted admin-wide">{t('alerts.readOnly')}</p>
              )}
            </form>

            <h2>{t('alerts.recentHeading')}</h2>
            {a.recent.length === 0 ? (
              <p className="admin-muted">{t('alerts.recentEmpty')}</p>
            ) : (
              <TableScroll label={t('alerts.recentHeading')}>
                <table className="admin-table" data-testid="alerts-recent">
                  <thead>
                    <tr>
                      <th scope="col">{t('alerts.when')}</th>
                      <th scope="col">{t('alerts.kind')}</th>
                      <th scope="col">{t('alerts.message')}</th>
                      <th scope="col">{t('alerts.webhook')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {a.recent.map((r) => (
                      <tr key={`${r.kind}:${r.subject}:${r.sent_at}`}>
                        <td>{formatJstTime(r.sent_at)}</td>
                        <td>{t(`alerts.kinds.${r.kind}`)}</td>
                        <td>{r.message[lang]}</td>
                        <td>{t(`alerts.webhookStates.${r.webhook}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </>
        )}
      </QueryView>
    </section>
  );
}
