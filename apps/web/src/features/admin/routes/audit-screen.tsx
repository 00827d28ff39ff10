import type { AuditEntry } from '@oripa/contract/admin';
import { AUDIT_PAGE_SIZES, AUDIT_SORTS } from '@oripa/contract/admin';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useAdminT, useCodeLabel, type AdminT } from '../admin-texts.ts';
import { AdminFailure } from '../api/admin-client.ts';
import { useAudit, type AuditParams } from '../api/admin-queries.ts';
import { FilterButtons, PagedTable } from '../components/server-pager.tsx';
import { useServerTable } from '../components/server-table.ts';
import { Field } from '../components/field.tsx';
import { formatJstTime } from '../format-time.ts';

const column = createColumnHelper<AuditEntry>();
const FIRST: AuditParams = { page: 1, per: 50, sort: 'created_at', dir: 'desc', actor: '', action: '', target: '', from: '', to: '' };
type Filters = Pick<AuditParams, 'actor' | 'action' | 'target' | 'from' | 'to'>;

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** One recorded value as an operator reads it: times in Japan time, yes/no, nested values as JSON. */
function shownValue(t: AdminT, value: unknown): string {
  if (typeof value === 'string') return ISO_TIME.test(value) ? formatJstTime(value) : value;
  if (typeof value === 'boolean') return value ? t('audit.yes') : t('audit.no');
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A before or after record: its fields one per line (a non-object value as it is). */
function ChangeCell({ label, value }: { label: string; value: unknown }) {
  const t = useAdminT();
  if (value === null || value === undefined) return null;
  const fields = typeof value === 'object' && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : undefined;
  return (
    <div className="admin-change">
      <span className="admin-muted">{label}</span>
      {fields ? (
        <dl className="admin-change__fields">
          {fields.map(([key, v]) => (
            <div key={key}>
              <dt>{key}</dt>
              <dd>{shownValue(t, v)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <span> {shownValue(t, value)}</span>
      )}
    </div>
  );
}

/**
 * The audit log for owners: filters, sort and paging run on the server (SQL with indexes), so
 * the table stays fast however many entries there are; the page shows at most 200 rows.
 */
export function AuditScreen() {
  const t = useAdminT();
  const label = useCodeLabel();
  const [params, setParams] = useState<AuditParams>(FIRST);
  const audit = useAudit(params);

  const columns = useMemo(
    () => [
      column.accessor('created_at', { header: () => t('audit.when'), cell: (c) => formatJstTime(c.getValue()) }),
      column.accessor('actor', { header: () => t('audit.actor') }),
      column.accessor('action', {
        header: () => t('audit.action'),
        cell: (c) => (
          <>
            {label('audit.actions', c.getValue())} <code className="admin-muted">{c.getValue()}</code>
          </>
        ),
      }),
      column.accessor('target', { header: () => t('audit.target') }),
      column.display({
        id: 'change',
        header: () => t('audit.change'),
        cell: (c) => (
          <>
            <ChangeCell label={t('audit.before')} value={c.row.original.before} />
            <ChangeCell label={t('audit.after')} value={c.row.original.after} />
          </>
        ),
      }),
      column.accessor('ip', { header: () => t('audit.ip') }),
    ],
    [t, label],
  );

  const table = useServerTable({ rows: audit.data?.entries ?? [], columns, total: audit.data?.total ?? 0, params, setParams, sorts: AUDIT_SORTS });

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const filters = Object.fromEntries(['actor', 'action', 'target', 'from', 'to'].map((k) => [k, String(f.get(k) ?? '').trim()])) as Filters;
    setParams((p) => ({ ...p, ...filters, page: 1 }));
  };
  const fieldErrors = audit.error instanceof AdminFailure ? audit.error.errors : {};

  return (
    <section>
      <h1>{t('audit.heading')}</h1>
      <p className="admin-muted">{t('audit.lead')}</p>
      <form className="admin-form admin-form--filters" onSubmit={search} onReset={() => setParams(FIRST)}>
        <Field label={t('audit.actor')} name="actor" errors={fieldErrors.actor} />
        <Field label={t('audit.action')} name="action" errors={fieldErrors.action} />
        <Field label={t('audit.target')} name="target" errors={fieldErrors.target} />
        <Field label={t('audit.from')} name="from" type="date" errors={fieldErrors.from} />
        <Field label={t('audit.to')} name="to" type="date" errors={fieldErrors.to} />
        <FilterButtons />
      </form>
      <PagedTable
        query={audit}
        totalLabel={(count) => t('audit.total', { count })}
        totalTestId="audit-total"
        sizes={AUDIT_PAGE_SIZES}
        params={params}
        setParams={setParams}
        table={table}
        empty={t('audit.empty')}
        testId="audit-table"
      />
    </section>
  );
}
