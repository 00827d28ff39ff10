import type { DbOrTx } from '../../db/client.ts';
import { isFreeDraw } from '../gacha/free-draw.service.ts';
import { purchasePackName } from '../gacha/purchase-name.service.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import { convertedPointsOf, convertShipCards } from './cancelled-shipping.repo.ts';

/**
 * A cancelled shipping request of a point pack's cards (issue 13): its cards become points
 * instead, credited through the ledger in the caller's transaction, once. Twice is safe: the
 * cards move only from 'ship' and the ledger key names the request. Answers the points credited
 * now (0 when there was nothing left to convert).
 */
export async function convertCancelledShipment(tx: DbOrTx, requestId: number, now: Date): Promise<number> {
  const cards = await convertShipCards(tx, requestId);
  const first = cards[0];
  if (!first) return 0;
  const points = cards.reduce((sum, c) => sum + c.buyPoint, 0);
  if (points <= 0) return 0;
  const { applied } = await creditPoints(tx, {
    userId: first.userId,
    amount: points,
    // Cards of a free daily draw keep their own reason (decision 056).
    reason: (await isFreeDraw(tx, first.purchaseId)) ? 'free_draw_conversion' : 'conversion',
    ref: `purchase:${first.purchaseId}`,
    memo: `カード変換 ${await purchasePackName(tx, first.purchaseId)}`,
    idempotencyKey: `shipping:${requestId}:convert`,
    now,
  });
  // The cards moved just now, so the key cannot have been used: a used key means a bug, roll back.
  if (!applied) throw new Error(`shipping request ${requestId}: conversion credited before`);
  return points;
}

/** Points converted after a cancel, by request id. */
export function convertedPoints(tx: DbOrTx, requestIds: readonly number[]): Promise<Map<number, number>> {
  return convertedPointsOf(tx, requestIds);
}
