import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { claimLoginBonus } from './bonuses.service.ts';

/** The member's login bonus: the web app claims it on the first visit of the day (decision 055). */
export default async function bonusRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.loginBonus, async ({ app, userId }) => claimLoginBonus(app.db, userId));
}
