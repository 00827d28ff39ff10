import * as api from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import { useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminUpload, allErrors } from '../api/admin-client.ts';

/**
 * A file input that uploads the chosen image at once (POST /admin/media/image) and hands its
 * /media/ URL on; the server's refusal (type by content, size) shows under it.
 */
export function ImageInput({ id, label, onUploaded }: { id: string; label: string; onUploaded: (url: string) => void }) {
  const t = useAdminT();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    const res = await adminUpload(api.adminMediaImage, file);
    setBusy(false);
    input.value = '';
    if (res.state === STATE.ok && res.url) {
      setError('');
      onUploaded(res.url);
    } else {
      setError(allErrors(res.errors).join(' '));
    }
  };
  return (
    <div className="admin-field packs-upload">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => void upload(e.currentTarget)}
      />
      {busy && (
        <span className="admin-muted" role="status">
          {t('catalog.editor.uploading')}
        </span>
      )}
      {error && (
        <p id={`${id}-error`} className="admin-field-error">
          {error}
        </p>
      )}
    </div>
  );
}
