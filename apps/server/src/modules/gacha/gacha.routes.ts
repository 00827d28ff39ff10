import { packBuyPayload, packCheckPayload, purchaseResultQuery } from '@oripa/contract/gacha';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { buyPacks, checkPurchase } from './purchase.service.ts';
import { purchaseResult } from './results.service.ts';

/** Pack purchase: check, buy, and the results for the reveal and the card choice. */
export default async function gachaRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.memberPost('/user/pack/check', { payload: packCheckPayload }, async ({ app, session, userId, payload }) =>
    checkPurchase(app.db, session, userId, payload.count, payload.pack_id),
  );

  r.memberPost('/user/pack/buy', { payload: packBuyPayload }, async ({ app, session, userId, payload }) =>
    buyPacks(app.db, session, userId, payload),
  );

  r.memberGet(
    '/user/pack/gache_result',
    { query: purchaseResultQuery },
    async ({ app, session, userId, query }) =>
      purchaseResult(app.db, session, userId, query.pack_history_id, 'all'),
  );

  r.memberGet(
    '/user/pack/buy_result',
    { query: purchaseResultQuery },
    async ({ app, session, userId, query }) =>
      purchaseResult(app.db, session, userId, query.pack_history_id, 'undecided'),
  );
}
