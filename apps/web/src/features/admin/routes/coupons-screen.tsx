import * as api from '@oripa/contract/api-paths';
import type { CouponKind, CouponRow } from '@oripa/contract/coupons';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminCall, adminGetOk, adminSend, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { downloadBase64 } from '../api/shipping-queries.ts';
import { useRanks } from '../api/shop-settings-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { formatJstTime } from '../format-time.ts';

const COUPONS_KEY = [...ADMIN_KEY, 'coupons'];

type Notice = { ok: boolean; text: string } | null;

/** A datetime-local input's value (the operator's clock) as an instant for the server; '' stays '' (the server names the field). */
function instant(value: FormDataEntryValue | null): string {
  const text = String(value ?? '');
  const at = new Date(text);
  return text && !Number.isNaN(at.getTime()) ? at.toISOString() : text;
}

/** What a code gives (decision 061): its kind and only that kind's amount. */
function gives(form: FormData) {
  const kind = String(form.get('kind') ?? 'points') as CouponKind;
  const field = kind === 'percent_off' ? 'discount_percent' : kind === 'yen_off' ? 'discount_yen' : 'points';
  return { kind, [field]: String(form.get(field) ?? '') };
}

/** A code's gift as the list shows it: "100 pt", "10% off", "¥500 off". */
function givesText(t: ReturnType<typeof useAdminT>, c: Pick<CouponRow, 'kind' | 'points' | 'discount_percent' | 'discount_yen'>): string {
  const n = c.kind === 'percent_off' ? c.discount_percent : c.kind === 'yen_off' ? c.discount_yen : c.points;
  return t(`coupons.gives.${c.kind}`, { n: (n ?? 0).toLocaleString() });
}

/** A budget figure with its unit: yen for a discount code, points otherwise. */
function amount(kind: CouponKind, n: number): string {
  return kind === 'points' ? n.toLocaleString() : `¥${n.toLocaleString()}`;
}

/** The form's period, conditions and name, shared by one code and a batch. */
function common(form: FormData) {
  const rank = String(form.get('min_rank_id') ?? '');
  return {
    name: String(form.get('name') ?? ''),
    ...gives(form),
    starts_at: instant(form.get('starts_at')),
    ends_at: instant(form.get('ends_at')),
    first_purchase_only: form.get('first_purchase_only') === 'on',
    min_rank_id: rank === '' ? null : Number(rank),
  };
}

/**
 * Coupons and promotion codes (decision 059): codes with their uses and budget left, pause and
 * resume, who used a code, one code or a batch of single-use codes created, a batch's CSV file.
 * Members' permission reads; the point-settings permission writes.
 */
export function CouponsScreen() {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const [batch, setBatch] = useState('');
  const [notice, setNotice] = useState<Notice>(null);
  const [openUses, setOpenUses] = useState<number | null>(null);
  const canWrite = me.data?.permissions.includes('points.settings') ?? false;
  const list = useQuery({ queryKey: [...COUPONS_KEY, batch], queryFn: () => adminGetOk(api.adminCoupons, { query: { page: 1, batch } }) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: COUPONS_KEY });

  const pause = async (coupon: CouponRow) => {
    const result = await adminSend(api.adminCouponPause, { id: coupon.id, paused: !coupon.paused });
    setNotice(result.state === STATE.ok ? null : { ok: false, text: allErrors(result.errors).join(' ') });
    await refresh();
  };

  const exportFile = async (label: string, encoding: 'utf8' | 'sjis') => {
    const result = await adminCall(api.adminCouponBatchFile, { query: { batch: label, encoding } });
    if (result.state === STATE.ok && result.content_base64 && result.filename) {
      downloadBase64(result.filename, result.content_base64, encoding === 'sjis' ? 'text/csv;charset=Shift_JIS' : 'text/csv;charset=utf-8');
      setNotice({ ok: true, text: t('coupons.exported', { rows: result.rows ?? 0 }) });
    } else {
      setNotice({ ok: false, text: allErrors(result.errors).join(' ') });
    }
  };

  return (
    <section>
      <h1>{t('coupons.heading')}</h1>
      <p className="admin-muted">{t('coupons.lead')}</p>
      {notice && (
        <p className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role={notice.ok ? 'status' : 'alert'} data-testid="coupons-notice">
          {notice.text}
        </p>
      )}
      {canWrite ? (
        <>
          <CreateForm onDone={(text) => { setNotice({ ok: true, text }); void refresh(); }} />
          <BatchForm onDone={(text, label) => { setNotice({ ok: true, text }); setBatch(label); void refresh(); }} />
        </>
      ) : (
        <p className="admin-muted">{t('coupons.readOnly')}</p>
      )}
      <QueryView query={list}>
        {(data) => (
          <>
            <h2>{t('coupons.listHeading')}</h2>
            {batch && (
              <p>
                {t('coupons.batchFilter', { batch })}{' '}
                <button type="button" className="admin-button admin-button--quiet" onClick={() => setBatch('')}>
                  {t('coupons.showAll')}
                </button>
              </p>
            )}
            <TableScroll label={t('coupons.listHeading')}>
              <table className="admin-table" data-testid="coupons-table">
                <thead>
                  <tr>
                    <th>{t('coupons.columns.code')}</th>
                    <th>{t('coupons.columns.name')}</th>
                    <th>{t('coupons.columns.points')}</th>
                    <th>{t('coupons.columns.uses')}</th>
                    <th>{t('coupons.columns.budget')}</th>
                    <th>{t('coupons.columns.period')}</th>
                    <th>{t('coupons.columns.status')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.coupons.length === 0 && (
                    <tr>
                      <td colSpan={8}>{t('coupons.empty')}</td>
                    </tr>
                  )}
                  {data.coupons.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <code>{c.code}</code>
                      </td>
                      <td>{c.name}</td>
                      <td data-testid="coupon-gives">{givesText(t, c)}</td>
                      <td>
                        {c.uses.toLocaleString()} / {c.members.toLocaleString()}
                      </td>
                      <td data-testid="coupon-budget">
                        {amount(c.kind, c.remaining)} / {amount(c.kind, c.budget)}
                        <br />
                        <small>{t('coupons.used', { used: amount(c.kind, c.budget - c.remaining) })}</small>
                      </td>
                      <td>
                        {formatJstTime(c.starts_at)} – {formatJstTime(c.ends_at)}
                      </td>
                      <td className="admin-nowrap">{t(`coupons.statuses.${c.status}`)}</td>
                      <td>
                        <span className="admin-actions">
                          {canWrite && (
                            <button type="button" className="admin-button admin-button--quiet" onClick={() => void pause(c)}>
                              {c.paused ? t('coupons.resume') : t('coupons.pause')}
                            </button>
                          )}
                          <button type="button" className="admin-button admin-button--quiet" onClick={() => setOpenUses(openUses === c.id ? null : c.id)}>
                            {openUses === c.id ? t('coupons.hideUses') : t('coupons.showUses')}
                          </button>
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            {openUses !== null && <Uses id={openUses} />}
            <h2>{t('coupons.batchesHeading')}</h2>
            <TableScroll label={t('coupons.batchesHeading')}>
              <table className="admin-table" data-testid="coupon-batches">
                <thead>
                  <tr>
                    <th>{t('coupons.columns.batch')}</th>
                    <th>{t('coupons.columns.name')}</th>
                    <th>{t('coupons.columns.kind')}</th>
                    <th>{t('coupons.columns.codes')}</th>
                    <th>{t('coupons.columns.given')}</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {data.batches.map((b) => (
                    <tr key={b.batch}>
                      <td>
                        <code>{b.batch}</code>
                      </td>
                      <td>{b.name}</td>
                      <td>{t(`coupons.kinds.${b.kind}`)}</td>
                      <td>
                        {b.used.toLocaleString()} / {b.codes.toLocaleString()}
                      </td>
                      <td>{amount(b.kind, b.points_given)}</td>
                      <td>
                        <span className="admin-actions">
                          <button type="button" className="admin-button admin-button--quiet" onClick={() => setBatch(b.batch)}>
                            {t('coupons.showCodes')}
                          </button>
                          {canWrite && (
                            <>
                              <button type="button" className="admin-button admin-button--quiet" onClick={() => void exportFile(b.batch, 'utf8')}>
                                {t('coupons.csvUtf8')}
                              </button>
                              <button type="button" className="admin-button admin-button--quiet" onClick={() => void exportFile(b.batch, 'sjis')}>
                                {t('coupons.csvSjis')}
                              </button>
                            </>
                          )}
                        </span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          </>
        )}
      </QueryView>
    </section>
  );
}

/** Who redeemed one code, newest first. */
function Uses({ id }: { id: number }) {
  const t = useAdminT();
  const uses = useQuery({ queryKey: [...COUPONS_KEY, 'uses', id], queryFn: () => adminGetOk(api.adminCouponUses, { params: { id } }) });
  return (
    <QueryView query={uses}>
      {(data) => (
        <div data-testid="coupon-uses">
          <h3>{t('coupons.usesHeading', { code: data.coupon.code })}</h3>
          {data.uses.length === 0 ? (
            <p className="admin-muted">{t('coupons.noUses')}</p>
          ) : (
            <TableScroll>
              <table className="admin-table">
                <thead>
                  <tr>
                    <th>{t('coupons.columns.member')}</th>
                    <th>{t('coupons.columns.points')}</th>
                    <th>{t('coupons.columns.payment')}</th>
                    <th>{t('coupons.columns.redeemedAt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.uses.map((u, i) => (
                    <tr key={`${u.user_id}-${u.redeemed_at}-${i}`}>
                      <td>{u.user_id}</td>
                      <td>
                        {data.coupon.kind === 'points' ? u.points.toLocaleString() : amount(data.coupon.kind, u.discount_yen)}
                        {u.released && <small> {t('coupons.released')}</small>}
                      </td>
                      <td>{u.payment_id ?? ''}</td>
                      <td>{formatJstTime(u.redeemed_at)}</td>
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

/** The fields one code and a batch share: name, points, period, conditions. */
function SharedFields({ errors, batch = false }: { errors: FieldErrors; batch?: boolean }) {
  const t = useAdminT();
  const ranks = useRanks();
  const [kind, setKind] = useState<CouponKind>('points');
  return (
    <>
      <Field label={t('coupons.name')} name="name" errors={errors.name} />
      <div className="admin-field">
        <label>
          {t('coupons.kind')}{' '}
          <select name="kind" value={kind} onChange={(e) => setKind(e.target.value as CouponKind)} data-testid="coupon-kind">
            {(['points', 'percent_off', 'yen_off'] as const).map((k) => (
              <option key={k} value={k}>
                {t(`coupons.kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {errors.kind && <p className="admin-field-error">{errors.kind[0]}</p>}
      </div>
      {kind === 'points' && <Field label={t('coupons.points')} name="points" inputMode="numeric" required errors={errors.points} />}
      {kind === 'percent_off' && <Field label={t('coupons.discountPercent')} name="discount_percent" inputMode="numeric" required errors={errors.discount_percent} />}
      {kind === 'yen_off' && <Field label={t('coupons.discountYen')} name="discount_yen" inputMode="numeric" required errors={errors.discount_yen} />}
      {batch && kind === 'percent_off' && <Field label={t('coupons.batchBudget')} name="budget" inputMode="numeric" required errors={errors.budget} />}
      <Field label={t('coupons.startsAt')} name="starts_at" type="datetime-local" required errors={errors.starts_at} />
      <Field label={t('coupons.endsAt')} name="ends_at" type="datetime-local" required errors={errors.ends_at} />
      <div className="admin-field">
        <label>
          {t('coupons.minRank')}{' '}
          <select name="min_rank_id" defaultValue="">
            <option value="">{t('coupons.anyRank')}</option>
            {(ranks.data ?? []).map((rank) => (
              <option key={rank.id} value={rank.id}>
                {rank.name}
              </option>
            ))}
          </select>
        </label>
        {errors.min_rank_id && <p className="admin-field-error">{errors.min_rank_id[0]}</p>}
      </div>
      <label className="admin-choice admin-wide">
        <input type="checkbox" name="first_purchase_only" /> {t('coupons.firstPurchase')}
      </label>
    </>
  );
}

function CreateForm({ onDone }: { onDone: (text: string) => void }) {
  const t = useAdminT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const result = await adminSend(api.adminCouponCreate, {
      ...common(form),
      code: String(form.get('code') ?? ''),
      budget: String(form.get('budget') ?? ''),
      per_member_limit: String(form.get('per_member_limit') ?? '1'),
    });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    if (result.state === STATE.ok && result.coupon) {
      element.reset();
      onDone(t('coupons.created', { code: result.coupon.code }));
    }
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="coupon-create">
      <h2 className="admin-wide">{t('coupons.createHeading')}</h2>
      <Field label={t('coupons.code')} name="code" required autoComplete="off" errors={errors.code} />
      <SharedFields errors={errors} />
      <Field label={t('coupons.budget')} name="budget" inputMode="numeric" required errors={errors.budget} />
      <Field label={t('coupons.perMember')} name="per_member_limit" inputMode="numeric" defaultValue={1} errors={errors.per_member_limit} />
      <button type="submit" className="admin-button">
        {t('coupons.create')}
      </button>
    </form>
  );
}

function BatchForm({ onDone }: { onDone: (text: string, batch: string) => void }) {
  const t = useAdminT();
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    const form = new FormData(element);
    const budget = form.get('budget');
    const result = await adminSend(api.adminCouponBatch, {
      ...common(form),
      ...(budget === null ? {} : { budget: String(budget) }),
      prefix: String(form.get('prefix') ?? ''),
      count: String(form.get('count') ?? ''),
    });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    if (result.state === STATE.ok && result.batch) {
      element.reset();
      onDone(t('coupons.generated', { count: result.count ?? 0, batch: result.batch }), result.batch);
    }
  };
  return (
    <form className="admin-form" onSubmit={(e) => void submit(e)} data-testid="coupon-batch">
      <h2 className="admin-wide">{t('coupons.batchHeading')}</h2>
      <p className="admin-muted admin-wide">{t('coupons.batchLead')}</p>
      <Field label={t('coupons.prefix')} name="prefix" autoComplete="off" errors={errors.prefix} />
      <Field label={t('coupons.count')} name="count" inputMode="numeric" required errors={errors.count} />
      <SharedFields errors={errors} batch />
      <button type="submit" className="admin-button">
        {t('coupons.generate')}
      </button>
    </form>
  );
}
