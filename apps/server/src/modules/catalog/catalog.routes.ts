import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import * as catalog from './catalog.service.ts';
import { packSnapshots } from './pack-snapshots.ts';

/** Catalogue read side: card types, prefectures, banners, pack lists, lineups, pack detail. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);
  // Another instance's (or the CLI's) edit of a pack: its snapshots here are read again.
  app.ctx.changes.on('packs', () => packSnapshots(app.ctx.db).changedAll());

  r.handle(apiRoutes.cardType, async ({ app, request }) => ({ list: await catalog.cardTypes(app.db, request.lang) }));

  r.handle(apiRoutes.prefList, async ({ app, request }) => ({
    list: await catalog.prefectures(app.db, request.lang),
  }));

  r.handle(apiRoutes.banner, async ({ app }) => catalog.banners(app.db));

  r.handle(apiRoutes.packList, async ({ app, request }) => ({
    list: await catalog.packList(app.db, new Date(), undefined, request.lang),
  }));

  r.handle(apiRoutes.packListFiltered, async ({ app, payload, request }) => ({
    list: await catalog.packList(app.db, new Date(), payload.payment_method, request.lang),
  }));

  r.handle(apiRoutes.packAllList, async ({ app, params, request }) =>
    catalog.packPage(app.db, new Date(), params.type, params.page, request.lang),
  );

  r.handle(apiRoutes.packCardList, async ({ app, params, request }) =>
    catalog.packCardPage(app.db, new Date(), params.packId, params.page, request.lang),
  );

  r.handle(apiRoutes.packDetail, async ({ app, params, session, request }) => ({
    pack: await catalog.viewPackDetail(app.db, new Date(), params.packId, session, request.lang, app.memberAllowance),
  }));
}
