import {
  adminBannerListResponse,
  adminBannerResponse,
  bannerModePayload,
  bannerModeResponse,
  bannerPayload,
  bannerRemovePayload,
} from '@oripa/contract/admin-shop-settings';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { changeBannerMode, listBanners, removeBanner, saveBanner } from './banners-admin.service.ts';

/** Top-page banners in the console: list, create or edit (media, link, order, period), remove, mode. */
export default async function bannersAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/banners', 'catalog.write', { response: adminBannerListResponse }, async ({ app }) => listBanners(app.db));

  r.post('/admin/banners/save', 'catalog.write', { payload: bannerPayload, response: adminBannerResponse }, async ({ app, actor, payload }) => {
    const { banner_id, ...input } = payload;
    return { banner: await saveBanner(app.db, banner_id, input, actor) };
  });

  r.post('/admin/banners/remove', 'catalog.write', { payload: bannerRemovePayload, response: adminBannerResponse }, async ({ app, actor, payload }) => ({
    banner: await removeBanner(app.db, payload.banner_id, actor),
  }));

  r.post('/admin/banners/mode', 'catalog.write', { payload: bannerModePayload, response: bannerModeResponse }, async ({ app, actor, payload }) => ({
    mode: await changeBannerMode(app.db, payload.mode, actor),
  }));
}
