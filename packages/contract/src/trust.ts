import { z } from 'zod';
import { pageInfoSchema } from './wire.ts';

/**
 * The public side of a lot (issue 14, decision 014): its commitment, live odds, draw log and
 * recent wins. Everything here is public: no member is named beyond a masked label.
 */

/** Names the draw function of decision 004, so a verifier knows which one to run. */
export const DRAW_ALGORITHM = 'oripa-feistel-v1';

// Draws a page of the public draw log holds: in constants.ts, so the pack page's trust panel
// reads it without loading zod.
export { DRAW_LOG_PAGE_SIZE } from './constants.ts';

/** Wins a recent-wins feed shows. */
export const RECENT_WINS_SIZE = 20;

/** How a prize is won: from the lot, by drawing its last pack, or by drawing a milestone pack. */
export const PRIZE_KIND = { lot: 'lot', lastOne: 'last_one', milestone: 'milestone' } as const;
export const prizeKindSchema = z.enum(['lot', 'last_one', 'milestone']);
export type PrizeKind = z.infer<typeof prizeKindSchema>;

/** Why a seed is public: the lot sold out, or its sale ended. */
export const revealReasonSchema = z.enum(['', 'sold_out', 'ended']);

/** A prize of a lot's committed lineup, in lineup order (the order the draw function numbers slots). */
export const committedPrizeSchema = z.object({
  prize_id: z.number().int(),
  name: z.string(),
  image_url: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  count: z.number().int(),
  /** Points one card of it converts to. */
  buy_point: z.number().int(),
});
export type CommittedPrize = z.infer<typeof committedPrizeSchema>;

/**
 * A prize outside the lot: a last-one prize goes to whoever draws pack number total_pack_count,
 * a milestone prize to pack numbers milestone_at, milestone_at + milestone_every, … (every 0:
 * only milestone_at). awarded lists the pack numbers that have won it so far.
 */
export const extraPrizeSchema = z.object({
  prize_id: z.number().int(),
  kind: z.enum(['last_one', 'milestone']),
  name: z.string(),
  image_url: z.string(),
  model_number: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  buy_point: z.number().int(),
  milestone_at: z.number().int(),
  milestone_every: z.number().int(),
  /** How many the lot gives in all, and how many are still to be won. */
  count: z.number().int(),
  remaining: z.number().int(),
});
export type ExtraPrize = z.infer<typeof extraPrizeSchema>;

export const commitmentSchema = z.object({
  pack_id: z.number().int(),
  pack_name: z.string(),
  /** oripa-feistel-v1 for lots committed before 0029; v2 lots carry `fairness` beside. */
  algorithm: z.enum([DRAW_ALGORITHM, 'oripa-draw-v2']),
  /** SHA-256 (hex) of the seed's hex text, published before the sale. */
  seed_hash: z.string(),
  /** ISO-8601 UTC. */
  committed_at: z.string(),
  total_pack_count: z.number().int(),
  drawn_count: z.number().int(),
  lineup: z.array(committedPrizeSchema),
  extras: z.array(extraPrizeSchema),
  /** The seed (hex) once the lot sold out or its sale ended; '' before. */
  seed: z.string(),
  reveal_reason: revealReasonSchema,
});
export type Commitment = z.infer<typeof commitmentSchema>;

/** Live odds of one prize: what is left and its chance of being the next pack drawn. */
export const prizeOddsSchema = z.object({
  prize_id: z.number().int(),
  initial: z.number().int(),
  remaining: z.number().int(),
  /** remaining / packs left (0 when none are left). */
  chance: z.number(),
});

/** Live odds of a rarity tier (display tier 0-3, as the lineup shows rarity). */
export const tierOddsSchema = z.object({
  tier: z.number().int(),
  initial: z.number().int(),
  remaining: z.number().int(),
  chance: z.number(),
});

export const oddsSchema = z.object({
  remaining_total: z.number().int(),
  tiers: z.array(tierOddsSchema),
  prizes: z.array(prizeOddsSchema),
  /** Points the next pack converts to on average (lot prizes only), rounded to 0.01. */
  expected_point: z.number(),
});
export type Odds = z.infer<typeof oddsSchema>;

/** GET /user/pack/trust/{pack_id}: commitment and live odds, never cached. */
/**
 * oripa-draw-v2 lots (decision 027, docs/fairness/draw-v2.md): what the trust panel shows —
 * the algorithm, the commitment document's hash, the beacon chain and whether it is independent
 * of the shop, the newest signed log head, the reveal deadline, and the seed once revealed.
 */
export const fairnessSchema = z.object({
  algorithm: z.literal('oripa-draw-v2'),
  commitment_hash: z.string(),
  beacon: z.object({ chain_hash: z.string(), independent: z.boolean() }),
  log_head: z.object({ tree_size: z.number().int(), root_hash: z.string(), timestamp: z.number().int() }).nullable(),
  /** ISO-8601 UTC: the seed is revealed by then whatever happens. */
  reveal_deadline: z.string(),
  /** The seed (hex) from the log's reveal entry; '' before. */
  seed: z.string(),
});
export type Fairness = z.infer<typeof fairnessSchema>;

export const packTrustResponse = z.object({ commitment: commitmentSchema, odds: oddsSchema, fairness: fairnessSchema.optional() });
export type PackTrust = z.infer<typeof packTrustResponse>;

/** One draw of the public log: pack number draw_number (from 1) held this prize. */
export const drawLogEntrySchema = z.object({
  draw_number: z.number().int(),
  /** ISO-8601 UTC time of the purchase. */
  created: z.string(),
  kind: prizeKindSchema,
  prize_id: z.number().int(),
  name: z.string(),
  image_url: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  /** The buyer, masked (e.g. 「山＊＊」). */
  member: z.string(),
});
export type DrawLogEntry = z.infer<typeof drawLogEntrySchema>;

/** GET /user/pack/draws/{pack_id}/{page}: draws in draw order, DRAW_LOG_PAGE_SIZE pack numbers a page. */
export const drawLogResponse = z.object({ list: z.array(drawLogEntrySchema), page: pageInfoSchema });
export type DrawLog = z.infer<typeof drawLogResponse>;

export const recentWinSchema = z.object({
  pack_id: z.number().int(),
  pack_name: z.string(),
  kind: prizeKindSchema,
  name: z.string(),
  image_url: z.string(),
  rarity: z.number().int(),
  rarity_label: z.string(),
  member: z.string(),
  created: z.string(),
});
export type RecentWin = z.infer<typeof recentWinSchema>;

/** GET /user/wins and /user/pack/wins/{pack_id}: wins at or above the operator's rarity threshold, newest first. */
export const recentWinsResponse = z.object({ min_rarity: z.number().int(), list: z.array(recentWinSchema) });

/** A share link's code: the 32 hex digits of a purchase's random code (never a card id). */
export const shareCodeSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** GET /user/share/{code}: a shared win, the card only (no member data at all). */
export const sharedWinResponse = z.object({
  card: z.object({
    pack_id: z.number().int(),
    pack_name: z.string(),
    name: z.string(),
    image_url: z.string(),
    rarity: z.number().int(),
    rarity_label: z.string(),
    created: z.string(),
  }),
});
export type SharedWin = z.infer<typeof sharedWinResponse>;
