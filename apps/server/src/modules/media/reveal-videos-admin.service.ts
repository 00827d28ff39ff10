import { REVEAL_VIDEO_FORMATS, revealVideoId, type AdminRevealVideo, type RevealVideoFormat } from '@oripa/contract/admin-shop-settings';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { attachBlob } from './media.repo.ts';
import { removeBlobs } from './media.service.ts';
import { deleteMedia, mediaSizes } from './reveal-videos.repo.ts';
import { storeUpload, type UploadedFile } from './upload.ts';

/**
 * Operator reveal videos, one per (rarity 1-7, movie_style), stored as media under the names
 * the shop's reveal looks up (movie-r<rarity>-s<style>.<mp4|webm>, reveal-movies.routes.ts);
 * where none is stored the shop plays its built-in animation.
 */

const STORED = /^movie-r([1-7])-s(\d{1,2})\.(mp4|webm)$/;

/** Every stored reveal video. */
export async function listRevealVideos(db: Db): Promise<AdminRevealVideo[]> {
  const rows = await mediaSizes(db, 'movie-');
  return rows.flatMap(({ id, bytes }) => {
    const match = STORED.exec(id);
    if (!match) return [];
    return [{ rarity: Number(match[1]), movie_style: Number(match[2]), format: match[3] as RevealVideoFormat, url: `/media/${id}`, bytes }];
  });
}

/**
 * Stores (or replaces) the video of a rarity and movie style. The other format's file of the
 * same key is removed, so the shop plays exactly what the operator uploaded last. Audited.
 */
export async function putRevealVideo(
  db: Db,
  config: Config,
  key: { rarity: number; movie_style: number },
  file: UploadedFile,
  actor: Actor,
): Promise<AdminRevealVideo> {
  const format = file.ext.slice(1) as RevealVideoFormat;
  const id = revealVideoId(key.rarity, key.movie_style, format);
  const bytes = file.blob.byteSize;
  const others = REVEAL_VIDEO_FORMATS.filter((f) => f !== format).map((f) => revealVideoId(key.rarity, key.movie_style, f));
  const dropped = await db.transaction(async (tx) => {
    const replaced = await attachBlob(tx, id, file.contentType, file.blob);
    const removed = await deleteMedia(tx, others);
    await recordAudit(tx, actor, {
      action: 'reveal_video.put',
      target: `reveal_video:r${key.rarity}-s${key.movie_style}`,
      before: { replaced: replaced !== undefined, other_format_removed: removed.count > 0 },
      after: { url: `/media/${id}`, bytes },
    });
    return [replaced, ...removed.blobs];
  });
  // The files let go of leave their store only once the new video is committed.
  await removeBlobs(db, config, dropped);
  return { ...key, format, url: `/media/${id}`, bytes };
}

/** Removes a video: the shop plays the built-in animation for that rarity and style again. */
export async function removeRevealVideo(db: Db, config: Config, key: { rarity: number; movie_style: number; format: RevealVideoFormat }, actor: Actor): Promise<boolean> {
  const id = revealVideoId(key.rarity, key.movie_style, key.format);
  const removed = await db.transaction(async (tx) => {
    const gone = await deleteMedia(tx, [id]);
    if (gone.count > 0) await recordAudit(tx, actor, { action: 'reveal_video.remove', target: `reveal_video:r${key.rarity}-s${key.movie_style}`, before: { url: `/media/${id}` } });
    return gone;
  });
  await removeBlobs(db, config, removed.blobs);
  return removed.count > 0;
}

/** Stores an uploaded image or video of a shop setting (banner, exchange card, rank icon); audited. */
export function storeSettingsMedia(db: Db, config: Config, use: string, file: UploadedFile, actor: Actor): Promise<string> {
  return storeUpload(db, config, use, file, (tx, url) =>
    recordAudit(tx, actor, { action: 'media.upload', target: url, after: { use, type: file.contentType, bytes: file.blob.byteSize } }),
  );
}
