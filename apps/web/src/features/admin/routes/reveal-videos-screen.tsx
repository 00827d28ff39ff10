import * as api from '@oripa/contract/api-paths';
import { REVEAL_VIDEO_FORMATS, type AdminRevealVideo } from '@oripa/contract/admin-shop-settings';
import { MOVIE_STYLES, RARITY_LABELS, RARITY_MAX, RARITY_MIN } from '@oripa/contract/constants';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo } from 'react';
import { useAdminT, type AdminT } from '../admin-texts.ts';
import { allErrors } from '../api/admin-client.ts';
import { useRevealVideos, useSettingsWrite } from '../api/shop-settings-queries.ts';
import { QueryView } from '../components/query-view.tsx';
import { SettingsTable } from '../components/settings-table.tsx';
import './shop-settings.css';

/** One rarity and movie style, with the operator's video when there is one. */
interface Slot {
  key: string;
  rarity: number;
  movie_style: number;
  video: AdminRevealVideo | undefined;
}

const column = createColumnHelper<Slot>();
const RARITIES = Array.from({ length: RARITY_MAX - RARITY_MIN + 1 }, (_, i) => RARITY_MIN + i);

/** Every (rarity, movie style) slot, the stored videos in theirs. */
function slotsOf(videos: AdminRevealVideo[]): Slot[] {
  return RARITIES.flatMap((rarity) =>
    MOVIE_STYLES.map((movie_style) => ({ key: `${rarity}-${movie_style}`, rarity, movie_style, video: videos.find((v) => v.rarity === rarity && v.movie_style === movie_style) })),
  );
}

/** Reveal videos per rarity and movie style: upload, replace, remove; the built-in animation otherwise. */
export function RevealVideosScreen() {
  const t = useAdminT();
  const videos = useRevealVideos();
  const { errors, busy, write } = useSettingsWrite('reveal-videos');

  const upload = useCallback(
    async (slot: Slot, input: HTMLInputElement) => {
      const file = input.files?.[0];
      if (!file) return;
      await write(api.adminRevealVideosUpload, { rarity: slot.rarity, movie_style: slot.movie_style }, file);
      input.value = '';
    },
    [write],
  );
  const remove = useCallback(
    (video: AdminRevealVideo) => {
      if (window.confirm(t('shop.common.confirmRemove'))) void write(api.adminRevealVideosRemove, { rarity: video.rarity, movie_style: video.movie_style, format: video.format });
    },
    [t, write],
  );
  const columns = useMemo(() => slotColumns(t, busy, upload, remove), [t, busy, upload, remove]);

  return (
    <section className="settings">
      <h1>{t('shop.reveal.heading')}</h1>
      <p className="admin-muted">{t('shop.reveal.lead')}</p>
      {Object.keys(errors).length > 0 && (
        <p className="admin-notice admin-notice--error" role="alert">
          {allErrors(errors).join(' ')}
        </p>
      )}
      <QueryView query={videos}>{(list) => <SettingsTable rows={slotsOf(list)} columns={columns} text={slotText} empty="—" testId="reveal-videos-table" />}</QueryView>
    </section>
  );
}

const slotText = (s: Slot) => `r${s.rarity} ${RARITY_LABELS[s.rarity] ?? ''} s${s.movie_style} ${s.video?.format ?? ''}`;

function slotColumns(t: AdminT, busy: boolean, upload: (s: Slot, input: HTMLInputElement) => Promise<void>, remove: (v: AdminRevealVideo) => void) {
  const accept = REVEAL_VIDEO_FORMATS.map((f) => `video/${f}`).join(',');
  return [
    column.accessor('rarity', { header: () => t('shop.reveal.rarity'), cell: (c) => `${c.getValue()} ${RARITY_LABELS[c.getValue()] ?? ''}` }),
    column.accessor('movie_style', { header: () => t('shop.reveal.style') }),
    column.accessor((s) => (s.video ? 0 : 1), {
      id: 'video',
      header: () => t('shop.reveal.video'),
      cell: (c) => {
        const video = c.row.original.video;
        if (!video) return <span className="admin-muted">{t('shop.reveal.builtIn')}</span>;
        return (
          <a href={video.url} target="_blank" rel="noreferrer">
            {video.format.toUpperCase()} · {t('shop.reveal.size', { size: (video.bytes / 1024 / 1024).toFixed(1) })}
          </a>
        );
      },
    }),
    column.display({
      id: 'actions',
      header: () => t('shop.common.actions'),
      cell: (c) => {
        const slot = c.row.original;
        const inputId = `reveal-${slot.key}`;
        return (
          <span className="settings-inline">
            <label htmlFor={inputId} className="visually-hidden">
              {t('shop.common.upload')} ({slot.rarity}, {slot.movie_style})
            </label>
            <input id={inputId} type="file" accept={accept} disabled={busy} onChange={(e) => void upload(slot, e.currentTarget)} />
            {slot.video && (
              <button type="button" className="admin-button admin-button--small admin-button--danger" disabled={busy} onClick={() => remove(slot.video!)}>
                {t('shop.common.remove')}
              </button>
            )}
          </span>
        );
      },
    }),
  ];
}
