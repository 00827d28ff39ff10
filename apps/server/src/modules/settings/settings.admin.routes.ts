import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { invoiceRegistrationNumber, isMaintenance, pointSettings, saveInvoiceRegistrationNumber, savePointSettings, switchMaintenance } from './settings.service.ts';

/**
 * The maintenance switch in the console (console calls keep working while it is on), and the
 * invoice registration number the receipts show (every role reads it, owners change it).
 */
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

  r.handle(apiRoutes.adminInvoice, async ({ app }) => ({
    registration_number: await invoiceRegistrationNumber(app.db),
  }));

  r.handle(apiRoutes.adminInvoiceSave, async ({ app, actor, payload }) => ({
    registration_number: await saveInvoiceRegistrationNumber(app.db, payload.registration_number, actor),
  }));

  r.handle(apiRoutes.adminPointSettings, async ({ app }) => ({ settings: await pointSettings(app.db) }));

  r.handle(apiRoutes.adminPointSettingsSave, async ({ app, actor, payload }) => ({
    settings: await savePointSettings(app.db, payload, actor),
  }));
}
