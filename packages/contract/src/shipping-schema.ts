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

/** A card the member took in the exchange shop and its shipment. */
export const exchangeShipmentSchema = memberShipmentSchema.extend({
  card_name: z.string(),
  /** When the exchange was made (ISO). */
  created_at: z.string(),
});

/** GET /user/exchange/shipments: the member's latest exchanges with their shipments, newest first. */
export const exchangeShipmentsResponse = z.object({ list: z.array(exchangeShipmentSchema) });
export const EXCHANGE_SHIPMENTS_SHOWN = 50;
