import { ACTION_TYPE, DECISION_RESULT } from '@oripa/contract/constants';
import { PURCHASE_RESULT, type DecisionPayload } from '@oripa/contract/gacha';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { isFreeDraw } from '../gacha/free-draw.service.ts';
import { purchasePackName } from '../gacha/purchase-name.service.ts';
import { mailDecisionSummary } from '../notifications/mail-events.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import * as repo from './holdings.repo.ts';

const mismatch = () => AppError.field('card', 'gacha.cards_mismatch', undefined, { result: PURCHASE_RESULT.refused });

/**
 * Credits converted cards' points in the same transaction that converted them; the cards of a
 * free daily draw with their own reason (decision 056), which the wallet keeps as free points.
 */
async function creditConversion(tx: DbOrTx, userId: number, purchaseId: number, points: number, key: string, now: Date) {
  if (points <= 0) return;
  await creditPoints(tx, {
    userId,
    amount: points,
    reason: (await isFreeDraw(tx, purchaseId)) ? 'free_draw_conversion' : 'conversion',
    ref: `purchase:${purchaseId}`,
    memo: `カード変換 ${await purchasePackName(tx, purchaseId)}`,
    idempotencyKey: key,
    now,
  });
}

/**
 * POST /user/pack/decision: ships `send_card` and converts `reduction_card` to points. Together
 * they must be exactly the undecided cards of one purchase of this member's (design decision 2);
 * ship-only cards cannot be converted; a card past its 24 hours cannot be decided. Deciding
 * again, or after the sweeper, changes nothing: `decidedBefore`, result '-1' (the route answers 204).
 */
export async function decide(db: Db, userId: number, payload: DecisionPayload, now = new Date()) {
  const send = payload.send_card;
  const reduce = payload.reduction_card;
  const ids = [...send, ...reduce];
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw mismatch();

  const outcome = await db.transaction(async (tx) => {
    const pending = await repo.lockPendingOf(tx, userId, ids);
    if (pending.length === 0) {
      if (await repo.ownsAny(tx, userId, ids)) {
        return { decidedBefore: true, result: DECISION_RESULT.alreadyDecided, send_count: 0, reduction_count: 0, reduction_point: 0 };
      }
      throw mismatch();
    }
    const purchaseId = pending[0]?.purchaseId as number;
    if (
      pending.length !== ids.length ||
      pending.some((h) => h.purchaseId !== purchaseId) ||
      (await repo.countPending(tx, purchaseId)) !== ids.length
    ) {
      throw mismatch();
    }
    if (pending.some((h) => h.deadlineAt <= now)) {
      // Too late: the cards go the way the sweeper would take them, now, so that what the answer
      // says (converted to points) is already true when the member reads it.
      await settleOverdue(tx, purchaseId, pending.map((h) => ({ ...h, userId })), now);
      return 'deadline_passed' as const;
    }
    const reduceSet = new Set(reduce);
    if (pending.some((h) => h.actionType === ACTION_TYPE.shipOnly && reduceSet.has(h.id))) {
      throw AppError.field('card', 'gacha.ship_only', undefined, { result: PURCHASE_RESULT.refused });
    }
    const requestId = send.length > 0 ? await repo.createShippingRequest(tx, userId, purchaseId, now) : null;
    await repo.settle(tx, send, 'ship', now, requestId);
    await repo.settle(tx, reduce, 'converted', now, null);
    const points = pending.filter((h) => reduceSet.has(h.id)).reduce((sum, h) => sum + h.buyPoint, 0);
    await creditConversion(tx, userId, purchaseId, points, `conversion:${purchaseId}:decision`, now);
    const packName = await purchasePackName(tx, purchaseId);
    await mailDecisionSummary(tx, { userId, purchaseId, packName, shipped: send.length, converted: reduce.length, points }, now);
    return { decidedBefore: false, result: DECISION_RESULT.ok, send_count: send.length, reduction_count: reduce.length, reduction_point: points };
  });
  if (outcome === 'deadline_passed') {
    throw AppError.field('card', 'gacha.deadline_passed', undefined, { result: PURCHASE_RESULT.refused });
  }
  return outcome;
}

const SWEEP_BATCH = 500;

/**
 * Sweeper job: cards left undecided for 24 hours are converted to points (ship-only cards are
 * shipped instead). Locked rows and the state check make a sweep racing a decision move every
 * card once and credit once.
 */
export async function settleExpiredHoldings(db: Db, now: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await db.transaction(async (tx) => {
      const due = await repo.lockDue(tx, now, SWEEP_BATCH);
      const byPurchase = new Map<number, repo.DueHolding[]>();
      for (const h of due) byPurchase.set(h.purchaseId, [...(byPurchase.get(h.purchaseId) ?? []), h]);
      for (const [purchaseId, cards] of byPurchase) await settleOverdue(tx, purchaseId, cards, now);
      return due.length;
    });
    total += moved;
    if (moved < SWEEP_BATCH) return total;
  }
}

/**
 * Settles locked cards of one purchase past their 24 hours: ship-only cards are shipped, the
 * rest converted to points, credited once (the key names the cards' first id).
 */
async function settleOverdue(tx: DbOrTx, purchaseId: number, cards: readonly repo.DueHolding[], now: Date) {
  const userId = (cards[0] as repo.DueHolding).userId;
  const ship = cards.filter((h) => h.actionType === ACTION_TYPE.shipOnly);
  const convert = cards.filter((h) => h.actionType !== ACTION_TYPE.shipOnly);
  if (ship.length > 0) {
    const requestId = (await repo.openRequestOf(tx, purchaseId)) ?? (await repo.createShippingRequest(tx, userId, purchaseId, now));
    await repo.settle(tx, ship.map((h) => h.id), 'ship', now, requestId);
  }
  await repo.settle(tx, convert.map((h) => h.id), 'converted', now, null);
  const points = convert.reduce((sum, h) => sum + h.buyPoint, 0);
  const firstId = Math.min(...cards.map((h) => h.id));
  await creditConversion(tx, userId, purchaseId, points, `conversion:${purchaseId}:sweep:${firstId}`, now);
}
