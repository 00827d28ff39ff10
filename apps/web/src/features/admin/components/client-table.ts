import { getCoreRowModel, getPaginationRowModel, getSortedRowModel, useReactTable, type SortingState, type TableOptions } from '@tanstack/react-table';
import { useState } from 'react';

/**
 * A table sorted (and, given a page size, paged) in the browser: the console's lists that
 * arrive whole. Tables sorted or paged by the server (the audit log) build their own.
 */
export function useClientTable<T>(data: T[], columns: TableOptions<T>['columns'], pageSize?: number) {
  const [sorting, setSorting] = useState<SortingState>([]);
  const paging = pageSize === undefined ? {} : { initialState: { pagination: { pageIndex: 0, pageSize } }, getPaginationRowModel: getPaginationRowModel() };
  // TanStack Table's instance is mutable by design; this app does not use the React compiler.
  // eslint-disable-next-line react-hooks/incompatible-library
  return useReactTable({ data, columns, state: { sorting }, onSortingChange: setSorting, getCoreRowModel: getCoreRowModel(), getSortedRowModel: getSortedRowModel(), ...paging });
}
