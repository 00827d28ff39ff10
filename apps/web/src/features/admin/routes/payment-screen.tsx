import * as api from '@oripa/contract/api-paths';
import type { PaymentDetail, PaymentEvent } from '@oripa/contract/admin-payments';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk } from '../api/admin-client.ts';
import { ADMIN_KEY } from '../api/admin-queries.ts';
import { useClientTable } from '../components/client-table.ts';
import { DataTable } from '../components/data-table.tsx';
import { DetailsList } from '../components/details-list.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { paymentMethodName } from '../payment-method.ts';
import { PaymentRefundsSection } from './payment-refunds.tsx';

export const paymentKey = (id: number) => [...ADMIN_KEY, 'payment', id] as const;

/** A payment's page: its fields and its whole history, oldest first (support reads, owners act on the list). */
export function PaymentScreen() {
  const t = useAdminT();
  const id = Number(useParams().id);
  const detail = useQuery({ queryKey: paymentKey(id), queryFn: () => adminGetOk(api.adminPaymentsById, { params: { id } }) });
  return (
    <section>
      <p>
        <Link to="/admin/payments">{t('paymentDetail.back')}</Link>
      </p>
      <QueryView query={detail}>
        {(d) => (
          <>
            <PaymentFields d={d} />
            <PaymentRefundsSection paymentId={d.payment.id} amount={d.payment.amount} />
            <History events={d.events} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function PaymentFields({ d }: { d: PaymentDetail }) {
  const t = useAdminT();
  const p = d.payment;
  const rows: [string, ReactNode][] = [
    [t('paymentDetail.member'), <Link to={`/admin/members/${p.user_id}`}>{p.mail}</Link>],
    [t('paymentDetail.method'), paymentMethodName(p.pay_id, p.option)],
    [t('paymentDetail.state'), t(`payments.states.${p.state as 'pending'}`)],
    [t('paymentDetail.points'), p.point.toLocaleString()],
    [t('paymentDetail.yen'), p.amount.toLocaleString()],
    [t('paymentDetail.course'), p.course_id === null ? '—' : `#${p.course_id}`],
    [t('paymentDetail.provider'), p.provider],
    [t('paymentDetail.ref'), p.provider_ref || '—'],
    [t('paymentDetail.receipt'), p.receipt_number || '—'],
    [t('paymentDetail.payer'), p.payer_name || '—'],
    [t('paymentDetail.error'), p.error_code || '—'],
    [t('paymentDetail.created'), formatJstTime(p.created_at)],
    [t('paymentDetail.due'), formatJstTime(p.due_at)],
    [t('paymentDetail.completed'), formatJstTime(p.completed_at)],
  ];
  return (
    <>
      <h1>{t('paymentDetail.heading', { id: p.id })}</h1>
      <DetailsList rows={rows} testId="payment-details" />
    </>
  );
}

const column = createColumnHelper<PaymentEvent>();

/** What an event carried, as `key: value` pairs (references, points, error codes). */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .filter(([, v]) => v !== '' && v !== null && v !== undefined)
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean)}`)
    .join(' · ');

function History({ events }: { events: PaymentEvent[] }) {
  const t = useAdminT();
  const columns = useMemo(
    () => [
      column.accessor('created_at', { header: () => t('paymentDetail.when'), cell: (c) => formatJstTime(c.getValue()) }),
      column.accessor('kind', { header: () => t('paymentDetail.event'), cell: (c) => t(`paymentDetail.kinds.${c.getValue()}`) }),
      column.accessor('state', { header: () => t('paymentDetail.after'), cell: (c) => t(`payments.states.${c.getValue() as 'pending'}`) }),
      column.accessor('source', { header: () => t('paymentDetail.source'), cell: (c) => t(`paymentDetail.sources.${c.getValue()}`) }),
      column.accessor('actor', { header: () => t('paymentDetail.actor'), cell: (c) => c.getValue() || '—' }),
      column.accessor('detail', { header: () => t('paymentDetail.detail'), enableSorting: false, cell: (c) => <span className="admin-muted">{detailText(c.getValue())}</span> }),
    ],
    [t],
  );
  const table = useClientTable(events, columns);
  return (
    <>
      <h2>{t('paymentDetail.history')}</h2>
      <p className="admin-muted">{t('paymentDetail.historyLead')}</p>
      <DataTable table={table} empty="—" testId="payment-events" />
    </>
  );
}
