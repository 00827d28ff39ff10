import type { Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useAdminT } from '../admin-texts.ts';

/**
 * Previous / page n of m / next for a table paged in the browser; `children` (filters, page
 * size) stand before the buttons in the same bar.
 */
export function Pager<T>({ table, children }: { table: Table<T>; children?: ReactNode }) {
  const t = useAdminT();
  return (
    <div className="admin-pager">
      {children}
      <button type="button" className="admin-button admin-button--small" disabled={!table.getCanPreviousPage()} onClick={() => table.previousPage()}>
        {t('audit.prev')}
      </button>
      <span>{t('audit.page', { page: table.getState().pagination.pageIndex + 1, pages: Math.max(1, table.getPageCount()) })}</span>
      <button type="button" className="admin-button admin-button--small" disabled={!table.getCanNextPage()} onClick={() => table.nextPage()}>
        {t('audit.next')}
      </button>
    </div>
  );
}
