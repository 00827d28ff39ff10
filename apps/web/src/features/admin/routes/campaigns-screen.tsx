import * as api from '@oripa/contract/api-paths';
import type { CampaignKind, CampaignRow } from '@oripa/contract/campaigns';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { formatJstTime } from '../format-time.ts';

const CAMPAIGNS_KEY = [...ADMIN_KEY, 'campaigns'];

type Notice = { ok: boolean; text: string } | null;

/** A datetime-local input's value (the operator's clock) as an instant for the server; '' stays '' (the server names the field). */
function instant(value: FormDataEntryValue | null): string {
  const text = String(value ?? '');
  const at = new Date(text);
  return text && !Number.isNaN(at.getTime()) ? at.toISOString() : text;
}

/**
 * Campaigns (decision 060): the campaigns with their state, budget used and the payments that
 * got them; pause and resume; a new one (extra free points or a coin-back multiplier). Members'
 * permission reads (the payments name members); the point-settings permission writes.
 */
export function CampaignsScreen() {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const [openGrants, setOpenGrants] = useState<number | null>(null);
  const canWrite = me.data?.permissions.includes('points.settings') ?? false;
  const list = useQuery({ queryKey: CAMPAIGNS_KEY, queryFn: () => adminGetOk(api.adminCampaigns, {}) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: CAMPAIGNS_KEY });

  const pause = async (campaign: CampaignRow) => {
    const result = await adminSend(api.adminCampaignPause, { id: campaign.id, paused: !campaign.paused });
    setNotice(result.state === STATE.ok ? null : { ok: false, text: allErrors(result.errors).join(' ') });
    await refresh();
  };

  const figure = (c: CampaignRow) => (c.kind === 'point_bonus' ? t('campaigns.figurePercent', { n: c.percent ?? 0 }) : t('campaigns.figureTimes', { n: c.multiplier ?? 0 }));

  return (
    <section>
      <h1>{t('campaigns.heading')}</h1>
      <p className="admin-muted">{t('campaigns.lead')}</p>
      <p className="admin-muted">{t('campaigns.legal')}</p>
      {notice && (
        <p className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role={notice.ok ? 'status' : 'alert'} data-testid="campaigns-notice">
          {notice.text}
        </p>
      )}
      {canWrite ? (
        <CreateForm
          onDone={(text) => {
            setNotice({ ok: true, text });
            void refresh();
          }}
        />
      ) : (
        <p className="admin-muted">{t('campaigns.readOnly')}</p>
      )}
      <QueryView query={list}>
        {(data) => (
          <>
            <h2>{t('campaigns.listHeading')}</h2>
            <TableScroll label={t('campaigns.listHeading')}>
              <table className="admin-table" data-testid="campaigns-table">
                <thead>
                  <tr>
                    <th>{t('campaigns.columns.name')}</th>
                    <th>{t('campaigns.columns.kind')}</th>
                    <th>{t('campaigns.columns.figure')}</th>
                    <th>{t('campaigns.columns.period')}</th>
                    <th>{t('campaigns.columns.budget')}</th>
                    <th>{t('campaigns.columns.payments')}</th>
                    <th>{t('campaigns.columns.status')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.campaigns.length === 0 && (
                    <tr>
                      <td colSpan={8}>{t('campaigns.empty')}</td>
                    </tr>
                  )}
                  {data.campaigns.map((c) => (
                    <tr key={c.id} data-testid="campaign-row">
                      <td>
                        {c.name}
                        {c.name_en && <div className="admin-muted">{c.name_en}</div>}
                      </td>
                      <td>{t(`campaigns.kinds.${c.kind}`)}</td>
                      <td>{figure(c)}</td>
                      <td>
                        {formatJstTime(c.starts_at)} – {formatJstTime(c.ends_at)}
                      </td>
                      <td>
                        {c.used} / {c.budget}
                      </td>
                      <td>{c.payments.toLocaleString()}</td>
                      <td>{t(`campaigns.statuses.${c.status}`)}</td>
                      <td className="admin-actions">
                        {canWrite && (
                          <button type="button" className="admin-button admin-button--quiet" onClick={() => void pause(c)}>
                            {c.paused ? t('campaigns.resume') : t('campaigns.pause')}
                          </button>
                        )}
                        <button type="button" className="admin-button admin-button--quiet" onClick={() => setOpenGrants(openGrants === c.id ? null : c.id)}>
                          {openGrants === c.id ? t('campaigns.hideGrants') : t('campaigns.showGrants')}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {openGrants !== null && <Grants id={openGrants} />}
          </>
        )}
      </QueryView>
    </section>
  );
}

/** The payments that got one campaign, newest first. */
function Grants({ id }: { id: number }) {
  const t = useAdminT();
  const grants = useQuery({ queryKey: [...CAMPAIGNS_KEY, 'grants', id], queryFn: () => adminGetOk(api.adminCampaignGrants, { params: { id } }) });
  return (
    <QueryView query={grants}>
      {(data) => (
        <div data-testid="campaign-grants">
          <h3>{t('campaigns.grantsHeading', { name: data.campaign.name })}</h3>
          {data.grants.length === 0 ? (
            <p className="admin-muted">{t('campaigns.noGrants')}</p>
          ) : (
            <TableScroll>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t('campaigns.columns.payment')}</th>
                    <th>{t('campaigns.columns.member')}</th>
                    <th>{t('campaigns.columns.amount')}</th>
                    <th>{t('campaigns.columns.grantedAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.grants.map((g) => (
                    <tr key={g.payment_id}>
                      <td>{g.payment_id}</td>
                      <td>{g.user_id}</td>
                      <td>{g.amount}</td>
                      <td>{formatJstTime(g.granted_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          )}
        </div>
      )}
    </QueryView>
  );
}

function CreateForm({ onDone }: { onDone: (text: string) => void }) {
  const t = useAdminT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [kind, setKind] = useState<CampaignKind>('point_bonus');
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const result = await adminSend(api.adminCampaignCreate, {
      kind,
      name: String(form.get('name') ?? ''),
      name_en: String(form.get('name_en') ?? ''),
      percent: kind === 'point_bonus' ? String(form.get('percent') ?? '') : null,
      multiplier: kind === 'coinback_multiplier' ? String(form.get('multiplier') ?? '2') : null,
      budget: String(form.get('budget') ?? ''),
      starts_at: instant(form.get('starts_at')),
      ends_at: instant(form.get('ends_at')),
    });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    if (result.state === STATE.ok && result.campaign) {
      element.reset();
      onDone(t('campaigns.created', { name: result.campaign.name }));
    }
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="campaign-create">
      <h2 className="admin-wide">{t('campaigns.createHeading')}</h2>
      <div className="admin-field">
        <label>
          {t('campaigns.kind')}{' '}
          <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as CampaignKind)}>
            <option value="point_bonus">{t('campaigns.kinds.point_bonus')}</option>
            <option value="coinback_multiplier">{t('campaigns.kinds.coinback_multiplier')}</option>
          </select>
        </label>
      </div>
      <Field label={t('campaigns.name')} name="name" required errors={errors.name} />
      <Field label={t('campaigns.nameEn')} name="name_en" errors={errors.name_en} />
      {kind === 'point_bonus' ? (
        <Field label={t('campaigns.percent')} name="percent" inputMode="numeric" required errors={errors.percent} />
      ) : (
        <div className="admin-field">
          <label>
            {t('campaigns.multiplier')}{' '}
            <select name="multiplier" defaultValue="2">
              <option value="2">{t('campaigns.times', { n: 2 })}</option>
              <option value="3">{t('campaigns.times', { n: 3 })}</option>
            </select>
          </label>
          {errors.multiplier && <p className="admin-field-error">{errors.multiplier[0]}</p>}
        </div>
      )}
      <Field label={t('campaigns.budget')} name="budget" inputMode="decimal" required errors={errors.budget} />
      <Field label={t('campaigns.startsAt')} name="starts_at" type="datetime-local" required errors={errors.starts_at} />
      <Field label={t('campaigns.endsAt')} name="ends_at" type="datetime-local" required errors={errors.ends_at} />
      <button type="submit" className="admin-button">
        {t('campaigns.create')}
      </button>
    </form>
  );
}
