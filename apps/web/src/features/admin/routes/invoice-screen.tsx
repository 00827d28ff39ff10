import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend } from '../api/admin-client.ts';
import { ADMIN_KEY, useMe } from '../api/admin-queries.ts';
import { Field } from '../components/field.tsx';
import { QueryView } from '../components/query-view.tsx';

const INVOICE_KEY = [...ADMIN_KEY, 'invoice'];

/**
 * The invoice registration number the receipts and legal pages show (decision 044): every role
 * sees it, owners change it; the server checks the check digit and names it when wrong.
 */
export function InvoiceScreen() {
  const t = useAdminT();
  const me = useMe();
  const queryClient = useQueryClient();
  const current = useQuery({ queryKey: INVOICE_KEY, queryFn: () => adminGetOk(api.adminInvoice).then((r) => r.registration_number) });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const canWrite = me.data?.permissions.includes('invoice.write') ?? false;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const number = String(new FormData(event.currentTarget).get('registration_number') ?? '');
    const result = await adminSend(api.adminInvoiceSave, { registration_number: number });
    setErrors(result.state === STATE.ok ? {} : result.errors);
    setSaved(result.state === STATE.ok);
    await queryClient.invalidateQueries({ queryKey: INVOICE_KEY });
  };

  return (
    <section>
      <h1>{t('invoice.heading')}</h1>
      <p className="admin-muted">{t('invoice.lead')}</p>
      <QueryView query={current}>
        {(number) => (
          <>
            <p data-testid="invoice-current">
              {t('invoice.current')}: <strong>{number || t('invoice.none')}</strong>
            </p>
            <form className="admin-form admin-form--inline" onSubmit={(e) => void submit(e)} data-testid="invoice-form">
              <Field
                label={t('invoice.number')}
                name="registration_number"
                defaultValue={number}
                placeholder={t('invoice.placeholder')}
                autoComplete="off"
                spellCheck={false}
                maxLength={40}
                errors={errors.registration_number}
                disabled={!canWrite}
              />
              {canWrite ? (
                <button type="submit" className="admin-button">
                  {t('save')}
                </button>
              ) : (
                <p className="admin-muted admin-wide">{t('invoice.readOnly')}</p>
              )}
              {saved && (
                <p className="admin-notice admin-wide" role="status">
                  {t('invoice.saved')}
                </p>
              )}
            </form>
          </>
        )}
      </QueryView>
    </section>
  );
}
