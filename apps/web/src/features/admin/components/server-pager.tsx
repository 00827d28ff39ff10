import type { UseQueryResult } from '@tanstack/react-query';
import type { Table } from '@tanstack/react-table';
import { useAdminT } from '../admin-texts.ts';
import { DataTable } from './data-table.tsx';
import { QueryView } from './query-view.tsx';

/** What a table paged by the server keeps in its query: the page and how many rows a page has. */
export interface PageParams {
  page: number;
  per: number;
}

/**
 * Count, page size and previous / page n of m / next for a table the server pages (the audit
 * log, the packs): changing the size goes back to page 1.
 */
export function ServerPager<P extends PageParams>({
  total,
  totalLabel,
  testId,
  sizes,
  params,
  setParams,
}: {
  total: number;
  totalLabel: string;
  testId: string;
  sizes: readonly number[];
  params: P;
  setParams: (update: (p: P) => P) => void;
}) {
  const t = useAdminT();
  const pages = Math.max(1, Math.ceil(total / params.per));
  return (
    <div className="admin-pager admin-pager--wrap">
      <span data-testid={testId}>{totalLabel}</span>
      <label>
        {t('audit.perPage')}{' '}
        <select value={params.per} onChange={(e) => setParams((p) => ({ ...p, per: Number(e.target.value), page: 1 }))}>
          {sizes.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </label>
      <button type="button" className="admin-button admin-button--small" disabled={params.page <= 1} onClick={() => setParams((p) => ({ ...p, page: p.page - 1 }))}>
        {t('audit.prev')}
      </button>
      <span>{t('audit.page', { page: params.page, pages })}</span>
      <button type="button" className="admin-button admin-button--small" disabled={params.page >= pages} onClick={() => setParams((p) => ({ ...p, page: p.page + 1 }))}>
        {t('audit.next')}
      </button>
    </div>
  );
}

/** The end of a filter form: search, and clear (the form's reset goes back to the first page). */
export function FilterButtons() {
  const t = useAdminT();
  return (
    <>
      <button type="submit" className="admin-button">
        {t('search')}
      </button>
      <button type="reset" className="admin-button admin-button--quiet">
        {t('clear')}
      </button>
    </>
  );
}

/**
 * A table the server filters, sorts and pages: the query's states (a refused filter says why),
 * then the pager and the rows.
 */
export function PagedTable<T, P extends PageParams>({
  query,
  totalLabel,
  totalTestId,
  sizes,
  params,
  setParams,
  table,
  empty,
  testId,
}: {
  query: UseQueryResult<{ total: number }>;
  totalLabel: (total: number) => string;
  totalTestId: string;
  sizes: readonly number[];
  params: P;
  setParams: (update: (p: P) => P) => void;
  table: Table<T>;
  empty: string;
  testId: string;
}) {
  return (
    <QueryView query={query} fieldErrors>
      {(page) => (
        <>
          <ServerPager total={page.total} totalLabel={totalLabel(page.total)} testId={totalTestId} sizes={sizes} params={params} setParams={setParams} />
          <DataTable table={table} empty={empty} testId={testId} />
        </>
      )}
    </QueryView>
  );
}
