import * as api from '@oripa/contract/api-paths';
import type { LineupPrize } from '@oripa/contract/admin-catalog-scale';
import { STATE } from '@oripa/contract/states';
import { useState, type ChangeEvent } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminCall, adminSend, allErrors } from '../api/admin-client.ts';
import { downloadBase64, fileToBase64 } from '../api/shipping-queries.ts';

type Notice = { ok: boolean; text: string; lines?: string[] };

/**
 * The lineup as a CSV file (decision 050): a new pack's draft takes its lineup from a file (the
 * server checks every line and answers the bad ones with their numbers; nothing is taken then),
 * a committed pack's lineup is written to one, UTF-8 or Shift_JIS, for Excel.
 */
export function LineupFile({ packId, paymentMethod, onImported }: { packId: number | null; paymentMethod: string; onImported: (lineup: LineupPrize[]) => void }) {
  const t = useAdminT();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setNotice(null);
    const result = await adminSend(api.adminPacksLineupImport, { file_base64: await fileToBase64(file), payment_method: paymentMethod });
    setBusy(false);
    // The same file may be chosen again once it is fixed.
    input.value = '';
    if (result.state === STATE.ok && result.lineup) {
      onImported(result.lineup);
      setNotice({ ok: true, text: t('catalog.scale.imported', { count: result.lineup.length }) });
      return;
    }
    const lines = (result.line_errors ?? []).map((l) => t('catalog.scale.lineError', { line: l.line, reason: l.reason }));
    setNotice({ ok: false, text: allErrors(result.errors).join(' '), lines });
  };

  const exportFile = async (encoding: 'utf8' | 'sjis') => {
    if (packId === null) return;
    const result = await adminCall(api.adminPacksLineupFile, { query: { id: packId, encoding } });
    if (result.state === STATE.ok && result.content_base64 && result.filename) {
      downloadBase64(result.filename, result.content_base64, encoding === 'sjis' ? 'text/csv;charset=Shift_JIS' : 'text/csv;charset=utf-8');
      setNotice({ ok: true, text: t('catalog.scale.exported', { rows: result.rows ?? 0 }) });
    } else {
      setNotice({ ok: false, text: allErrors(result.errors).join(' ') });
    }
  };

  return (
    <div className="packs-lineup-file" data-testid="lineup-file">
      <h3>{t('catalog.scale.fileHeading')}</h3>
      {packId === null ? (
        <div className="admin-field">
          <label htmlFor="lineup-import">{t('catalog.scale.importLabel')}</label>
          <input id="lineup-import" type="file" accept=".csv,text/csv" disabled={busy} onChange={(e) => void importFile(e)} />
          <p className="admin-muted">{busy ? t('catalog.scale.importing') : t('catalog.scale.importNote')}</p>
        </div>
      ) : (
        <div className="admin-actions">
          <button type="button" className="admin-button admin-button--quiet" onClick={() => void exportFile('utf8')} data-testid="lineup-export-utf8">
            {t('catalog.scale.exportUtf8')}
          </button>
          <button type="button" className="admin-button admin-button--quiet" onClick={() => void exportFile('sjis')} data-testid="lineup-export-sjis">
            {t('catalog.scale.exportSjis')}
          </button>
        </div>
      )}
      {notice && (
        <div className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role={notice.ok ? 'status' : 'alert'} data-testid="lineup-file-notice">
          <p>{notice.text}</p>
          {notice.lines && notice.lines.length > 0 && (
            <ul data-testid="lineup-line-errors">
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
