import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { activeCampaigns } from './campaigns.service.ts';

/** The campaigns running now, for the shop's banners (decision 060). */
export default async function campaignRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);
  r.handle(apiRoutes.activeCampaigns, async ({ app, request }) => activeCampaigns(app.db, request.lang));
}
