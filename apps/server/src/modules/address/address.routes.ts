import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { lookupZipcode } from './address.service.ts';

/** Postal-code lookup for the address forms (Japanese mode). */
export default async function addressRoutes(app: FastifyInstance): Promise<void> {
  routes(app).handle(apiRoutes.addressZipcode, async ({ payload }) => ({
    result: lookupZipcode(payload.zipcode),
  }));
}
