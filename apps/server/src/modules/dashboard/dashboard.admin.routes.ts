import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { dashboard } from './dashboard.service.ts';

/** The console's dashboard: read-only figures for every role with 'dashboard.read'. */
export default async function dashboardAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  r.handle(apiRoutes.adminDashboard, async ({ app }) =>
    dashboard(app.db, new Date()),
  );
}
