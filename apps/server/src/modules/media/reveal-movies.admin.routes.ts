import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { listRevealVideos, putRevealVideo, removeRevealVideo, storeSettingsMedia } from './reveal-videos-admin.service.ts';
import { acceptUploads, IMAGE_UPLOAD, MAX_VIDEO_BYTES, uploadedFile, VIDEO_UPLOAD, type UploadKind } from './upload.ts';

/** Banners take an image (slider) or a video (video mode); exchange cards and rank icons an image. */
const BANNER_UPLOAD: UploadKind = { types: { ...IMAGE_UPLOAD.types, ...VIDEO_UPLOAD.types }, maxBytes: VIDEO_UPLOAD.maxBytes };
const SHOP_MEDIA_KINDS = { banner: BANNER_UPLOAD, exchange: IMAGE_UPLOAD, rank: IMAGE_UPLOAD } as const;

/**
 * Reveal videos per (rarity, movie_style) in the console, and the uploads of the other shop
 * settings' images and videos (banners, exchange cards, rank icons): multipart forms through
 * upload.ts (type by the file's bytes, size limit as a field error), stored as media, audited.
 */
export default async function revealMoviesAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  await acceptUploads(app, 'catalog.write', MAX_VIDEO_BYTES);

  r.handle(apiRoutes.adminRevealVideos, async ({ app }) => ({ videos: await listRevealVideos(app.db) }));

  r.handle(apiRoutes.adminRevealVideosUpload, async ({ app, actor, payload, request }) => ({
    video: await putRevealVideo(app.db, app.config, payload, uploadedFile(request, VIDEO_UPLOAD), actor),
  }));

  r.handle(apiRoutes.adminRevealVideosRemove, async ({ app, actor, payload }) => ({
    removed: await removeRevealVideo(app.db, app.config, payload, actor),
  }));

  r.handle(apiRoutes.adminShopMediaUpload, async ({ app, actor, payload, request }) => {
    const url = await storeSettingsMedia(app.db, app.config, payload.use, uploadedFile(request, SHOP_MEDIA_KINDS[payload.use]), actor);
    return { url };
  });
}
