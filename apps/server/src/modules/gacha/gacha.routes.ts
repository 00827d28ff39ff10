import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { buyPacks, checkPurchase } from './pack-purchase.service.ts';
import { purchaseResult } from './results.service.ts';
import { pumpFor } from './fairness-pump.ts';

/** Pack purchase: check, buy, and the results for the reveal and the card choice. */
export default async function gachaRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);
  // oripa-draw-v2's heartbeat: heads, draws and reveals (fairness-pump.ts), stopped with the app.
  const pump = pumpFor(app.ctx.db, app.ctx.fairness, (err) => app.log.error({ err }, 'fairness pump failed'));
  pump.start();
  app.addHook('onClose', () => pump.stop());

  // The purchase hot path reads the session in its own statements (one round trip less each).
  r.handle(apiRoutes.packCheck, async ({ app, sessionKey, payload }) =>
    checkPurchase(app.db, sessionKey, payload.count, payload.pack_id),
  );

  r.handle(apiRoutes.packBuy, async ({ app, sessionKey, readSession, payload }) =>
    buyPacks(app.db, app.fairness, sessionKey, readSession, payload),
  );

  r.handle(apiRoutes.packGacheResult, async ({ app, request, session, userId, query }) =>
      purchaseResult(app.db, app.fairness, app.purchaseCards, session, userId, query.pack_history_id, 'all', request.lang),
  );

  r.handle(apiRoutes.packBuyResult, async ({ app, request, session, userId, query }) =>
      purchaseResult(app.db, app.fairness, app.purchaseCards, session, userId, query.pack_history_id, 'undecided', request.lang),
  );
}
