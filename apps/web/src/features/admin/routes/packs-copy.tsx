import * as api from '@oripa/contract/api-paths';
import type { PackAdmin } from '@oripa/contract/admin-catalog';
import { STATE } from '@oripa/contract/states';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useAdminT } from '../admin-texts.ts';
import { adminSend, allErrors } from '../api/admin-client.ts';
import { CATALOG_KEY } from '../api/catalog-queries.ts';
import { draftOfCopy, keepDraft, savedDraft } from './packs-draft.ts';

/**
 * A committed pack's copies (decision 050): duplicated as a new draft (the server copies its
 * images; the draft opens in the new-pack editor and is committed only when created), or, once
 * sold out or ended, restocked as a new lot of the same lineup (committed at once, fresh seed).
 */
export function PackCopyActions({ pack }: { pack: PackAdmin }) {
  const t = useAdminT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const duplicate = async () => {
    // One unsent draft per browser: a copy replaces it only when the operator agrees.
    if (savedDraft()?.name && !window.confirm(t('catalog.scale.duplicateConfirm'))) return;
    setBusy(true);
    const res = await adminSend(api.adminPacksDuplicate, { id: pack.id });
    setBusy(false);
    if (res.state !== STATE.ok || !res.draft) return setError(allErrors(res.errors).join(' '));
    keepDraft(draftOfCopy(res.draft));
    void navigate('/admin/packs/new');
  };

  const restock = async () => {
    if (!window.confirm(t('catalog.scale.restockConfirm'))) return;
    setBusy(true);
    const res = await adminSend(api.adminPacksRestock, { id: pack.id });
    setBusy(false);
    if (res.state !== STATE.ok || !res.pack) return setError(allErrors(res.errors).join(' '));
    await client.invalidateQueries({ queryKey: CATALOG_KEY });
    void navigate(`/admin/packs/${res.pack.id}`, { state: { notice: 'created' } });
  };

  const over = pack.state === 'sold_out' || pack.state === 'ended';
  return (
    <div className="admin-actions packs-copy" data-testid="pack-copy-actions">
      <button type="button" className="admin-button admin-button--quiet" disabled={busy} onClick={() => void duplicate()} data-testid="pack-duplicate">
        {t('catalog.scale.duplicate')}
      </button>
      {over && (
        <button type="button" className="admin-button admin-button--quiet" disabled={busy} onClick={() => void restock()} data-testid="pack-restock">
          {t('catalog.scale.restock')}
        </button>
      )}
      {error && (
        <p className="admin-notice admin-notice--error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
