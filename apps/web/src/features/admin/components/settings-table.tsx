import type { TableOptions } from '@tanstack/react-table';
import { useId, useMemo, useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { useClientTable } from './client-table.ts';
import { DataTable } from './data-table.tsx';
import { Pager } from './pager.tsx';

/** Rows a page of the settings lists shows. */
export const SETTINGS_PAGE_SIZE = 20;

/**
 * A settings list (courses, banners, exchange cards, ranks, reveal videos): sorted by any
 * sortable column, filtered by a text anywhere in a row (`text` says what a row reads as) and
 * paged, all in the browser: these lists arrive whole and stay small next to members or packs.
 */
export function SettingsTable<T>({
  rows,
  columns,
  text,
  empty,
  testId,
}: {
  rows: T[];
  columns: TableOptions<T>['columns'];
  text: (row: T) => string;
  empty: string;
  testId: string;
}) {
  const t = useAdminT();
  const id = useId();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const needle = filter.trim().toLowerCase();
    return needle ? rows.filter((row) => text(row).toLowerCase().includes(needle)) : rows;
  }, [rows, filter, text]);
  const table = useClientTable(shown, columns, SETTINGS_PAGE_SIZE);
  return (
    <>
      <Pager table={table}>
        <label htmlFor={id}>{t('shop.common.filter')}</label>
        <input
          id={id}
          type="search"
          value={filter}
          placeholder={t('shop.common.filterPlaceholder')}
          data-testid={`${testId}-filter`}
          onChange={(e) => {
            setFilter(e.target.value);
            table.setPageIndex(0);
          }}
        />
      </Pager>
      <DataTable table={table} empty={empty} testId={testId} />
    </>
  );
}
