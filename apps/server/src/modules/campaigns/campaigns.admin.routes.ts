import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { campaignGrants, createCampaign, listCampaigns, pauseCampaign } from './campaigns.service.ts';

/** The console's campaigns (decision 060): list with state, budget used and payments; create; pause and resume. */
export default async function campaignsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  r.handle(apiRoutes.adminCampaigns, async ({ app }) => listCampaigns(app.db));
  r.handle(apiRoutes.adminCampaignCreate, async ({ app, actor, payload }) => ({ campaign: await createCampaign(app.db, payload, actor) }));
  r.handle(apiRoutes.adminCampaignPause, async ({ app, actor, payload }) => ({ campaign: await pauseCampaign(app.db, payload.id, payload.paused, actor) }));
  r.handle(apiRoutes.adminCampaignGrants, async ({ app, params }) => campaignGrants(app.db, params.id));
}
