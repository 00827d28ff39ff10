import { paymentIdParams } from '@oripa/contract/admin-payments';
import { memberReviewsResponse, paymentRefundPayload, paymentRefundResponse, paymentRefundsResponse } from '@oripa/contract/admin-refunds';
import { memberIdParams } from '@oripa/contract/admin-members';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { refundsForConsole, reviewsForConsole } from './refunds-console.service.ts';
import { refundPayment, refundView } from './refunds.service.ts';

/**
 * Refunds in the console (decision 031): a payment's refunds and cap, an owner's refund, and a
 * member's refunds and chargebacks made at the provider (why the member is up for review).
 */
export default async function refundsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);

  r.get('/admin/payments/:id/refunds', 'payments.read', { params: paymentIdParams, response: paymentRefundsResponse }, async ({ app, params }) =>
    refundsForConsole(app.db, params.id),
  );

  r.post('/admin/payments/refund', 'payments.write', { payload: paymentRefundPayload, response: paymentRefundResponse }, async ({ app, actor, payload }) => {
    const { applied, refund } = await refundPayment(app.db, { paymentId: payload.payment_id, amount: payload.amount, reason: payload.reason, requestId: payload.request_id }, actor);
    return { applied, refund: refundView(refund) };
  });

  r.get('/admin/members/:id/reviews', 'payments.read', { params: memberIdParams, response: memberReviewsResponse }, async ({ app, params }) => ({
    reviews: await reviewsForConsole(app.db, params.id),
  }));
}
