import * as api from '@oripa/contract/api-paths';
import { OUTSIDE_PAYMENT_METHODS } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend, allErrors } from '../api/admin-client.ts';
import { ADMIN_KEY, memberKey } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';

/**
 * An owner records money the member paid outside the site: a course, or points and yen, how it
 * came and its reference. The server credits it once per reference, so a double submit is harmless.
 */
export function OutsidePaymentForm({ userId }: { userId: number }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const courses = useQuery({ queryKey: [...ADMIN_KEY, 'payment-courses'], queryFn: () => adminGetOk(api.adminPaymentsCourses).then((r) => r.courses) });
  const [courseId, setCourseId] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<{ text: string; id: number }>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const f = new FormData(form);
    const text = (name: string) => String(f.get(name) ?? '').trim();
    // An empty amount is left out, so the server says to choose a course or give both amounts.
    const amounts = courseId ? { course_id: Number(courseId) } : { points: text('points') || undefined, yen: text('yen') || undefined };
    setBusy(true);
    const result = await adminSend(api.adminPaymentsRecord, { user_id: userId, ...amounts, method: text('method'), reference: text('reference') });
    setBusy(false);
    if (result.state === STATE.ok && result.payment) {
      const p = result.payment;
      setErrors({});
      setNotice({ id: p.id, text: result.applied ? t('outside.done', { id: p.id, point: p.point, amount: p.amount }) : t('outside.repeated', { id: p.id }) });
      form.reset();
      setCourseId('');
      await queryClient.invalidateQueries({ queryKey: memberKey(userId) });
    } else {
      setNotice(undefined);
      setErrors(result.errors);
    }
  };

  const other = Object.entries(errors).filter(([k]) => !['course_id', 'points', 'yen', 'method', 'reference'].includes(k));
  return (
    <form className="admin-form admin-form--inline" onSubmit={(e) => void submit(e)} data-testid="outside-payment-form">
      <h2>{t('outside.heading')}</h2>
      <p className="admin-muted admin-wide">{t('outside.lead')}</p>
      {notice && (
        <p className="admin-notice admin-notice--ok admin-wide" role="status">
          {notice.text} <Link to={`/admin/payments/${notice.id}`}>#{notice.id}</Link>
        </p>
      )}
      {other.length > 0 && (
        <p className="admin-notice admin-notice--error admin-wide" role="alert">
          {allErrors(Object.fromEntries(other)).join(' ')}
        </p>
      )}
      <div className="admin-field">
        <label htmlFor="outside-course">{t('outside.course')}</label>
        <select id="outside-course" name="course" value={courseId} onChange={(e) => setCourseId(e.target.value)} aria-invalid={errors.course_id ? true : undefined}>
          <option value="">{t('outside.custom')}</option>
          {(courses.data ?? []).map((c) => (
            <option key={c.id} value={c.id}>
              {`${c.point.toLocaleString()}pt / ¥${c.price.toLocaleString()}${c.memo ? ` (${c.memo})` : ''}`}
            </option>
          ))}
        </select>
        {errors.course_id && <p className="admin-field-error">{errors.course_id[0]}</p>}
      </div>
      {courseId === '' && (
        <>
          <Field label={t('outside.points')} name="points" inputMode="numeric" errors={errors.points} />
          <Field label={t('outside.yen')} name="yen" inputMode="numeric" errors={errors.yen} />
        </>
      )}
      <div className="admin-field">
        <label htmlFor="outside-method">{t('outside.method')}</label>
        <select id="outside-method" name="method" defaultValue="bank">
          {OUTSIDE_PAYMENT_METHODS.map((m) => (
            <option key={m} value={m}>
              {t(`outside.methods.${m}`)}
            </option>
          ))}
        </select>
      </div>
      <Field label={t('outside.reference')} name="reference" errors={errors.reference} />
      <button type="submit" className="admin-button" disabled={busy}>
        {t('outside.submit')}
      </button>
    </form>
  );
}
