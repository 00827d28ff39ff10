import { packListFilterPayload } from '@oripa/contract/catalog';
import { idParamSchema, pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routes } from '../../http/route.ts';
import { saveSessionData } from '../../http/session.ts';
import * as catalog from './catalog.service.ts';

const typePageParams = z.object({ type: z.coerce.number().int().min(0).max(2147483647), page: pageParamSchema });
const packPageParams = z.object({ packId: idParamSchema, page: pageParamSchema });
const packParams = z.object({ packId: idParamSchema });

/** Catalogue read side: card types, prefectures, banners, pack lists, lineups, pack detail. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.get('/user/card_type', {}, async ({ app }) => ({ list: await catalog.cardTypes(app.db) }));

  r.get('/user/pref_list', {}, async ({ app, request }) => ({
    list: await catalog.prefectures(app.db, request.lang),
  }));

  r.get('/user/banner', {}, async ({ app }) => catalog.banners(app.db));

  r.get('/user/pack/list', {}, async ({ app }) => ({ list: await catalog.packList(app.db, new Date()) }));

  r.post('/user/pack/list', { payload: packListFilterPayload }, async ({ app, payload }) => ({
    list: await catalog.packList(app.db, new Date(), payload.payment_method),
  }));

  r.get('/user/pack/all_list/:type/:page', { params: typePageParams }, async ({ app, params }) =>
    catalog.packPage(app.db, new Date(), params.type, params.page),
  );

  r.get('/user/pack/card_list/:packId/:page', { params: packPageParams }, async ({ app, params }) =>
    catalog.packCardPage(app.db, new Date(), params.packId, params.page),
  );

  r.get('/user/pack/detail/:packId', { params: packParams }, async ({ app, params, session }) => {
    const pack = await catalog.packDetail(app.db, new Date(), params.packId);
    // The pack a later check/buy means when its payload names none (design decision 1).
    if (session.userId !== null && session.data.packId !== pack.id) {
      await saveSessionData(app.db, session, { packId: pack.id });
    }
    return { pack };
  });
}
