import * as api from '@oripa/contract/api-paths';
import type { ShippingRefusal } from '@oripa/contract/admin-shipping';
import { SHIPPING_STATE, type ShippingState } from '@oripa/contract/shipping';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminSend, allErrors } from '../api/admin-client.ts';
import { SHIPPING_KEY } from '../api/shipping-queries.ts';

type Notice = { ok: boolean; text: string; refused?: ShippingRefusal[] };

/**
 * The bulk steps over the selected rows. The server applies a step to all of them or to none;
 * when it refuses, the rows it refused are listed with their reasons.
 */
export function ShippingActions({ selected, targets, pointPacks }: { selected: number[]; targets: readonly ShippingState[]; pointPacks: number }) {
  const t = useAdminT();
  const queryClient = useQueryClient();
  const [convert, setConvert] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>();

  const act = async (to: ShippingState) => {
    if (selected.length === 0) {
      setNotice({ ok: false, text: t('shipping.noneSelected') });
      return;
    }
    setBusy(true);
    const withConvert = to === SHIPPING_STATE.cancelled && convert;
    const result = await adminSend(api.adminShippingTransition, { request_ids: selected, to, convert: withConvert });
    setBusy(false);
    await queryClient.invalidateQueries({ queryKey: SHIPPING_KEY });
    if (result.state === STATE.ok) {
      const text = t('shipping.applied', { applied: result.applied?.length ?? 0, unchanged: result.unchanged?.length ?? 0, state: t(`shipping.states.${to}`) });
      const points = result.converted_points ? ` ${t('shipping.convertedPoints', { points: result.converted_points })}` : '';
      setNotice({ ok: true, text: text + points });
    } else if (result.refused && result.refused.length > 0) {
      setNotice({ ok: false, text: t('shipping.refused'), refused: result.refused });
    } else setNotice({ ok: false, text: allErrors(result.errors).join(' ') });
  };

  return (
    <div className="shipping-bar" data-testid="shipping-actions">
      <span className="shipping-bar__count">{t('shipping.selected', { count: selected.length })}</span>
      {targets.map((to) => (
        <button
          key={to}
          type="button"
          className={`admin-button admin-button--small${to === SHIPPING_STATE.cancelled || to === SHIPPING_STATE.returned ? ' admin-button--danger' : ''}`}
          disabled={busy}
          onClick={() => void act(to)}
          data-testid={`shipping-to-${to}`}
        >
          {t(`shipping.actions.${to as Exclude<ShippingState, 'requested'>}`)}
        </button>
      ))}
      {pointPacks > 0 && (
        <label className="shipping-bar__convert">
          <input type="checkbox" checked={convert} onChange={(e) => setConvert(e.target.checked)} data-testid="shipping-convert" /> {t('shipping.convert')}
        </label>
      )}
      {notice && (
        <div className={`admin-notice ${notice.ok ? 'admin-notice--ok' : 'admin-notice--error'}`} role="status" data-testid="shipping-notice">
          {notice.text}
          {notice.refused && (
            <ul>
              {notice.refused.map((r) => (
                <li key={r.id}>
                  #{r.id} {r.state ? `(${t(`shipping.states.${r.state as ShippingState}`)})` : ''}: {t(`shipping.reasons.${r.reason}`)}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
