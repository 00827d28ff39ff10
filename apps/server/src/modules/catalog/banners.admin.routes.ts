import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { changeBannerMode, listBanners, removeBanner, saveBanner } from './banners-admin.service.ts';

/** Top-page banners in the console: list, create or edit (media, link, order, period), remove, mode. */
export default async function bannersAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminBanners, async ({ app }) => listBanners(app.db));

  r.handle(apiRoutes.adminBannersSave, async ({ app, actor, payload }) => {
    const { banner_id, ...input } = payload;
    return { banner: await saveBanner(app.db, banner_id, input, actor) };
  });

  r.handle(apiRoutes.adminBannersRemove, async ({ app, actor, payload }) => ({
    banner: await removeBanner(app.db, payload.banner_id, actor),
  }));

  r.handle(apiRoutes.adminBannersMode, async ({ app, actor, payload }) => ({
    mode: await changeBannerMode(app.db, payload.mode, actor),
  }));
}
