import { decisionPayload, historyListPayload } from '@oripa/contract/gacha';
import { idParamSchema, pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routes } from '../../http/route.ts';
import { decide } from './decision.service.ts';
import { historyDetail, historyPage } from './history.service.ts';

/** The 24-hour card decision and the pack purchase history. */
export default async function holdingsRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.memberPost('/user/pack/decision', { payload: decisionPayload }, async ({ app, userId, payload }) =>
    decide(app.db, userId, payload),
  );

  r.memberPost(
    '/user/history/list/:page',
    { payload: historyListPayload, params: z.object({ page: pageParamSchema }) },
    async ({ app, userId, payload, params }) => historyPage(app.db, userId, payload.mode, params.page),
  );

  r.memberGet(
    '/user/history/detail/:packHistoryId',
    { params: z.object({ packHistoryId: idParamSchema }) },
    async ({ app, userId, params }) => historyDetail(app.db, userId, params.packHistoryId),
  );
}
