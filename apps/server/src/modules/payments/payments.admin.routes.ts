import {
  adminCourseListResponse,
  outsidePaymentPayload,
  paymentCancelPayload,
  paymentChangeResponse,
  paymentConfirmPayload,
  paymentDetailResponse,
  paymentIdParams,
  paymentSearchQuery,
  paymentSearchResponse,
} from '@oripa/contract/admin-payments';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { cancelOverdue, confirmTransfer, coursesForConsole, findPayments, paymentDetail, recordOutside } from './payments-console.service.ts';

/**
 * Payments in the console: search, a payment's history, confirm a bank transfer, cancel an
 * overdue one, record money received outside the site.
 */
export default async function paymentsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/payments', 'payments.read', { query: paymentSearchQuery, response: paymentSearchResponse }, async ({ app, query }) => findPayments(app.db, query));

  r.get('/admin/payments/courses', 'payments.read', { response: adminCourseListResponse }, async ({ app }) => coursesForConsole(app.db));

  r.get('/admin/payments/:id', 'payments.read', { params: paymentIdParams, response: paymentDetailResponse }, async ({ app, params }) => paymentDetail(app.db, params.id));

  r.post('/admin/payments/confirm', 'payments.write', { payload: paymentConfirmPayload, response: paymentChangeResponse }, async ({ app, actor, payload }) =>
    confirmTransfer(app.db, payload.payment_id, payload.late, actor),
  );

  r.post('/admin/payments/cancel', 'payments.write', { payload: paymentCancelPayload, response: paymentChangeResponse }, async ({ app, actor, payload }) =>
    cancelOverdue(app.db, payload.payment_id, actor),
  );

  r.post('/admin/payments/record', 'payments.write', { payload: outsidePaymentPayload, response: paymentChangeResponse }, async ({ app, actor, payload }) =>
    recordOutside(app.db, payload, actor),
  );
}
