import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { listAdminRanks, updateRank } from './ranks-admin.service.ts';

/** Ranks in the console: thresholds, coin-back rate, coins to keep, names (ja/en), icon. */
export default async function ranksAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminRanks, async ({ app }) => ({ ranks: await listAdminRanks(app.db) }));

  r.handle(apiRoutes.adminRanksUpdate, async ({ app, actor, payload }) => {
    const { rank_id, ...edit } = payload;
    return { rank: await updateRank(app.db, rank_id, edit, actor) };
  });
}
