import { DECISION_HOURS } from '@oripa/contract/gacha';
import type { Db, DbOrTx } from '../../db/client.ts';
import { debitMany, expireMembersPoints } from '../wallet/wallet.service.ts';
import { drawPrizes } from './draw-engine.ts';
import * as batchRepo from './purchase-batch.repo.ts';
import { lotPrizes } from './purchase.repo.ts';

/** One member's buy, as approved by their check (design decision 1). */
export interface BuyOrder {
  userId: number;
  packId: number;
  count: number;
  /** Price as checked; the order fails if the pack's price or currency changed since. */
  point: number;
  paymentMethod: string;
  sessionKey: string;
  checkNonce: string;
}

/** Why an order was not bought. */
export type Refusal = 'check_used' | 'not_sellable' | 'insufficient';

export type OrderOutcome =
  { ok: true; purchaseId: number } | { ok: false; refusal: Refusal; currency: 'point' | 'coin' };

interface Pending {
  order: BuyOrder;
  resolve(outcome: OrderOutcome): void;
  reject(error: unknown): void;
}

/** Orders of one batch: enough to share a commit, few enough to keep one statement small. */
const MAX_ORDERS = 256;
const MAX_CARDS = 30_000;

/**
 * Buys of one pack share transactions (docs/decisions/005-purchase-batching.md): while a batch of a pack is being
 * committed, new orders for it queue; the next batch takes them all. An idle pack's order runs at
 * once, alone. Every batch locks the pack row first, so batches of several instances also run one
 * after another, and each order gets its own contiguous range of the lot.
 */
export class PurchaseBatcher {
  private readonly queues = new Map<number, Pending[]>();
  private readonly running = new Set<number>();

  constructor(private readonly db: Db) {}

  submit(order: BuyOrder): Promise<OrderOutcome> {
    return new Promise((resolve, reject) => {
      const queue = this.queues.get(order.packId) ?? [];
      queue.push({ order, resolve, reject });
      this.queues.set(order.packId, queue);
      if (!this.running.has(order.packId)) void this.drain(order.packId);
    });
  }

  private async drain(packId: number): Promise<void> {
    this.running.add(packId);
    try {
      for (;;) {
        const queue = this.queues.get(packId) ?? [];
        if (queue.length === 0) break;
        const batch = takeBatch(queue);
        try {
          const outcomes = await withDeadlockRetry(() =>
            this.db.transaction((tx) =>
              runBatch(
                tx,
                packId,
                batch.map((p) => p.order),
              ),
            ),
          );
          batch.forEach((p, i) => p.resolve(outcomes[i] as OrderOutcome));
        } catch (error) {
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.running.delete(packId);
      this.queues.delete(packId);
    }
  }
}

function takeBatch(queue: Pending[]): Pending[] {
  let cards = 0;
  let n = 0;
  while (
    n < queue.length &&
    n < MAX_ORDERS &&
    (n === 0 || cards + (queue[n] as Pending).order.count <= MAX_CARDS)
  ) {
    cards += (queue[n] as Pending).order.count;
    n += 1;
  }
  return queue.splice(0, n);
}

/** PostgreSQL may pick a batch as a deadlock victim; the whole batch is simply tried again. */
async function withDeadlockRetry<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const code =
        (error as { code?: string; cause?: { code?: string } }).code ??
        (error as { cause?: { code?: string } }).cause?.code;
      if (attempt >= 3 || (code !== '40P01' && code !== '40001')) throw error;
    }
  }
}

/**
 * One batch in one transaction: lapse due points, lock the pack, the sessions and the buyers, accept
 * orders in arrival order while stock, limits and balances allow, debit them all, draw their
 * prizes from the lot's seed and record everything.
 */
async function runBatch(tx: DbOrTx, packId: number, orders: BuyOrder[]): Promise<OrderOutcome[]> {
  const now = new Date();
  const userIds = [...new Set(orders.map((o) => o.userId))].sort((a, b) => a - b);
  // Points past their date lapse before balances are read (a no-op for most members).
  await expireMembersPoints(tx, userIds, now);
  const sessionKeys = [...new Set(orders.map((o) => o.sessionKey))].sort();
  const { pack, checks, balances } = await batchRepo.lockBatch(tx, packId, sessionKeys, userIds, now);
  const currency: 'point' | 'coin' = pack?.paymentMethod === '2' ? 'coin' : 'point';
  const refuse = (refusal: Refusal): OrderOutcome => ({ ok: false, refusal, currency });
  if (!pack || !pack.onSale) return orders.map(() => refuse('not_sellable'));

  const bought =
    pack.limitPerMember > 0 ? await batchRepo.boughtByBuyers(tx, packId, userIds) : new Map<number, number>();

  const outcomes: (OrderOutcome | undefined)[] = [];
  const accepted: (batchRepo.AcceptedPurchase & { index: number })[] = [];
  let remaining = pack.remaining;
  let drawFrom = pack.drawn;
  orders.forEach((order, index) => {
    const balance = balances.get(order.userId);
    const cost = pack.point * order.count;
    const owned = bought.get(order.userId) ?? 0;
    if (checks.get(order.sessionKey) !== order.checkNonce) {
      outcomes[index] = refuse('check_used');
    } else if (
      order.point !== pack.point ||
      order.paymentMethod !== pack.paymentMethod ||
      order.count > remaining
    ) {
      outcomes[index] = refuse('not_sellable');
    } else if (pack.limitPerMember > 0 && owned + order.count > pack.limitPerMember) {
      outcomes[index] = refuse('not_sellable');
    } else if (!balance || (currency === 'point' ? balance.point < cost : balance.coin < cost * 100)) {
      outcomes[index] = refuse('insufficient');
    } else {
      checks.delete(order.sessionKey); // one purchase per check, also within a batch
      if (currency === 'point') balance.point -= cost;
      else balance.coin -= cost * 100;
      bought.set(order.userId, owned + order.count);
      accepted.push({
        index,
        userId: order.userId,
        count: order.count,
        cost,
        drawFrom,
        sessionKey: order.sessionKey,
        prizeIds: [],
      });
      remaining -= order.count;
      drawFrom += order.count;
    }
  });

  if (accepted.length > 0) {
    await debitMany(
      tx,
      currency,
      accepted.map((a) => ({ userId: a.userId, amount: a.cost })),
      {
        reason: 'pack',
        ref: `pack:${pack.id}`,
        memo: pack.name,
        now,
      },
    );
    const lineup = await lineupOf(tx, pack.id, pack.seed);
    for (const a of accepted) a.prizeIds = drawPrizes(pack.seed, lineup, a.drawFrom, a.count);
    const ids = await batchRepo.recordBatch(
      tx,
      pack,
      accepted,
      now,
      new Date(now.getTime() + DECISION_HOURS * 3600_000),
    );
    accepted.forEach((a, i) => {
      outcomes[a.index] = { ok: true, purchaseId: ids[i] as number };
    });
  }
  return outcomes as OrderOutcome[];
}

/**
 * Lineups never change once a lot is on sale (the draw function numbers their slots), so each
 * instance keeps them in memory, keyed by the lot's seed, after the first read.
 */
const lineupCache = new Map<string, { id: number; count: number }[]>();

async function lineupOf(tx: DbOrTx, packId: number, seed: string) {
  const key = `${packId}:${seed}`;
  let lineup = lineupCache.get(key);
  if (!lineup) {
    lineup = await lotPrizes(tx, packId);
    if (lineup.length > 0) lineupCache.set(key, lineup);
  }
  return lineup;
}
