import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { isMaintenance, switchMaintenance } from './settings.service.ts';

/** The maintenance switch in the console (console calls keep working while it is on). */
export default async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminMaintenance, async ({ app }) => ({
    maintenance: await isMaintenance(app.db),
  }));

  r.handle(apiRoutes.adminMaintenanceSave, async ({ app, actor, payload }) => {
    await switchMaintenance(app.db, payload.maintenance, actor);
    app.maintenance.invalidate();
    return { maintenance: payload.maintenance };
  });
}
