import type { OverLimit } from '@oripa/contract/admin-shipping';
import * as api from '@oripa/contract/api-paths';
import { CARRIER_FORMAT, CARRIER_FORMAT_NAMES, CARRIER_FORMATS, type CarrierFormat } from '@oripa/contract/carrier-formats';
import { CARRIER_NAMES, CARRIERS, type Carrier } from '@oripa/contract/shipping';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { currentLang } from '@/lib/i18n.ts';
import { useAdminT } from '../admin-texts.ts';
import { adminCall, adminSend, allErrors } from '../api/admin-client.ts';
import { downloadBase64, fileToBase64, SHIPPING_KEY, shippingQueryString, type ShippingFilters } from '../api/shipping-queries.ts';

type Notice = { ok: boolean; text: string; lines?: string[] };

/**
 * What the warehouse works with: the pick list and slips (print pages), a carrier's CSV out (the
 * label software chosen, decision 051; fields over its limits listed) and tracking numbers back in. Each works on the selected rows, or on the filtered ones.
 */
export function ShippingTools({ selected, filters }: { selected: number[]; filters: ShippingFilters }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const fileId = useId();
  const [notice, setNotice] = useState<Notice>();
  const [busy, setBusy] = useState(false);
  const [format, setFormat] = useState<CarrierFormat>(CARRIER_FORMAT.yamatoB2);
  const query = shippingQueryString(selected.length > 0 ? {} : filters, selected);
  const print = (kind: string) => `/admin/shipping/print?kind=${kind}${query ? `&${query}` : ''}`;

  const exportCsv = async () => {
    const result = await adminCall(api.adminShippingExport, { search: `${query ? `${query}&` : ''}format=${format}` });
    const limits = (list: OverLimit[] | undefined) => (list ?? []).map((f) => t('shipping.overLimit', { parcel: f.parcel_id, field: f.field, length: f.length, limit: f.limit }));
    if (result.state === STATE.ok && result.content_base64 && result.filename) {
      downloadBase64(result.filename, result.content_base64, 'text/csv;charset=Shift_JIS');
      const cut = limits(result.truncated);
      setNotice({ ok: true, text: t('shipping.exported', { rows: result.rows ?? 0 }), lines: cut.length > 0 ? [t('shipping.exportTruncated', { list: cut.join('、') })] : undefined });
    } else setNotice({ ok: false, text: allErrors(result.errors).join(' '), lines: limits(result.over_limits) });
  };

  const importCsv = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0) return;
    setBusy(true);
    const result = await adminSend(api.adminShippingImport, {
      file_base64: await fileToBase64(file),
      carrier: String(form.get('carrier') ?? 'yamato') as Carrier,
    });
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: SHIPPING_KEY });
    if (result.state === STATE.ok) {
      setNotice({ ok: true, text: t('shipping.imported', { applied: result.applied?.length ?? 0, unchanged: result.unchanged?.length ?? 0 }) });
    } else {
      const lines = (result.line_errors ?? []).map((l) => t('shipping.lineError', { line: l.line, reason: l.reason }));
      setNotice({ ok: false, text: allErrors(result.errors).join(' '), lines });
    }
  };

  return (
    <div className="shipping-tools">
      <p className="admin-muted">{t('shipping.tools')}</p>
      <div className="shipping-bar">
        <Link className="admin-button admin-button--small" to={print('picklist')} data-testid="shipping-picklist">
          {t('shipping.pickList')}
        </Link>
        <Link className="admin-button admin-button--small" to={print('a4')} data-testid="shipping-slip-a4">
          {t('shipping.slipA4')}
        </Link>
        <Link className="admin-button admin-button--small" to={print('label')} data-testid="shipping-slip-label">
          {t('shipping.slipLabel')}
        </Link>
        <label className="shipping-bar__format">
          {t('shipping.exportFormat')}{' '}
          <select value={format} onChange={(e) => setFormat(e.target.value as CarrierFormat)} data-testid="shipping-export-format">
            {CARRIER_FORMATS.map((f) => (
              <option key={f} value={f}>
                {CARRIER_FORMAT_NAMES[f][currentLang()]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="admin-button admin-button--small" onClick={() => void exportCsv()} data-testid="shipping-export">
          {t('shipping.exportFor')}
        </button>
      </div>
      <form className="admin-form admin-form--inline shipping-import" onSubmit={(e) => void importCsv(e)}>
        <h2>{t('shipping.importHeading')}</h2>
        <p className="admin-muted">{t('shipping.importLead')}</p>
        <div className="admin-field">
          <label htmlFor={fileId}>{t('shipping.importFile')}</label>
          <input id={fileId} type="file" name="file" accept=".csv,text/csv" data-testid="tracking-file" />
        </div>
        <div className="admin-field">
          <label htmlFor={`${fileId}-carrier`}>{t('shipping.carrier')}</label>
          <select id={`${fileId}-carrier`} name="carrier" defaultValue="yamato">
            {CARRIERS.map((c) => (
              <option key={c} value={c}>
                {CARRIER_NAMES[c][currentLang()]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="admin-button" disabled={busy} data-testid="tracking-import">
          {t('shipping.import')}
        </button>
      </form>
      {notice && (
        <div className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role="status" data-testid="shipping-tools-notice">
          {notice.text}
          {notice.lines && notice.lines.length > 0 && (
            <ul>
              {notice.lines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
