import { maintenancePayload, maintenanceResponse } from '@oripa/contract/admin';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { recordAudit } from '../admin/audit.service.ts';
import { isMaintenance, setMaintenance } from './settings.service.ts';

/** The maintenance switch in the console (console calls keep working while it is on). */
export default async function settingsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/maintenance', 'maintenance.read', { response: maintenanceResponse }, async ({ app }) => ({
    maintenance: await isMaintenance(app.db),
  }));

  r.post('/admin/maintenance', 'maintenance.write', { payload: maintenancePayload, response: maintenanceResponse }, async ({ app, actor, payload }) => {
    await app.db.transaction(async (tx) => {
      const before = await isMaintenance(tx);
      await setMaintenance(tx, payload.maintenance);
      await recordAudit(tx, actor, { action: 'maintenance.set', target: 'maintenance', before: { maintenance: before }, after: { maintenance: payload.maintenance } });
    });
    app.maintenance.invalidate();
    return { maintenance: payload.maintenance };
  });
}
