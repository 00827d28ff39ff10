import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminGetOk, adminSend, allErrors } from '../api/admin-client.ts';
import { SHIPPING_KEY } from '../api/shipping-queries.ts';

type Notice = { ok: boolean; text: string };

/**
 * Combined parcels (同梱, decision 051): the selected requests of one member to one address
 * become one parcel, or a parcel is split again before packing; and the operator's switch that
 * combines a member's new request with their open parcel by itself. The server refuses, with the
 * requests named, what cannot be combined.
 */
export function ShippingParcels({ selected }: { selected: number[] }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();
  const settings = useQuery({ queryKey: [...SHIPPING_KEY, 'settings'], queryFn: () => adminGetOk(api.adminShippingSettings) });

  const run = async (what: 'combine' | 'split') => {
    if (selected.length === 0) {
      setNotice({ ok: false, text: t('shipping.noneSelected') });
      return;
    }
    setBusy(true);
    const result = await adminSend(what === 'combine' ? api.adminShippingCombine : api.adminShippingSplit, { request_ids: selected });
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: SHIPPING_KEY });
    if (result.state !== STATE.ok) setNotice({ ok: false, text: allErrors(result.errors).join(' ') });
    else if (what === 'split') {
      const count = result.request_ids?.length ?? 0;
      setNotice({ ok: true, text: count > 0 ? t('shipping.splitDone', { count }) : t('shipping.splitNone') });
    } else setNotice({ ok: true, text: t('shipping.combined', { count: result.request_ids?.length ?? 0, parcel: (result as { parcel_id?: number }).parcel_id ?? '' }) });
  };

  const switchAuto = async (on: boolean) => {
    setBusy(true);
    const result = await adminSend(api.adminShippingSettingsSave, { auto_combine: on });
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: [...SHIPPING_KEY, 'settings'] });
    setNotice(result.state === STATE.ok ? { ok: true, text: t(on ? 'shipping.autoCombineOn' : 'shipping.autoCombineOff') } : { ok: false, text: allErrors(result.errors).join(' ') });
  };

  return (
    <div className="shipping-bar" data-testid="shipping-parcels">
      <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={() => void run('combine')} data-testid="shipping-combine">
        {t('shipping.combine')}
      </button>
      <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={() => void run('split')} data-testid="shipping-split">
        {t('shipping.split')}
      </button>
      <label className="shipping-bar__convert">
        <input
          type="checkbox"
          checked={settings.data?.auto_combine ?? false}
          disabled={busy || !settings.data}
          onChange={(e) => void switchAuto(e.target.checked)}
          data-testid="shipping-auto-combine"
        />{' '}
        {t('shipping.autoCombine')}
      </label>
      {notice && (
        <div className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role="status" data-testid="shipping-parcels-notice">
          {notice.text}
        </div>
      )}
    </div>
  );
}
