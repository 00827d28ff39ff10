import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { redeemCoupon } from './coupons.service.ts';

/** The member redeems a coupon or promotion code for free points (decision 059). */
export default async function couponRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);
  r.handle(apiRoutes.redeemCoupon, async ({ app, request, userId, payload }) => redeemCoupon(app.db, userId, payload.code, request.lang));
}
