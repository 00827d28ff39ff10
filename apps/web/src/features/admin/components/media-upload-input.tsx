import * as api from '@oripa/contract/api-paths';
import type { SHOP_MEDIA_USES } from '@oripa/contract/admin-shop-settings';
import { STATE } from '@oripa/contract/states';
import { useId, useState } from 'react';
import { useAdminT } from '../admin-texts.ts';
import { adminUpload, allErrors } from '../api/admin-client.ts';

const VIDEO = /\.(mp4|webm)$/;

/** A stored image or video of the settings, shown small (videos muted, without autoplay). */
export function MediaPreview({ url, alt = '' }: { url: string; alt?: string }) {
  if (!url) return null;
  return VIDEO.test(url) ? <video className="settings-thumb" src={url} muted preload="metadata" /> : <img className="settings-thumb" src={url} alt={alt} />;
}

/**
 * A field holding a /media/… URL under `name` (a hidden input the form reads), set by uploading
 * a file (POST /admin/shop-media/upload); the server's refusal (type by content, size) shows
 * under it, as do the form's own errors for the field.
 */
export function MediaUploadInput({
  name,
  use,
  label,
  value,
  onChange,
  accept,
  errors,
}: {
  name: string;
  use: (typeof SHOP_MEDIA_USES)[number];
  label: string;
  value: string;
  onChange: (url: string) => void;
  accept: string;
  errors?: string[] | undefined;
}) {
  const t = useAdminT();
  const id = useId();
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);
  const upload = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    const res = await adminUpload(api.adminShopMediaUpload, file, { use });
    setBusy(false);
    input.value = '';
    if (res.state === STATE.ok && res.url) {
      setRefusal('');
      onChange(res.url);
    } else {
      setRefusal(allErrors(res.errors).join(' '));
    }
  };
  const message = refusal || errors?.[0];
  return (
    <div className="admin-field settings-media">
      <label htmlFor={id}>{label}</label>
      <input type="hidden" name={name} value={value} />
      <MediaPreview url={value} />
      <input id={id} type="file" accept={accept} aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-error` : undefined} onChange={(e) => void upload(e.currentTarget)} />
      {busy && (
        <span className="admin-muted" role="status">
          {t('shop.common.uploading')}
        </span>
      )}
      {message && (
        <p id={`${id}-error`} className="admin-field-error">
          {message}
        </p>
      )}
    </div>
  );
}
