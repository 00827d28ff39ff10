import * as api from '@oripa/contract/api-paths';
import type { PaymentRefund } from '@oripa/contract/admin-refunds';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useFormState } from '@/lib/form-state.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';
import { TableScroll } from '../components/table-scroll.tsx';

const refundsKey = (id: number) => [...ADMIN_KEY, 'payment', id, 'refunds'] as const;

/** A fresh id per submission: the server refunds once per id, so a double submit is harmless. */
const newRequestId = () => crypto.randomUUID().replace(/-/g, '');

/**
 * A payment's refunds (decision 031): the cap of a new one and why, the owner's refund form,
 * and the refunds made so far (by the console or at the provider).
 */
export function PaymentRefundsSection({ paymentId, amount }: { paymentId: number; amount: number }) {
  const t = useAdminT();
  const me = useMe();
  const canRefund = me.data?.permissions.includes('payments.refund') ?? false;
  const refunds = useQuery({ queryKey: refundsKey(paymentId), queryFn: () => adminGetOk(api.adminPaymentsRefunds, { params: { id: paymentId } }) });
  // Kept here, not in the form: a full refund ends the form, the outcome stays on screen.
  const [done, setDone] = useState<string>();
  return (
    <section data-testid="payment-refunds">
      <h2>{t('refunds.heading')}</h2>
      <p className="admin-muted">{t('refunds.lead')}</p>
      {done && (
        <p className="admin-notice admin-notice--ok" role="status">
          {done}
        </p>
      )}
      <QueryView query={refunds}>
        {(r) => (
          <>
            {r.cap.refundable ? (
              <div data-testid="refund-cap">
                <p>{t('refunds.capYen', { yen: r.cap.refundable_yen.toLocaleString(), amount: amount.toLocaleString() })}</p>
                <p>{t('refunds.capPoints', { unspent: r.cap.points_unspent.toLocaleString(), credited: r.cap.points_credited.toLocaleString() })}</p>
                <p className="admin-muted">{t('refunds.capWhy')}</p>
              </div>
            ) : (
              <p className="admin-muted">{t('refunds.notRefundable')}</p>
            )}
            {canRefund && r.cap.refundable && <RefundForm paymentId={paymentId} max={r.cap.refundable_yen} onDone={setDone} />}
            <RefundList rows={r.refunds} />
          </>
        )}
      </QueryView>
    </section>
  );
}

function RefundForm({ paymentId, max, onDone }: { paymentId: number; max: number; onDone: (text: string | undefined) => void }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [requestId, setRequestId] = useState(newRequestId);
  const { errors, submitting, settle, formProps } = useFormState({}, { focus: false });
  const submit = async (form: HTMLFormElement) => {
    const f = new FormData(form);
    const result = await adminSend(api.adminPaymentsRefund, {
      payment_id: paymentId,
      amount: String(f.get('amount') ?? '').trim(),
      reason: f.get('reason'),
      request_id: requestId,
    });
    if (settle(result, { clearOnOk: true }) && result.refund) {
      onDone(result.applied ? t('refunds.done', { yen: result.refund.amount.toLocaleString(), points: result.refund.points_taken.toLocaleString() }) : t('refunds.repeated'));
      setRequestId(newRequestId());
      form.reset();
    } else onDone(undefined);
    await queryClient.invalidateQueries({ queryKey: [...ADMIN_KEY, 'payment', paymentId] });
  };
  return (
    <form {...formProps(submit, { browserChecks: true })} className="admin-form admin-form--inline" data-testid="refund-form">
      {errors.payment_id && (
        <p className="admin-notice admin-notice--error admin-wide" role="alert">
          {errors.payment_id[0]}
        </p>
      )}
      <Field label={t('refunds.amount')} name="amount" inputMode="numeric" defaultValue={String(max)} errors={errors.amount} />
      <Field label={t('refunds.reason')} name="reason" errors={errors.reason} />
      <button type="submit" className="admin-button" disabled={submitting}>
        {t('refunds.submit')}
      </button>
    </form>
  );
}

function RefundList({ rows }: { rows: PaymentRefund[] }) {
  const t = useAdminT();
  if (rows.length === 0) return null;
  return (
    <>
      <h3>{t('refunds.list')}</h3>
      <TableScroll>
        <table className="admin-table" data-testid="refund-list">
          <thead>
            <tr>
              {[t('refunds.when'), t('refunds.origin'), t('refunds.state'), t('refunds.yen'), t('refunds.points'), t('refunds.reason'), t('refunds.ref')].map((h) => (
                <th key={h} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{formatJstTime(r.created_at)}</td>
                <td>{t(`refunds.origins.${r.origin}`)}</td>
                <td>{t(`refunds.states.${r.state}`)}</td>
                <td>{r.amount.toLocaleString()}</td>
                <td>{r.points_taken.toLocaleString()}</td>
                <td>{r.reason || '—'}</td>
                <td>{r.provider_refund_ref || r.error_code || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
