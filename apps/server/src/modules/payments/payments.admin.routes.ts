import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { cancelOverdue, confirmTransfer, coursesForConsole, findPayments, paymentDetail, recordOutside } from './payments-console.service.ts';

/**
 * Payments in the console: search, a payment's history, confirm a bank transfer, cancel an
 * overdue one, record money received outside the site.
 */
export default async function paymentsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.handle(apiRoutes.adminPayments, async ({ app, query }) => findPayments(app.db, query));

  r.handle(apiRoutes.adminPaymentsCourses, async ({ app }) => coursesForConsole(app.db));

  r.handle(apiRoutes.adminPaymentsById, async ({ app, params }) => paymentDetail(app.db, params.id));

  r.handle(apiRoutes.adminPaymentsConfirm, async ({ app, actor, payload }) =>
    confirmTransfer(app.db, payload.payment_id, payload.late, actor),
  );

  r.handle(apiRoutes.adminPaymentsCancel, async ({ app, actor, payload }) =>
    cancelOverdue(app.db, payload.payment_id, actor),
  );

  r.handle(apiRoutes.adminPaymentsRecord, async ({ app, actor, payload }) =>
    recordOutside(app.db, payload, actor),
  );
}
