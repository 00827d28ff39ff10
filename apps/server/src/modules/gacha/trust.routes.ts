import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { drawLog, packTrust, recentWins, sharedWin } from './lot-trust.service.ts';
import { mirrorDocument } from './lot-mirror.service.ts';
import { mirrorQuery } from '@oripa/contract/transparency';
import { apiRoutes } from '@oripa/contract/api-routes';

/**
 * The public side of lots (decision 014): commitment and live odds, the draw log, recent wins and
 * shared wins. Anyone may read them; counts change with every purchase, so nothing is cached.
 */
export default async function trustRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.packTrust, async ({ app, request, params, reply }) => {
      void reply.header('cache-control', 'no-store');
      return packTrust(app.db, app.fairness, params.packId, new Date(), request.lang);
    },
  );

  r.handle(apiRoutes.packDraws, async ({ app, request, params, reply }) => {
      void reply.header('cache-control', 'no-store');
      return drawLog(app.db, app.fairness.tagKey, params.packId, params.page, request.lang);
    },
  );

  r.handle(apiRoutes.packWins, async ({ app, request, params, reply }) => {
      void reply.header('cache-control', 'no-store');
      return recentWins(app.db, app.fairness.tagKey, params.packId, request.lang);
    },
  );

  r.handle(apiRoutes.wins, async ({ app, request, reply }) => {
    void reply.header('cache-control', 'no-store');
    return recentWins(app.db, app.fairness.tagKey, null, request.lang);
  });

  // The mirror document of the transparency log (plain JSON, docs/fairness/draw-v2.md §5).
  app.get('/transparency/mirror', { config: { outsideEnvelope: 'transparency' } }, async (request, reply) => {
    const q = mirrorQuery.safeParse(request.query);
    if (!q.success) return reply.code(400).send({ error: 'lot_id is a lot number' });
    return reply.header('cache-control', 'no-store').send(await mirrorDocument(app.ctx.db, app.ctx.fairness, q.data.lot_id));
  });

  r.handle(apiRoutes.share, async ({ app, request, params }) =>
    sharedWin(app.db, params.code, request.lang),
  );
}
