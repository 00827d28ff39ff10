import * as api from '@oripa/contract/api-paths';
import type { AdminBanner } from '@oripa/contract/admin-shop-settings';
import { BANNER_MODE } from '@oripa/contract/catalog';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { useBanners, useSettingsWrite } from '../api/shop-settings-queries.ts';
import { Field } from '../components/field.tsx';
import { SettingsFormEnd } from '../components/settings-form-end.tsx';
import { MediaPreview, MediaUploadInput } from '../components/media-upload-input.tsx';
import { QueryView } from '../components/query-view.tsx';
import { formPayload, jstInputValue, jstMoment } from '../components/settings-form.ts';
import { SettingsTable } from '../components/settings-table.tsx';
import { formatJstTime } from '../format-time.ts';
import './shop-settings.css';

const column = createColumnHelper<AdminBanner>();

const VIDEO_FILE = /\.(mp4|webm)$/i;

/**
 * Whether the shop shows the banner now (the server's rule, catalog.service banners()):
 * published, in its period, and of the area's kind (images in the slider, videos in video mode).
 */
function showingNow(b: AdminBanner, now: number, mode: number): boolean {
  const kind = VIDEO_FILE.test(b.file_name) === (mode === BANNER_MODE.video);
  return kind && b.published && (b.start_at === null || Date.parse(b.start_at) <= now) && (b.end_at === null || Date.parse(b.end_at) > now);
}

/** Top-page banners: the area's mode, the list, and a form for one banner (media, link, order, period). */
export function BannersScreen() {
  const t = useAdminT();
  const banners = useBanners();
  const { errors, busy, write, setErrors } = useSettingsWrite('banners');
  const [editing, setEditing] = useState<AdminBanner | 'new'>('new');
  const [file, setFile] = useState('');
  const [saved, setSaved] = useState(false);

  const open = useCallback(
    (banner: AdminBanner | 'new') => {
      setEditing(banner);
      setFile(banner === 'new' ? '' : banner.file_name);
      setErrors({});
      setSaved(false);
    },
    [setErrors],
  );
  const mode = banners.data?.mode ?? BANNER_MODE.slider;
  const columns = useMemo(
    () =>
      bannerColumns(t, busy, mode, open, (b) => {
        if (window.confirm(t('shop.common.confirmRemove'))) void write(api.adminBannersRemove, { banner_id: b.id });
      }),
    [t, busy, mode, open, write],
  );

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const payload = formPayload(event.currentTarget, ['published']);
    const body = { ...payload, start_at: jstMoment(payload.start_at), end_at: jstMoment(payload.end_at) };
    const result = await write(api.adminBannersSave, editing === 'new' ? body : { ...body, banner_id: editing.id });
    setSaved(Boolean(result));
    if (result?.banner) setEditing(result.banner);
  };

  const current = editing === 'new' ? undefined : editing;
  return (
    <section className="settings">
      <h1>{t('shop.banners.heading')}</h1>
      <p className="admin-muted">{t('shop.banners.lead')}</p>
      <QueryView query={banners}>
        {(data) => (
          <>
            <div className="settings-toolbar admin-field">
              <label htmlFor="banner-mode">{t('shop.banners.mode')}</label>
              <select id="banner-mode" value={data.mode} disabled={busy} onChange={(e) => void write(api.adminBannersMode, { mode: Number(e.target.value) })}>
                {Object.values(BANNER_MODE).map((mode) => (
                  <option key={mode} value={mode}>
                    {t(`shop.banners.modes.${mode}`)}
                  </option>
                ))}
              </select>
            </div>
            <SettingsTable rows={data.banners} columns={columns} text={bannerText} empty={t('shop.banners.empty')} testId="banners-table" />
          </>
        )}
      </QueryView>

      <form key={current?.id ?? 'new'} className="admin-form settings-form" onSubmit={(e) => void submit(e)} data-testid="banner-form">
        <h2>{current ? t('shop.common.editing', { id: current.id }) : t('shop.common.creating')}</h2>
        <MediaUploadInput name="file_name" use="banner" label={t('shop.banners.file')} value={file} onChange={setFile} accept="image/png,image/jpeg,image/webp,image/gif,video/mp4,video/webm" errors={errors.file_name} />
        <Field label={t('shop.banners.url')} name="url" defaultValue={current?.url ?? ''} errors={errors.url} />
        <Field label={t('shop.common.sort')} name="sort" inputMode="numeric" defaultValue={current?.sort ?? 0} errors={errors.sort} />
        <Field label={t('shop.banners.start')} name="start_at" type="datetime-local" defaultValue={jstInputValue(current?.start_at ?? null)} errors={errors.start_at} />
        <Field label={t('shop.banners.end')} name="end_at" type="datetime-local" defaultValue={jstInputValue(current?.end_at ?? null)} errors={errors.end_at} />
        <SettingsFormEnd published={current?.published ?? true} rowError={errors.banner_id} busy={busy} editing={Boolean(current)} onNew={() => open('new')} saved={saved} />
      </form>
    </section>
  );
}

const bannerText = (b: AdminBanner) => `${b.id} ${b.file_name} ${b.url}`;

function bannerColumns(t: AdminT, busy: boolean, mode: number, edit: (b: AdminBanner | 'new') => void, remove: (b: AdminBanner) => void) {
  const now = Date.now();
  return [
    column.accessor('id', { header: 'ID' }),
    column.accessor('file_name', { header: () => t('shop.common.preview'), enableSorting: false, cell: (c) => <MediaPreview url={c.getValue()} alt={c.row.original.url} /> }),
    column.accessor('url', { header: () => t('shop.banners.url') }),
    column.accessor('sort', { header: () => t('shop.common.sort') }),
    column.accessor((b) => b.start_at ?? '', {
      id: 'period',
      header: () => t('shop.banners.period'),
      cell: (c) => {
        const b = c.row.original;
        return b.start_at || b.end_at ? `${formatJstTime(b.start_at)} – ${formatJstTime(b.end_at)}` : t('shop.banners.always');
      },
    }),
    column.accessor((b) => (showingNow(b, now, mode) ? 0 : 1), {
      id: 'status',
      header: () => t('shop.courses.status'),
      cell: (c) => {
        const b = c.row.original;
        if (!b.published) return <span className="admin-badge admin-badge--off">{t('shop.common.unpublished')}</span>;
        return showingNow(b, now, mode) ? <span className="admin-badge">{t('shop.banners.showing')}</span> : <span className="admin-badge admin-badge--off">{t('shop.banners.notShowing')}</span>;
      },
    }),
    column.display({
      id: 'actions',
      header: () => t('shop.common.actions'),
      cell: (c) => (
        <span className="admin-actions">
          <button type="button" className="admin-button admin-button--small" disabled={busy} onClick={() => edit(c.row.original)}>
            {t('shop.common.edit')}
          </button>
          <button type="button" className="admin-button admin-button--small admin-button--danger" disabled={busy} onClick={() => remove(c.row.original)}>
            {t('shop.common.remove')}
          </button>
        </span>
      ),
    }),
  ];
}
