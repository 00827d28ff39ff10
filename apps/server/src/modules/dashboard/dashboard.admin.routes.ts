import { dashboardResponse } from '@oripa/contract/admin-dashboard';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { dashboard } from './dashboard.service.ts';

/** The console's dashboard: read-only figures for every role with 'dashboard.read'. */
export default async function dashboardAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  r.get('/admin/dashboard', 'dashboard.read', { response: dashboardResponse }, async ({ app }) =>
    dashboard(app.db, new Date()),
  );
}
