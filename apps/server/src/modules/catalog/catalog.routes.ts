import {
  bannerResponse,
  cardTypeListResponse,
  packCardPageResponse,
  packDetailResponse,
  packListFilterPayload,
  packListResponse,
  packPageResponse,
  prefListResponse,
} from '@oripa/contract/catalog';
import { intField } from '@oripa/contract/fields';
import { idParamSchema, pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routes } from '../../http/route.ts';
import * as catalog from './catalog.service.ts';
import { packSnapshots } from './pack-snapshots.ts';

// type 0 is every card type; an id otherwise (the contract's integer field: nothing coerced).
const typePageParams = z.object({ type: intField({ min: 0 }), page: pageParamSchema });
const packPageParams = z.object({ packId: idParamSchema, page: pageParamSchema });
const packParams = z.object({ packId: idParamSchema });

/** Catalogue read side: card types, prefectures, banners, pack lists, lineups, pack detail. */
export default async function catalogRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);
  // Another instance's (or the CLI's) edit of a pack: its snapshots here are read again.
  app.ctx.changes.on('packs', () => packSnapshots(app.ctx.db).changedAll());

  r.get('/user/card_type', { response: cardTypeListResponse }, async ({ app, request }) => ({ list: await catalog.cardTypes(app.db, request.lang) }));

  r.get('/user/pref_list', { response: prefListResponse }, async ({ app, request }) => ({
    list: await catalog.prefectures(app.db, request.lang),
  }));

  r.get('/user/banner', { response: bannerResponse }, async ({ app }) => catalog.banners(app.db));

  r.get('/user/pack/list', { response: packListResponse }, async ({ app, request }) => ({
    list: await catalog.packList(app.db, new Date(), undefined, request.lang),
  }));

  r.post('/user/pack/list', { payload: packListFilterPayload, response: packListResponse }, async ({ app, payload, request }) => ({
    list: await catalog.packList(app.db, new Date(), payload.payment_method, request.lang),
  }));

  r.get('/user/pack/all_list/:type/:page', { params: typePageParams, response: packPageResponse }, async ({ app, params, request }) =>
    catalog.packPage(app.db, new Date(), params.type, params.page, request.lang),
  );

  r.get('/user/pack/card_list/:packId/:page', { params: packPageParams, response: packCardPageResponse }, async ({ app, params, request }) =>
    catalog.packCardPage(app.db, new Date(), params.packId, params.page, request.lang),
  );

  r.get('/user/pack/detail/:packId', { params: packParams, response: packDetailResponse }, async ({ app, params, session, request }) => ({
    pack: await catalog.viewPackDetail(app.db, new Date(), params.packId, session, request.lang, app.memberAllowance),
  }));
}
