import { zipcodePayload, zipcodeResponse } from '@oripa/contract/address';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { lookupZipcode } from './address.service.ts';

/** Postal-code lookup for the address forms (Japanese mode). */
export default async function addressRoutes(app: FastifyInstance): Promise<void> {
  routes(app).post('/address/zipcode', { payload: zipcodePayload, response: zipcodeResponse }, async ({ payload }) => ({
    result: lookupZipcode(payload.zipcode),
  }));
}
