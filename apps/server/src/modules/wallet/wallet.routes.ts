import { coinHistoryPageResponse, expiringPointsResponse, pointHistoryPageResponse } from '@oripa/contract/payments';
import { pageParamSchema } from '@oripa/contract/wire';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routes } from '../../http/route.ts';
import { coinHistoryPage, expiringPoints, pointHistoryPage } from './ledger-history.service.ts';

const pageParams = z.object({ page: pageParamSchema });

/** The member's point and coin histories (the ledgers), newest first. */
export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.memberGet('/user/point/list/:page', { params: pageParams, response: pointHistoryPageResponse }, async ({ app, userId, params, request }) =>
    pointHistoryPage(app.db, userId, params.page, request.lang),
  );

  r.memberGet('/user/point/expiring', { response: expiringPointsResponse }, async ({ app, userId }) => expiringPoints(app.db, userId, new Date()));

  r.memberGet('/user/coin/list/:page', { params: pageParams, response: coinHistoryPageResponse }, async ({ app, userId, params, request }) =>
    coinHistoryPage(app.db, userId, params.page, request.lang),
  );
}
