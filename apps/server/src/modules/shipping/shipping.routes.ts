import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { exchangeShipments } from './shipping-queue.service.ts';

/** Members' side of shipping: their exchanges' shipments (pack purchases show theirs in the history detail). */
export default async function shippingRoutes(app: FastifyInstance): Promise<void> {
  const r = routes(app);

  r.handle(apiRoutes.exchangeShipments, async ({ app, request, userId }) => exchangeShipments(app.db, userId, request.lang));
}
