import { paymentCancelPayload, paymentChangeResponse, paymentConfirmPayload, paymentSearchQuery, paymentSearchResponse } from '@oripa/contract/admin-payments';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { cancelOverdue, confirmTransfer, findPayments } from './payments-console.service.ts';

/** Payments in the console: search, confirm a bank transfer, cancel an overdue one. */
export default async function paymentsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/payments', 'payments.read', { query: paymentSearchQuery, response: paymentSearchResponse }, async ({ app, query }) => findPayments(app.db, query));

  r.post('/admin/payments/confirm', 'payments.write', { payload: paymentConfirmPayload, response: paymentChangeResponse }, async ({ app, actor, payload }) =>
    confirmTransfer(app.db, payload.payment_id, payload.late, actor),
  );

  r.post('/admin/payments/cancel', 'payments.write', { payload: paymentCancelPayload, response: paymentChangeResponse }, async ({ app, actor, payload }) =>
    cancelOverdue(app.db, payload.payment_id, actor),
  );
}
