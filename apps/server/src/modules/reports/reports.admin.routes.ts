import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { packReport, periodReport, reportFile } from './reports.service.ts';

/** The console's reports (decision 047): per pack, per period, and their CSV files. Owners only. */
export default async function reportsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  r.handle(apiRoutes.adminReportPacks, async ({ app, query }) => packReport(app.db, query));
  r.handle(apiRoutes.adminReportPeriod, async ({ app, query }) => periodReport(app.db, query));
  r.handle(apiRoutes.adminReportFile, async ({ app, query }) => reportFile(app.db, query));
}
