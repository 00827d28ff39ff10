import type { ApiEntry, FormPayload } from '@/lib/api-route.ts';
import * as api from '@oripa/contract/api-paths';
import type { ApiName } from '@oripa/contract/api-paths';
import type { AdminPermission, CompensationLimit } from '@oripa/contract/admin';
import type { LedgerRow, MemberDetail } from '@oripa/contract/admin-members';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useAdminT, useCodeLabel } from '../admin-texts.ts';
import { adminSend } from '../api/admin-client.ts';
import { memberKey, useMe, useMember } from '../api/admin-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { DetailsList } from '../components/details-list.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { paymentMethodName } from '../payment-method.ts';
import { MemberAge } from './member-age.tsx';
import { MemberLine } from './member-line.tsx';
import { MemberParcels } from './member-parcels.tsx';
import { MemberPlayLimits } from './member-play-limits.tsx';
import { MemberReviews } from './member-reviews.tsx';
import { OutsidePaymentForm } from './outside-payment-form.tsx';
import { TableScroll } from '../components/table-scroll.tsx';

/** A fresh id per submission of a form: the server adjusts once per id, so a double submit is harmless. */
const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

/** A member's page: details, suspension, adjustments, both ledgers, point lots, support notes. */
export function MemberScreen() {
  const t = useAdminT();
  const id = Number(useParams().id);
  const member = useMember(id);
  const me = useMe();
  // Each action shows only to an operator whose role may do it now (decision 049).
  const may = (p: AdminPermission) => me.data?.permissions.includes(p) ?? false;
  const limit = me.data?.compensation_limit;
  return (
    <section>
      <p>
        <Link to="/admin/members">{t('members.back')}</Link>
      </p>
      <QueryView query={member}>
        {(m) => (
          <>
            <Details m={m} />
            <MemberReviews userId={m.member.id} />
            <MemberAge m={m} />
            <MemberPlayLimits m={m} />
            {may('members.compensate') && limit && <Adjust m={m} limit={limit} />}
            {may('members.suspend') && <Suspend m={m} />}
            <MemberLine m={m} canUnlink={may('members.line_unlink')} />
            {may('payments.write') && <OutsidePaymentForm userId={m.member.id} />}
            {m.parcels && <MemberParcels parcels={m.parcels} />}
            <Ledger title={t('members.pointLedger')} rows={m.point_ledger} testId="point-ledger" />
            <Ledger title={t('members.coinLedger')} rows={m.coin_ledger} testId="coin-ledger" />
            <Lots m={m} />
            <Purchases m={m} />
            <Referrals m={m} />
            <Notes m={m} canWrite={may('members.note')} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function Details({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  const rows: [string, string][] = [
    [t('members.id'), String(m.member.id)],
    [t('members.mail'), m.member.mail],
    [t('members.name'), m.member.name],
    [t('members.tel'), m.member.tel],
    [t('members.zipcode'), m.member.zipcode],
    [t('members.address'), m.member.address],
    [t('members.sms'), m.member.sms_verified ? t('yes') : t('no')],
    [t('members.referral'), m.member.referral_code],
    [t('members.line'), m.member.line_name ?? t('no')],
    [t('members.point'), String(m.member.point)],
    [t('members.coin'), m.member.coin],
    [t('members.registered'), formatJstTime(m.member.created_at)],
  ];
  return (
    <>
      <h1>
        {m.member.name} <span className="admin-muted">#{m.member.id}</span>
      </h1>
      {m.suspension && (
        <p className="admin-notice admin-notice--error" data-testid="member-suspended">
          {t('members.suspendedSince', { at: formatJstTime(m.suspension.created_at), reason: m.suspension.reason })}
        </p>
      )}
      <DetailsList rows={rows} testId="member-details" />
    </>
  );
}

/** Posts a member change; refreshes the member page after it. */
function useMemberPost(id: number) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const post = async <N extends ApiName,>(route: ApiEntry<N>, payload: FormPayload<N>) => {
    setBusy(true);
    const result = await adminSend(route, payload);
    setBusy(false);
    setErrors(result.state === STATE.ok ? {} : result.errors);
    await queryClient.invalidateQueries({ queryKey: memberKey(id) });
    return result.state === STATE.ok ? result : undefined;
  };
  return { post, errors, busy };
}

function Adjust({ m, limit }: { m: MemberDetail; limit: CompensationLimit }) {
  const t = useAdminT();
  const { post, errors, busy } = useMemberPost(m.member.id);
  const [requestId, setRequestId] = useState(newRequestId);
  const [done, setDone] = useState<string>();
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const result = await post(api.adminMembersAdjust, {
      user_id: m.member.id,
      kind: f.get('kind'),
      direction: f.get('direction'),
      amount: String(f.get('amount') ?? '').trim(),
      reason: f.get('reason'),
      request_id: requestId,
    });
    if (result) {
      setDone(t(result.applied ? 'members.adjusted' : 'members.repeated', { balance: result.balance ?? '' }));
      setRequestId(newRequestId());
      form.reset();
    } else setDone(undefined);
  };
  return (
    <form className="admin-form admin-form--inline" onSubmit={(e) => void submit(e)} data-testid="adjust-form">
      <h2>{t('members.adjustHeading')}</h2>
      {limit.points !== null && limit.coins !== null && (
        <p className="admin-muted admin-wide" data-testid="adjust-limit">
          {t('access.limitHint', { points: limit.points.toLocaleString('ja-JP'), coins: Number(limit.coins).toLocaleString('ja-JP') })}
        </p>
      )}
      {done && (
        <p className="admin-notice admin-notice--ok admin-wide" role="status">
          {done}
        </p>
      )}
      <AdjustChoice name="kind" label={t('members.kind')} options={[['points', t('members.points')], ['coins', t('members.coins')]]} />
      <AdjustChoice name="direction" label={t('members.direction')} options={[['add', t('members.add')], ['subtract', t('members.subtract')]]} />
      <Field label={t('members.amount')} name="amount" inputMode="decimal" errors={errors.amount} />
      <Field label={t('members.reason')} name="reason" errors={errors.reason} />
      <button type="submit" className="admin-button" disabled={busy}>
        {t('members.adjust')}
      </button>
    </form>
  );
}

/** One of the adjust form's choices (kind, direction): a labelled select of [value, text] options. */
function AdjustChoice({ name, label, options }: { name: string; label: string; options: [string, string][] }) {
  return (
    <div className="admin-field">
      <label htmlFor={`adjust-${name}`}>{label}</label>
      <select id={`adjust-${name}`} name={name}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

function Suspend({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  const { post, errors, busy } = useMemberPost(m.member.id);
  const suspended = m.suspension !== null;
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const reason = new FormData(form).get('reason');
    if (await post(api.adminMembersSuspend, { user_id: m.member.id, suspended: !suspended, reason })) form.reset();
  };
  return (
    <form className="admin-form admin-form--inline" onSubmit={(e) => void submit(e)} data-testid="suspend-form">
      <h2>{t('members.suspendHeading')}</h2>
      {!suspended && <p className="admin-muted admin-wide">{t('members.suspendLead')}</p>}
      <Field label={t('members.suspendReason')} name="reason" errors={errors.reason} />
      <button type="submit" className={`admin-button ${suspended ? '' : 'admin-button--danger'}`} disabled={busy}>
        {suspended ? t('members.reactivate') : t('members.suspend')}
      </button>
    </form>
  );
}

const ledgerColumn = createColumnHelper<LedgerRow>();

function Ledger({ title, rows, testId }: { title: string; rows: LedgerRow[]; testId: string }) {
  const t = useAdminT();
  const label = useCodeLabel();
  const columns = useMemo(
    () => [
      ledgerColumn.accessor('created_at', { header: () => t('members.when'), cell: (c) => formatJstTime(c.getValue()) }),
      ledgerColumn.accessor('reason', { header: () => t('members.ledgerReason'), cell: (c) => label('members.reasons', c.getValue()) }),
      ledgerColumn.accessor((r) => Number(r.delta), { id: 'delta', header: () => t('members.delta'), cell: (c) => (c.getValue() > 0 ? `+${c.row.original.delta}` : c.row.original.delta) }),
      ledgerColumn.accessor((r) => Number(r.balance_after), { id: 'balance', header: () => t('members.balance'), cell: (c) => c.row.original.balance_after }),
      ledgerColumn.accessor('memo', { header: () => t('members.memo'), enableSorting: false }),
    ],
    [t, label],
  );
  const table = useClientTable(rows, columns, 20);
  return (
    <>
      <h2>{title}</h2>
      <DataTable table={table} empty="—" testId={testId} />
      {table.getPageCount() > 1 && (
        <Pager table={table} />
      )}
    </>
  );
}

function Lots({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  return (
    <>
      <h2>{t('members.lots')}</h2>
      <TableScroll>
        <table className="admin-table" data-testid="point-lots">
          <thead>
            <tr>
              <th scope="col">{t('members.granted')}</th>
              <th scope="col">{t('members.amount')}</th>
              <th scope="col">{t('members.remaining')}</th>
              <th scope="col">{t('members.expires')}</th>
            </tr>
          </thead>
          <tbody>
            {m.point_lots.length === 0 ? (
              <tr>
                <td colSpan={4}>—</td>
              </tr>
            ) : (
              m.point_lots.map((l) => (
                <tr key={l.id}>
                  <td>{formatJstTime(l.granted_at)}</td>
                  <td>{l.amount}</td>
                  <td>{l.remaining}</td>
                  <td>{formatJstTime(l.expires_at)}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}

function Notes({ m, canWrite }: { m: MemberDetail; canWrite: boolean }) {
  const t = useAdminT();
  const { post, errors, busy } = useMemberPost(m.member.id);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (await post(api.adminMembersNote, { user_id: m.member.id, body: new FormData(form).get('body') })) form.reset();
  };
  return (
    <>
      <h2>{t('members.notes')}</h2>
      {m.notes.length === 0 ? (
        <p className="admin-muted">{t('members.noNotes')}</p>
      ) : (
        <ul className="admin-notes" data-testid="member-notes">
          {m.notes.map((n) => (
            <li key={n.id}>
              <span className="admin-muted">
                {formatJstTime(n.created_at)} · {n.actor}
              </span>
              <p>{n.body}</p>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form className="admin-form admin-form--inline" onSubmit={(e) => void submit(e)}>
          <Field label={t('members.note')} name="body" errors={errors.body} />
          <button type="submit" className="admin-button" disabled={busy}>
            {t('members.noteSave')}
          </button>
        </form>
      )}
    </>
  );
}

/** A plain table of up to 200 rows (the server's limit): purchases, won cards, payments, referrals. */
function SimpleTable({ head, rows, testId }: { head: string[]; rows: ReactNode[][]; testId: string }) {
  return (
    <TableScroll>
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>—</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              <tr key={i}>
                {r.map((c, j) => (
                  <td key={j}>{c}</td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Purchases({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  const label = useCodeLabel();
  return (
    <>
      <h2>{t('members.purchases')}</h2>
      <SimpleTable
        testId="member-purchases"
        head={[t('members.when'), t('members.pack'), t('members.count'), t('members.cost'), t('members.cards')]}
        rows={m.purchases.map((p) => [
          formatJstTime(p.created_at),
          `${p.pack_name} (#${p.pack_id})`,
          p.count,
          `${p.cost} ${p.payment_method === PAYMENT_METHOD.coins ? t('members.coins') : t('members.points')}`,
          `${p.pending} / ${p.ship} / ${p.converted}`,
        ])}
      />
      <h2>{t('members.holdings')}</h2>
      <SimpleTable
        testId="member-holdings"
        head={[t('members.card'), t('members.rarity'), t('members.value'), t('members.state'), t('members.deadline'), t('members.shipping')]}
        rows={m.holdings.map((h) => [h.name, h.rarity, h.buy_point, label('members.holdingStates', h.state), formatJstTime(h.deadline_at), h.shipping_request_id ?? '—'])}
      />
      <h2>{t('members.payments')}</h2>
      <SimpleTable
        testId="member-payments"
        head={['ID', t('members.when'), t('members.method'), t('members.state'), t('members.points'), t('members.yen'), t('members.payer'), t('members.ref'), t('members.completed')]}
        rows={m.payments.map((p) => [
          <Link to={`/admin/payments/${p.id}`}>#{p.id}</Link>,
          formatJstTime(p.created_at),
          paymentMethodName(p.pay_id, p.option),
          t(`payments.states.${p.state as 'pending'}`),
          p.point,
          p.amount,
          p.payer_name || '—',
          p.provider_ref || '—',
          formatJstTime(p.completed_at),
        ])}
      />
    </>
  );
}

/** Who referred the member, and the friends registered with their code (SMS state, bonus granted). */
function Referrals({ m }: { m: MemberDetail }) {
  const t = useAdminT();
  const { referred_by: by, friends } = m.referrals;
  return (
    <>
      <h2>{t('referrals.heading')}</h2>
      {by && (
        <p data-testid="member-referred-by">
          {t('referrals.referredBy', { mail: by.mail, id: by.id, rewarded: by.rewarded ? t('referrals.granted') : t('referrals.notGranted') })}{' '}
          <Link to={`/admin/members/${by.id}`}>#{by.id}</Link>
        </p>
      )}
      {friends.length === 0 ? (
        <p className="admin-muted">{t('referrals.none')}</p>
      ) : (
        <SimpleTable
          testId="member-referrals"
          head={[t('referrals.friend'), t('referrals.registered'), t('referrals.sms'), t('referrals.reward')]}
          rows={friends.map((f) => [
            <Link to={`/admin/members/${f.id}`}>{`${f.name || f.mail} (#${f.id})`}</Link>,
            formatJstTime(f.registered_at),
            f.sms_verified ? t('yes') : t('no'),
            f.rewarded_at ? `${t('referrals.granted')} ${formatJstTime(f.rewarded_at)}` : t('referrals.notGranted'),
          ])}
        />
      )}
    </>
  );
}
