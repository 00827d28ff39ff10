import { STATE } from '@oripa/contract/states';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { decide } from './decision.service.ts';
import { historyDetail, historyPage } from './purchase-history.service.ts';

/** The 24-hour card decision and the pack purchase history. */
export default async function holdingsRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.packDecision, async ({ app, userId, payload }) => {
    const { decidedBefore, ...answer } = await decide(app.db, userId, payload);
    return decidedBefore ? { state: STATE.noContent, ...answer } : answer;
  });

  r.handle(apiRoutes.historyList, async ({ app, request, userId, payload, params }) => historyPage(app.db, userId, payload.mode, params.page, request.lang),
  );

  r.handle(apiRoutes.historyDetail, async ({ app, request, userId, params }) => historyDetail(app.db, userId, params.packHistoryId, request.lang, app.memberShipments),
  );
}
