import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { coinHistoryPage, expiringPoints, pointHistoryPage } from './ledger-history.service.ts';

/** The member's point and coin histories (the ledgers), newest first. */
export default async function walletRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.pointList, async ({ app, userId, params, request }) =>
    pointHistoryPage(app.db, userId, params.page, request.lang),
  );

  r.handle(apiRoutes.pointExpiring, async ({ app, userId }) => expiringPoints(app.db, userId, new Date()));

  r.handle(apiRoutes.coinList, async ({ app, userId, params, request }) =>
    coinHistoryPage(app.db, userId, params.page, request.lang),
  );
}
