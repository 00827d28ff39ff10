import * as api from '@oripa/contract/api-paths';
import type { AdminPayment } from '@oripa/contract/admin-payments';
import { OUTSIDE_PAY_ID, PAY_ID, PAY_IDS, PAYMENT_STATES } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend, AdminFailure, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { SearchResults } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { paymentMethodName } from '../payment-method.ts';

type Filters = { member: string; method: string; state: string; from: string; to: string };
const NONE: Filters = { member: '', method: '', state: '', from: '', to: '' };
const column = createColumnHelper<AdminPayment>();

/** An action a payment row offers: confirm a bank transfer (late when expired), cancel an overdue one. */
function actionOf(p: AdminPayment, now: number): 'confirm' | 'confirmLate' | 'cancel' | undefined {
  if (p.pay_id === PAY_ID.bank && p.state === 'expired') return 'confirmLate';
  const overdue = p.due_at !== null && new Date(p.due_at).getTime() <= now;
  if ((p.state === 'pending' || p.state === 'requires_action') && overdue) return 'cancel';
  if (p.pay_id === PAY_ID.bank && p.state === 'pending') return 'confirm';
  return undefined;
}

/** Payments for support (read) and owners (confirm a transfer, cancel an overdue payment). */
export function PaymentsScreen() {
  const t = useAdminT();
  const [filters, setFilters] = useState<Filters>(NONE);
  const list = useQuery({
    queryKey: [...ADMIN_KEY, 'payments', filters],
    queryFn: () => adminGetOk(api.adminPayments, { query: filters }),
    placeholderData: keepPreviousData,
  });
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    setFilters(Object.fromEntries(Object.keys(NONE).map((k) => [k, String(f.get(k) ?? '').trim()])) as Filters);
  };
  const errors = list.error instanceof AdminFailure ? list.error.errors : {};
  return (
    <section>
      <h1>{t('payments.heading')}</h1>
      <p className="admin-muted">{t('payments.lead')}</p>
      <form className="admin-form admin-form--filters" onSubmit={search}>
        <Field label={t('payments.member')} name="member" errors={errors.member} />
        <div className="admin-field">
          <label htmlFor="payment-method">{t('payments.method')}</label>
          <select id="payment-method" name="method" defaultValue="">
            <option value="">{t('payments.any')}</option>
            {PAY_IDS.map((id) => (
              <option key={id} value={id}>
                {paymentMethodName(id)}
              </option>
            ))}
            <option value={OUTSIDE_PAY_ID}>{t('paymentDetail.outside')}</option>
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor="payment-state">{t('payments.state')}</label>
          <select id="payment-state" name="state" defaultValue="">
            <option value="">{t('payments.any')}</option>
            {PAYMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`payments.states.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <Field label={t('payments.from')} name="from" type="date" errors={errors.from} />
        <Field label={t('payments.to')} name="to" type="date" errors={errors.to} />
        <button type="submit" className="admin-button">
          {t('search')}
        </button>
      </form>
      <SearchResults query={list} cut={t('payments.more')} fieldErrors>
        {(result) => <PaymentTable rows={result.payments} />}
      </SearchResults>
    </section>
  );
}

function PaymentTable({ rows }: { rows: AdminPayment[] }) {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const canWrite = me.data?.permissions.includes('payments.write') ?? false;
  const [armed, setArmed] = useState<number>();
  const [notice, setNotice] = useState<{ ok: boolean; text: string }>();
  const [now] = useState(() => Date.now());

  const act = async (p: AdminPayment, action: 'confirm' | 'confirmLate' | 'cancel') => {
    setArmed(undefined);
    const path = action === 'cancel' ? api.adminPaymentsCancel : api.adminPaymentsConfirm;
    const result = await adminSend(path, { payment_id: p.id, ...(action === 'confirmLate' ? { late: true } : {}) });
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'payments'] });
    if (result.state === STATE.ok && result.payment) {
      const state = t(`payments.states.${result.payment.state as 'pending'}`);
      setNotice({ ok: true, text: t(result.applied ? 'payments.done' : 'payments.nothing', { id: p.id, state }) });
    } else setNotice({ ok: false, text: allErrors(result.errors).join(' ') });
  };

  const columns = useMemo(() => paymentColumns(t, canWrite, now, armed, setArmed, act), [t, canWrite, now, armed]); // eslint-disable-line react-hooks/exhaustive-deps -- act only closes over stable setters and the query client
  const table = useClientTable(rows, columns, 50);
  return (
    <>
      {notice && (
        <p className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role="status" data-testid="payment-notice">
          {notice.text}
        </p>
      )}
      <DataTable table={table} empty={t('payments.empty')} testId="payments-table" />
      {table.getPageCount() > 1 && (
        <Pager table={table} />
      )}
    </>
  );
}

function paymentColumns(
  t: AdminT,
  canWrite: boolean,
  now: number,
  armed: number | undefined,
  arm: (id: number | undefined) => void,
  act: (p: AdminPayment, action: 'confirm' | 'confirmLate' | 'cancel') => Promise<void>,
) {
  return [
    column.accessor('id', { header: 'ID', cell: (c) => <Link to={`/admin/payments/${c.getValue()}`}>#{c.getValue()}</Link> }),
    column.accessor('created_at', { header: () => t('payments.when'), cell: (c) => formatJstTime(c.getValue()) }),
    column.accessor('mail', { header: () => t('members.mail'), cell: (c) => <Link to={`/admin/members/${c.row.original.user_id}`}>{c.getValue()}</Link> }),
    column.accessor('pay_id', { header: () => t('payments.method'), cell: (c) => paymentMethodName(c.getValue(), c.row.original.option) }),
    column.accessor('state', { header: () => t('payments.state'), cell: (c) => t(`payments.states.${c.getValue() as 'pending'}`) }),
    column.accessor('point', { header: () => t('payments.points') }),
    column.accessor('amount', { header: () => t('payments.yen') }),
    column.accessor('payer_name', { header: () => t('payments.payer') }),
    column.accessor('due_at', { header: () => t('payments.due'), cell: (c) => formatJstTime(c.getValue()) }),
    column.display({
      id: 'actions',
      header: () => t('payments.actions'),
      cell: (c) => {
        const p = c.row.original;
        const action = canWrite ? actionOf(p, now) : undefined;
        if (!action) return null;
        return armed === p.id ? (
          <span className="admin-actions">
            <button type="button" className="admin-button admin-button--small admin-button--danger" onClick={() => void act(p, action)}>
              {t('payments.really')}
            </button>
            <button type="button" className="admin-button admin-button--small admin-button--quiet" onClick={() => arm(undefined)}>
              {t('cancel')}
            </button>
          </span>
        ) : (
          <button type="button" className="admin-button admin-button--small" onClick={() => arm(p.id)}>
            {t(`payments.${action}`)}
          </button>
        );
      },
    }),
  ];
}
