import { maintenancePayload, maintenanceResponse } from '@oripa/contract/admin';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { isMaintenance, switchMaintenance } from './settings.service.ts';

/** The maintenance switch in the console (console calls keep working while it is on). */
export default async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/maintenance', 'maintenance.read', { response: maintenanceResponse }, async ({ app }) => ({
    maintenance: await isMaintenance(app.db),
  }));

  r.post('/admin/maintenance', 'maintenance.write', { payload: maintenancePayload, response: maintenanceResponse }, async ({ app, actor, payload }) => {
    await switchMaintenance(app.db, payload.maintenance, actor);
    app.maintenance.invalidate();
    return { maintenance: payload.maintenance };
  });
}
