import * as api from '@oripa/contract/api-paths';
import type { BULK_SALE_ACTIONS } from '@oripa/contract/admin-catalog-scale';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminSend, allErrors } from '../api/admin-client.ts';
import { CATALOG_KEY } from '../api/catalog-queries.ts';
import { fromJstInput } from './packs-draft.ts';

type BulkAction = (typeof BULK_SALE_ACTIONS)[number];
type Notice = { ok: boolean; text: string; lines: string[] };

/**
 * Publish, hide or schedule the ticked packs in one request (decision 050): all or nothing; when
 * the server refuses some, each is listed with its reason and no pack has changed.
 */
export function BulkSaleBar({ selected, onDone }: { selected: ReadonlySet<number>; onDone: () => void }) {
  const t = useAdminT();
  const client = useQueryClient();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  const act = async (action: BulkAction) => {
    // Hiding withdraws each lot for good (its seed is revealed), as on the pack's own page.
    if (action === 'hide' && !window.confirm(t('catalog.scale.bulkHideConfirm', { count: selected.size }))) return;
    setBusy(true);
    const times = action === 'schedule' ? { start_at: start ? fromJstInput(start) : '', end_at: end ? fromJstInput(end) : null } : {};
    const res = await adminSend(api.adminPacksSaleBulk, { ids: [...selected], action, ...times });
    setBusy(false);
    if (res.state === STATE.ok) {
      setNotice({ ok: true, text: t('catalog.scale.bulkDone', { count: res.changed?.length ?? 0 }), lines: [] });
      onDone();
    } else {
      const lines = (res.refusals ?? []).map((r) => t('catalog.scale.bulkRefused', { id: r.id, reason: r.reason }));
      setNotice({ ok: false, text: allErrors(res.errors).join(' '), lines });
    }
    await client.invalidateQueries({ queryKey: [...CATALOG_KEY, 'packs'] });
  };

  if (selected.size === 0 && !notice) return null;
  return (
    <div className="packs-bulk" data-testid="packs-bulk">
      {selected.size > 0 && (
        <div className="packs-bulk-row">
          <span>{t('catalog.scale.selected', { count: selected.size })}</span>
          <button type="button" className="admin-button" disabled={busy} onClick={() => void act('publish')} data-testid="bulk-publish">
            {t('catalog.scale.bulkPublish')}
          </button>
          <button type="button" className="admin-button admin-button--quiet" disabled={busy} onClick={() => void act('hide')} data-testid="bulk-hide">
            {t('catalog.scale.bulkHide')}
          </button>
          <div className="admin-field">
            <label htmlFor="bulk-start">{t('catalog.scale.bulkStart')}</label>
            <input id="bulk-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
          </div>
          <div className="admin-field">
            <label htmlFor="bulk-end">{t('catalog.scale.bulkEnd')}</label>
            <input id="bulk-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
          </div>
          <button type="button" className="admin-button admin-button--quiet" disabled={busy} onClick={() => void act('schedule')} data-testid="bulk-schedule">
            {t('catalog.scale.bulkSchedule')}
          </button>
        </div>
      )}
      {notice && (
        <div className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role={notice.ok ? 'status' : 'alert'} data-testid="bulk-notice">
          <p>{notice.text}</p>
          {notice.lines.length > 0 && (
            <ul>
              {notice.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
