import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { buyRank } from './ranks.service.ts';

/** Keeping a rank with coins (my page's maintain button). */
export default async function rankRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.buyRank, async ({ app, userId, payload, request }) =>
    buyRank(app.db, userId, payload.coin, payload.next_month_rank, request.lang, new Date()),
  );
}
