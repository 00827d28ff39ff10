import { DECISION_HOURS } from '@oripa/contract/gacha';
import type { Db, DbOrTx } from '../../db/client.ts';
import { debitMany, expireMembersPoints } from '../wallet/wallet.service.ts';
import { drawPrizes } from './draw-engine.ts';
import { approves } from './pending-check.ts';
import * as batchRepo from './purchase-batch.repo.ts';
import { lotPrizes } from './purchase.repo.ts';

/**
 * One buy: `count` packs of `packId` for the member of the session `sessionKey`. The batch reads
 * the session under its lock: it must have a member and a pending check of the same pack and
 * count (design decision 1), which the purchase spends.
 */
export interface BuyOrder {
  sessionKey: string;
  packId: number;
  count: number;
}

/** What became of an order; a refusal says why. */
export type OrderOutcome =
  | { ok: true; purchaseId: number }
  | { ok: false; refusal: 'login_required' | 'no_check' }
  | { ok: false; refusal: 'not_sellable' | 'insufficient'; currency: 'point' | 'coin'; userId: number };

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
 * One batch in one transaction: lock the pack, the orders' sessions and their members (lapsing
 * due points first where needed), accept orders in arrival order while checks, stock, limits and
 * balances allow, debit them all, draw their prizes from the lot's seed and record everything.
 */
async function runBatch(tx: DbOrTx, packId: number, orders: BuyOrder[]): Promise<OrderOutcome[]> {
  const now = new Date();
  const sessionKeys = [...new Set(orders.map((o) => o.sessionKey))].sort();
  let locks = await batchRepo.lockBatch(tx, packId, sessionKeys, now);
  if (locks.lapseDue.length > 0) {
    // Points past their date lapse before balances count (rare: the sweeper usually got there).
    await expireMembersPoints(tx, locks.lapseDue, now);
    locks = await batchRepo.lockBatch(tx, packId, sessionKeys, now);
  }
  const { pack, sessions, balances } = locks;
  const currency: 'point' | 'coin' = pack?.paymentMethod === '2' ? 'coin' : 'point';
  const bought =
    pack && pack.limitPerMember > 0
      ? await batchRepo.boughtByBuyers(tx, packId, [...balances.keys()])
      : new Map<number, number>();

  const outcomes: (OrderOutcome | undefined)[] = [];
  const accepted: (batchRepo.AcceptedPurchase & { index: number })[] = [];
  let remaining = pack?.remaining ?? 0;
  let drawFrom = pack?.drawn ?? 0;
  orders.forEach((order, index) => {
    const session = sessions.get(order.sessionKey);
    const userId = session?.userId ?? null;
    if (!session || userId === null) {
      outcomes[index] = { ok: false, refusal: 'login_required' };
      return;
    }
    const check = session.check;
    if (!approves(check, order.packId, order.count, now.getTime())) {
      outcomes[index] = { ok: false, refusal: 'no_check' };
      return;
    }
    const refuse = (refusal: 'not_sellable' | 'insufficient'): OrderOutcome => ({ ok: false, refusal, currency, userId });
    const balance = balances.get(userId);
    const owned = bought.get(userId) ?? 0;
    if (
      !pack ||
      !pack.onSale ||
      check?.point !== pack.point ||
      check.paymentMethod !== pack.paymentMethod ||
      order.count > remaining
    ) {
      outcomes[index] = refuse('not_sellable');
    } else if (pack.limitPerMember > 0 && owned + order.count > pack.limitPerMember) {
      outcomes[index] = refuse('not_sellable');
    } else if (
      !balance ||
      (currency === 'point' ? balance.point < pack.point * order.count : balance.coin < pack.point * order.count * 100)
    ) {
      outcomes[index] = refuse('insufficient');
    } else {
      const cost = pack.point * order.count;
      session.check = null; // one purchase per check, also within a batch
      if (currency === 'point') balance.point -= cost;
      else balance.coin -= cost * 100;
      bought.set(userId, owned + order.count);
      accepted.push({
        index,
        userId,
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

  if (pack && accepted.length > 0) {
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
