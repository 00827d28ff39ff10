import * as api from '@oripa/contract/api-paths';
import type { PackAdmin } from '@oripa/contract/admin-catalog';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminSend, allErrors } from '../api/admin-client.ts';
import { CATALOG_KEY, packKey } from '../api/catalog-queries.ts';
import { fromJstInput, toJstInput } from './packs-draft.ts';

/** Publish, hide, schedule or stop a committed pack's sale (each audited by the server). */
export function SalePanel({ pack, onDone }: { pack: PackAdmin; onDone: (pack: PackAdmin) => void }) {
  const t = useAdminT();
  const client = useQueryClient();
  // The sale start is part of the lot's commitment (decision 027): shown to the minute, sent as
  // committed (to the millisecond).
  const start = toJstInput(pack.start_at);
  const [end, setEnd] = useState(toJstInput(pack.end_at));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [done, setDone] = useState(false);
  const act = async (action: 'publish' | 'hide' | 'schedule' | 'stop') => {
    const payload = action === 'schedule' ? { id: pack.id, action, start_at: pack.start_at, end_at: end ? fromJstInput(end) : null } : { id: pack.id, action };
    const res = await adminSend(api.adminPacksSale, payload);
    setErrors(res.errors);
    setDone(res.state === STATE.ok);
    if (res.state !== STATE.ok || !res.pack) return;
    client.setQueryData(packKey(pack.id), res.pack);
    await client.invalidateQueries({ queryKey: [...CATALOG_KEY, 'packs'] });
    onDone(res.pack);
  };
  const ended = pack.state === 'ended' || pack.state === 'sold_out';
  return (
    <fieldset className="packs-fieldset packs-sale" data-testid="sale-panel">
      <legend>{t('catalog.sale.heading')}</legend>
      <div className="packs-sale-row">
        <div className="admin-field">
          <label htmlFor="sale-start">{t('catalog.editor.startAt')}</label>
          <input id="sale-start" type="datetime-local" value={start} readOnly aria-describedby="sale-start-fixed" />
          <span id="sale-start-fixed" className="admin-muted">
            {t('catalog.sale.startFixed')}
          </span>
        </div>
        <div className="admin-field">
          <label htmlFor="sale-end">{t('catalog.editor.endAt')}</label>
          <input id="sale-end" type="datetime-local" value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <button type="button" className="admin-button" disabled={ended} onClick={() => void act('schedule')}>
          {t('catalog.sale.schedule')}
        </button>
      </div>
      <div className="packs-sale-row">
        {pack.published ? (
          <button
            type="button"
            className="admin-button admin-button--quiet"
            onClick={() => {
              if (window.confirm(t('catalog.sale.hideNote'))) void act('hide');
            }}
          >
            {t('catalog.sale.hide')}
          </button>
        ) : (
          <button type="button" className="admin-button" disabled={ended} onClick={() => void act('publish')}>
            {t('catalog.sale.publish')}
          </button>
        )}
        <button
          type="button"
          className="admin-button admin-button--danger"
          disabled={ended}
          onClick={() => {
            if (window.confirm(t('catalog.sale.stopNote'))) void act('stop');
          }}
        >
          {t('catalog.sale.stop')}
        </button>
        <span className="admin-muted">{t('catalog.sale.stopNote')}</span>
      </div>
      {done && (
        <p className="admin-notice admin-notice--ok" role="status">
          {t('catalog.sale.done')}
        </p>
      )}
      {allErrors(errors).length > 0 && (
        <p className="admin-notice admin-notice--error" role="alert">
          {allErrors(errors).join(' ')}
        </p>
      )}
    </fieldset>
  );
}
