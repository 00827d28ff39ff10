import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { adminRoutes } from '../admin/admin-route.ts';
import { batchFile, couponUses, createCoupon, generateBatch, listCoupons, pauseCoupon } from './coupons.service.ts';

/** The console's coupons (decision 059): list with uses, create, pause, single-use batches and their CSV file. */
export default async function couponsAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = adminRoutes(app);
  r.handle(apiRoutes.adminCoupons, async ({ app, query }) => listCoupons(app.db, query));
  r.handle(apiRoutes.adminCouponCreate, async ({ app, actor, payload }) => ({ coupon: await createCoupon(app.db, payload, actor) }));
  r.handle(apiRoutes.adminCouponPause, async ({ app, actor, payload }) => ({ coupon: await pauseCoupon(app.db, payload.id, payload.paused, actor) }));
  r.handle(apiRoutes.adminCouponBatch, async ({ app, actor, payload }) => generateBatch(app.db, payload, actor));
  r.handle(apiRoutes.adminCouponBatchFile, async ({ app, query }) => batchFile(app.db, query.batch, query.encoding));
  r.handle(apiRoutes.adminCouponUses, async ({ app, params }) => couponUses(app.db, params.id));
}
