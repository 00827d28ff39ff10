import { z } from 'zod';
import { CARRIERS, SHIPPING_STATES } from './shipping.ts';

/** A shipment as its member sees it: state, carrier, tracking number and the carrier's page. */
export const memberShipmentSchema = z.object({
  id: z.number().int(),
  state: z.enum(SHIPPING_STATES),
  carrier: z.union([z.enum(CARRIERS), z.literal('')]),
  tracking_number: z.string(),
  tracking_url: z.string(),
  shipped_at: z.string().nullable(),
});
