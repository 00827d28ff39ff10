import { apiRoutes } from '@oripa/contract/api-routes';
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

  r.handle(apiRoutes.adminPaymentsRefunds, async ({ app, params }) =>
    refundsForConsole(app.db, params.id),
  );

  r.handle(apiRoutes.adminPaymentsRefund, async ({ app, actor, payload }) => {
    const { applied, refund } = await refundPayment(app.db, { paymentId: payload.payment_id, amount: payload.amount, reason: payload.reason, requestId: payload.request_id }, actor);
    return { applied, refund: refundView(refund) };
  });

  r.handle(apiRoutes.adminMembersReviews, async ({ app, params }) => ({
    reviews: await reviewsForConsole(app.db, params.id),
  }));
}
