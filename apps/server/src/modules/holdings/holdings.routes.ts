import {
  decisionPayload,
  decisionResponse,
  historyDetailResponse,
  historyListPayload,
  historyListResponse,
} from '@oripa/contract/gacha';
import { STATE } from '@oripa/contract/states';
import { idParamSchema, pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routes } from '../../http/route.ts';
import { decide } from './decision.service.ts';
import { historyDetail, historyPage } from './purchase-history.service.ts';

/** The 24-hour card decision and the pack purchase history. */
export default async function holdingsRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.memberPost('/user/pack/decision', { payload: decisionPayload, response: decisionResponse }, async ({ app, userId, payload }) => {
    const { decidedBefore, ...answer } = await decide(app.db, userId, payload);
    return decidedBefore ? { state: STATE.noContent, ...answer } : answer;
  });

  r.memberPost(
    '/user/history/list/:page',
    { payload: historyListPayload, params: z.object({ page: pageParamSchema }), response: historyListResponse },
    async ({ app, request, userId, payload, params }) => historyPage(app.db, userId, payload.mode, params.page, request.lang),
  );

  r.memberGet(
    '/user/history/detail/:packHistoryId',
    { params: z.object({ packHistoryId: idParamSchema }), response: historyDetailResponse },
    async ({ app, request, userId, params }) => historyDetail(app.db, userId, params.packHistoryId, request.lang, app.memberShipments),
  );
}
