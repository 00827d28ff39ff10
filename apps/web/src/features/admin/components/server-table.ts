import { getCoreRowModel, useReactTable, type SortingState, type TableOptions } from '@tanstack/react-table';
import type { PageParams } from './server-pager.tsx';

/** What a table the server sorts and pages keeps in its query. */
export interface SortParams extends PageParams {
  sort: string;
  dir: 'asc' | 'desc';
}

/**
 * A table whose rows the server sorts and pages (the audit log, the packs, the members): the
 * sorted column comes from the query, and sorting by a column the server knows asks it again
 * from page 1.
 */
export function useServerTable<T, P extends SortParams>({
  rows,
  columns,
  total,
  params,
  setParams,
  sorts,
}: {
  rows: T[];
  columns: TableOptions<T>['columns'];
  total: number;
  params: P;
  setParams: (update: (p: P) => P) => void;
  sorts: readonly string[];
}) {
  const sorting: SortingState = [{ id: params.sort, desc: params.dir === 'desc' }];
  // TanStack Table's instance is mutable by design; this app does not use the React compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({
    data: rows,
    columns,
    state: { sorting },
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: false,
    pageCount: Math.max(1, Math.ceil(total / params.per)),
    getCoreRowModel: getCoreRowModel(),
    onSortingChange: (updater) => {
      const first = (typeof updater === 'function' ? updater(sorting) : updater)[0];
      if (first && sorts.includes(first.id)) setParams((p) => ({ ...p, page: 1, sort: first.id, dir: first.desc ? 'desc' : 'asc' }));
    },
  });
}
