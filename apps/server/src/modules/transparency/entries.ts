import type { Canonical } from '../../kernel/jcs.ts';

/** The log's entry types and their fields (docs/fairness/draw-v2.md §4), nothing else. */
export const commitmentEntry = (lotId: number, commitmentHash: string, document: Canonical): Canonical => ({
  type: 'commitment',
  lot_id: lotId,
  commitment_hash: commitmentHash,
  document,
});

export const purchaseEntry = (p: { lotId: number; seq: number; buyer: string; count: number; firstPack: number }): Canonical => ({
  type: 'purchase',
  lot_id: p.lotId,
  seq: p.seq,
  buyer: p.buyer,
  count: p.count,
  first_pack: p.firstPack,
});

export const drawEntry = (d: {
  lotId: number;
  seq: number;
  round: number;
  signature: string;
  prizes: number[];
  extras: { pack: number; id: number }[];
}): Canonical => ({
  type: 'draw',
  lot_id: d.lotId,
  seq: d.seq,
  round: d.round,
  signature: d.signature,
  prizes: d.prizes,
  extras: d.extras.map((e) => ({ pack: e.pack, id: e.id })),
});

export const withdrawalEntry = (lotId: number, reason: 'hidden' | 'stopped'): Canonical => ({
  type: 'withdrawal',
  lot_id: lotId,
  reason,
});

export type RevealReason = 'sold_out' | 'ended' | 'withdrawn' | 'deadline';

export const revealEntry = (lotId: number, seed: string, reason: RevealReason): Canonical => ({
  type: 'reveal',
  lot_id: lotId,
  seed,
  reason,
});
