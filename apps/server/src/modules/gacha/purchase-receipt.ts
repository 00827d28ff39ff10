import type { PurchaseReceipt } from '@oripa/contract/transparency';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { inclusionProof, leafIndexOf, newestHead } from '../transparency/log.service.ts';
import { pumpFor } from './fairness-pump.ts';
import { isDrawn } from './purchase.repo.ts';
import { PURCHASE_RESULT } from '@oripa/contract/gacha';

/** How long a result call waits for a purchase's cards before answering "not yet". */
export const RESULT_WAIT_MS = 10_000;
const POLL_MS = 200;

/**
 * Waits (bounded) until a v2 purchase's cards are drawn: the reveal's opening covers the few
 * seconds until the beacon round after its log entry exists. Each turn asks this instance's
 * pump for a tick (sign a head, draw what is ready) rather than waiting for the next one. Past
 * the bound it answers a retryable "cards pending" refusal; the cards still come.
 */
export async function awaitCards(db: Db, fairness: Fairness, purchaseId: number, waitMs = RESULT_WAIT_MS): Promise<void> {
  const until = Date.now() + waitMs;
  for (;;) {
    await pumpFor(db, fairness).kick(true);
    if ((await isDrawn(db, purchaseId))?.drawnAt) return;
    if (Date.now() + POLL_MS > until) break;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw AppError.field('result', 'fairness.cards_pending', undefined, { result: PURCHASE_RESULT.refused, cards: [] });
}

/** The member's receipt of a v2 purchase: its log entry, leaf index and inclusion path against the newest head. */
export async function purchaseReceipt(
  db: Db,
  fairness: Fairness,
  purchase: { packId: number; seq: number; buyerTag: string; count: number; drawFrom: number; beaconRound: number | null },
): Promise<PurchaseReceipt | undefined> {
  const leafIndex = await leafIndexOf(db, 'purchase', purchase.packId, purchase.seq);
  const head = await newestHead(db, fairness.signer);
  if (leafIndex === null || leafIndex === undefined || !head || head.tree_size <= leafIndex) return undefined;
  const path = await inclusionProof(db, leafIndex, head.tree_size);
  if (!path) return undefined;
  return {
    leaf_index: leafIndex,
    entry: { type: 'purchase', lot_id: purchase.packId, seq: purchase.seq, buyer: purchase.buyerTag, count: purchase.count, first_pack: purchase.drawFrom + 1 },
    inclusion_path: path,
    head,
    beacon_round: purchase.beaconRound,
  };
}
