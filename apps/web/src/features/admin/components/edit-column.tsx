import { createColumnHelper } from '@tanstack/react-table';
import type { AdminT } from '../admin-texts.ts';

/** A settings list's last column: one small Edit button a row, off while a write is under way. */
export function editColumn<T>(t: AdminT, busy: boolean, edit: (row: T) => void) {
  return createColumnHelper<T>().display({
    id: 'actions',
    header: () => t('shop.common.actions'),
    cell: (c) => (
      <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={() => edit(c.row.original)}>
        {t('shop.common.edit')}
      </button>
    ),
  });
}
