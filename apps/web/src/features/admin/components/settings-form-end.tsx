import { useAdminT } from '../admin-texts.ts';

/**
 * The end of a settings form: published, the refusal of the edited row itself (gone, retired),
 * save, "new" while an existing row is open, and the saved notice.
 */
export function SettingsFormEnd({
  published,
  rowError,
  busy,
  editing,
  onNew,
  saved,
}: {
  /** The published box's initial state; undefined when the form has none (ranks). */
  published?: boolean | undefined;
  rowError?: string[] | undefined;
  busy: boolean;
  editing: boolean;
  onNew?: () => void;
  saved: boolean;
}) {
  const t = useAdminT();
  return (
    <>
      {published !== undefined && (
        <label className="settings-check">
          <input type="checkbox" name="published" defaultChecked={published} /> {t('shop.common.published')}
        </label>
      )}
      {rowError && <p className="admin-field-error">{rowError[0]}</p>}
      <div className="admin-actions">
        <button type="submit" className="admin-button" disabled={busy}>
          {t('save')}
        </button>
        {editing && onNew && (
          <button type="button" className="admin-button admin-button--quiet" onClick={onNew}>
            {t('shop.common.create')}
          </button>
        )}
      </div>
      {saved && (
        <p className="admin-notice admin-notice--ok" role="status">
          {t('shop.common.saved')}
        </p>
      )}
    </>
  );
}
