import type { OutboxEntry } from '@oripa/contract/admin';
import {
  createColumnHelper,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnFiltersState,
  type SortingState,
} from '@tanstack/react-table';
import { useMemo, useState, type FormEvent } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { useOutbox } from '../api/admin-queries.ts';
import { DataTable } from '../components/data-table.tsx';
import { Field } from '../components/field.tsx';
import { Pager } from '../components/pager.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formatJstTime } from '../format-time.ts';

const column = createColumnHelper<OutboxEntry>();
const PAGE_SIZE = 50;

/** The outbox, read-only: the recipient filter asks the server; type, sort and pages are local. */
export function OutboxScreen() {
  const t = useAdminT();
  const [to, setTo] = useState('');
  const outbox = useOutbox(to);
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTo(String(new FormData(event.currentTarget).get('to') ?? '').trim());
  };
  return (
    <section>
      <h1>{t('outbox.heading')}</h1>
      <p className="admin-muted">{t('outbox.lead')}</p>
      <form className="admin-form admin-form--filters" onSubmit={search}>
        <Field label={t('outbox.to')} name="to" />
        <button type="submit" className="admin-button">
          {t('search')}
        </button>
      </form>
      <QueryView query={outbox}>{(entries) => <OutboxTable entries={entries} />}</QueryView>
    </section>
  );
}

function OutboxTable({ entries }: { entries: OutboxEntry[] }) {
  const t = useAdminT();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [filters, setFilters] = useState<ColumnFiltersState>([]);
  const columns = useMemo(
    () => [
      column.accessor('created_at', { header: () => t('outbox.when'), cell: (c) => formatJstTime(c.getValue()) }),
      column.accessor('channel', { header: () => t('outbox.channel'), cell: (c) => t(`outbox.${c.getValue()}`), filterFn: 'equals' }),
      column.accessor('to', { header: () => t('outbox.to') }),
      column.accessor('subject', { header: () => t('outbox.subject') }),
      column.accessor('state', {
        header: () => t('outbox.state'),
        cell: (c) => {
          const e = c.row.original;
          return (
            <span title={e.last_error || undefined} className={e.state === 'failed' ? 'admin-notice--error' : undefined}>
              {t(`outbox.states.${e.state}`)}
              {e.attempts > 0 ? ` (${t('outbox.attempts', { count: e.attempts })})` : ''}
              {e.last_error ? <small className="admin-muted"> {e.last_error}</small> : null}
            </span>
          );
        },
      }),
      column.accessor('body', {
        header: () => t('outbox.body'),
        enableSorting: false,
        cell: (c) => <pre className="admin-pre">{c.getValue()}</pre>,
      }),
    ],
    [t],
  );
  // TanStack Table's instance is mutable by design; this app does not use the React compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: entries,
    columns,
    state: { sorting, columnFilters: filters },
    onSortingChange: setSorting,
    onColumnFiltersChange: setFilters,
    initialState: { pagination: { pageIndex: 0, pageSize: PAGE_SIZE } },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const channel = (filters.find((f) => f.id === 'channel')?.value as string | undefined) ?? '';
  return (
    <>
      <Pager table={table}>
        <label>
          {t('outbox.channel')}{' '}
          <select value={channel} onChange={(e) => table.getColumn('channel')?.setFilterValue(e.target.value || undefined)}>
            <option value="">{t('outbox.all')}</option>
            <option value="mail">{t('outbox.mail')}</option>
            <option value="sms">{t('outbox.sms')}</option>
          </select>
        </label>
      </Pager>
      <DataTable table={table} empty={t('outbox.empty')} testId="outbox-table" />
    </>
  );
}
