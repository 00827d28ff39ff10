import { z } from 'zod';

/**
 * The transparency log's public API (docs/fairness/draw-v2.md §4-5): plain JSON, not the
 * member envelope, so a mirror or verifier needs nothing of the shop's wire format.
 */
const hex = z.string().regex(/^[0-9a-f]*$/);
const index = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const signedHeadSchema = z.object({
  tree_size: z.number().int(),
  timestamp: z.number().int(),
  root_hash: hex,
  log_id: hex,
  signature: hex,
});
export type SignedHeadWire = z.infer<typeof signedHeadSchema>;

export const logKeyResponse = z.object({ log_id: hex, public_key: hex, algorithm: z.literal('Ed25519') });

export const headsQuery = z.object({ from: index.default(0), to: index.optional() });
export const headsResponse = z.object({ heads: z.array(signedHeadSchema) });

/** At most 1000 entries a call. */
export const MAX_ENTRIES_PER_CALL = 1000;
export const entriesQuery = z.object({ start: index, end: index });
export const entriesResponse = z.object({ entries: z.array(z.object({ index: z.number().int(), entry: z.unknown() })) });

export const inclusionQuery = z.object({ index, tree_size: index });
export const inclusionResponse = z.object({ index: z.number().int(), tree_size: z.number().int(), inclusion_path: z.array(hex) });

export const consistencyQuery = z.object({ first: index, second: index });
export const consistencyResponse = z.object({ first: z.number().int(), second: z.number().int(), consistency_path: z.array(hex) });

export const mirrorQuery = z.object({ lot_id: z.coerce.number().int().min(1).max(2_147_483_647).optional() });
export const mirrorResponse = z.object({
  format: z.literal('oripa-mirror-v1'),
  log_public_key: hex,
  entries: z.array(z.object({ index: z.number().int(), entry: z.unknown() })),
  heads: z.array(signedHeadSchema),
  images: z.record(z.string(), z.string()),
});

/**
 * A member's receipt of a v2 purchase (docs/fairness/draw-v2.md §4): the purchase entry exactly
 * as logged (lot, seq, their per-lot buyer tag, packs), its leaf index and RFC 9162 inclusion
 * path against a signed head, and the beacon round its cards were drawn from. The standalone
 * verifier reads this object as it is (`oripa-verify --receipt`).
 */
export const purchaseReceiptSchema = z.object({
  leaf_index: z.number().int(),
  entry: z.object({
    type: z.literal('purchase'),
    lot_id: z.number().int(),
    seq: z.number().int(),
    buyer: z.string(),
    count: z.number().int(),
    first_pack: z.number().int(),
  }),
  inclusion_path: z.array(hex),
  head: signedHeadSchema,
  beacon_round: z.number().int().nullable(),
});
export type PurchaseReceipt = z.infer<typeof purchaseReceiptSchema>;
