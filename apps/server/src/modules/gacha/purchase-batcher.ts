import { DECISION_HOURS } from '@oripa/contract/gacha';
import type { Db, DbOrTx } from '../../db/client.ts';
import { pauseRefusal } from '../../kernel/play-pause.ts';
import type { FieldError } from '../../kernel/errors.ts';
import { purchaseBatchCommitted } from '../../metrics/purchase-events.ts';
import { packStockChanged } from '../catalog/pack-snapshots.ts';
import { mailPackSummariesPart } from '../notifications/mail-events.ts';
import { debitManyPart, expireMembersPoints } from '../wallet/wallet.service.ts';
import { withDeadlockRetry } from '../../db/deadlock-retry.ts';
import { drawPrizes, type LotPrize } from './draw-engine.ts';
import { extrasWon, type ExtraRule } from '../catalog/extra-prizes.ts';
import { lotLineup } from './lot-lineup.repo.ts';
import { purchaseEntry } from '../transparency/entries.ts';
import { buyerTag, type Fairness } from '../transparency/fairness.ts';
import { appendEntriesPart, entryOf } from '../transparency/log.service.ts';
import { DRAW_ALGORITHM } from './draw-v2.ts';
import { approves } from './pending-check.ts';
import * as batchRepo from './purchase-batch.repo.ts';
import { memberFactsOf } from './member-facts.ts';
import { currencyOf, hasMemberConditions, saleRefusal, unitPrice, type MemberFacts } from './sale-rule.ts';

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
  | { ok: false; refusal: 'login_required' | 'no_check' | 'beacon_paused' }
  /** The member's time-out or self-exclusion runs (decision 043): the refusal names its end. */
  | { ok: false; refusal: 'member_paused'; error: FieldError }
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

  constructor(
    private readonly db: Db,
    private readonly fairness: Pick<Fairness, 'tagKey' | 'pauseAfterMs'>,
  ) {}

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
        // From inside the transaction (BEGIN answered) to its commit: about the time the pack is
        // locked, without the wait for a pool connection; a deadlock retry starts it again.
        let started = 0;
        try {
          const outcomes = await withDeadlockRetry(() =>
            this.db.transaction((tx) => {
              started = performance.now();
              return runBatch(
                tx,
                this.fairness,
                packId,
                batch.map((p) => p.order),
              );
            }),
          );
          // Before any buyer hears of it: no watcher asking later is shown the stock before this batch.
          packStockChanged(this.db, packId);
          batch.forEach((p, i) => p.resolve(outcomes[i] as OrderOutcome));
          purchaseBatchCommitted(this.db, batch.length, outcomes.filter((o) => o.ok).length, (performance.now() - started) / 1000);
        } catch (error) {
          // A commit whose answer was lost may have happened all the same.
          packStockChanged(this.db, packId);
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

/**
 * One batch in one transaction: lock the pack, the orders' sessions and their members (lapsing
 * due points first where needed), accept orders in arrival order while checks, stock, limits and
 * balances allow, debit them all, draw their prizes from the lot's seed and record everything.
 */
async function runBatch(
  tx: DbOrTx,
  fairness: Pick<Fairness, 'tagKey' | 'pauseAfterMs'>,
  packId: number,
  orders: BuyOrder[],
): Promise<OrderOutcome[]> {
  const now = new Date();
  const sessionKeys = [...new Set(orders.map((o) => o.sessionKey))].sort();
  let locks = await batchRepo.lockBatch(tx, packId, sessionKeys, now);
  if (locks.lapseDue.length > 0) {
    // Points past their date lapse before balances count (rare: the sweeper usually got there).
    await expireMembersPoints(tx, locks.lapseDue, now);
    locks = await batchRepo.lockBatch(tx, packId, sessionKeys, now);
  }
  const { pack, sessions, balances, pauses } = locks;
  const currency = pack ? currencyOf(pack) : 'point';
  const v2 = pack?.drawAlgorithm === DRAW_ALGORITHM;
  // A lot whose purchases wait for a beacon round far past its time sells nothing more until
  // the round comes (what was bought is drawn then).
  if (v2 && pack.oldestUndrawnAt && now.getTime() - pack.oldestUndrawnAt.getTime() > fairness.pauseAfterMs) {
    return orders.map(() => ({ ok: false, refusal: 'beacon_paused' }));
  }
  const bought =
    pack && pack.limitPerMember > 0
      ? await batchRepo.boughtByBuyers(tx, packId, [...balances.keys()])
      : new Map<number, number>();
  // A member-only or free daily pack (decision 056): what its conditions ask of each buyer, read
  // after the locks (the pack row serializes this pack's batches, so a free draw of today is seen);
  // a pack without conditions reads nothing more.
  const facts =
    pack && hasMemberConditions(pack)
      ? await memberFactsOf(tx, packId, [...balances.keys()], now)
      : new Map<number, MemberFacts>();

  const outcomes: (OrderOutcome | undefined)[] = [];
  const accepted: (batchRepo.AcceptedPurchase & { index: number; extraCards?: number })[] = [];
  // The lot as this batch leaves it so far: each accepted order draws after the previous one.
  const terms = pack && { ...pack };
  orders.forEach((order, index) => {
    const session = sessions.get(order.sessionKey);
    const userId = session?.userId ?? null;
    if (!session || userId === null) {
      outcomes[index] = { ok: false, refusal: 'login_required' };
      return;
    }
    const paused = pauseRefusal(pauses.get(userId) ?? null, now);
    if (paused) {
      outcomes[index] = { ok: false, refusal: 'member_paused', error: paused };
      return;
    }
    const check = session.check;
    if (!approves(check, order.packId, order.count, now.getTime())) {
      outcomes[index] = { ok: false, refusal: 'no_check' };
      return;
    }
    const refuse = (refusal: 'not_sellable' | 'insufficient'): OrderOutcome => ({ ok: false, refusal, currency, userId });
    const balance = balances.get(userId) ?? { point: 0, coinCents: 0 };
    const owned = bought.get(userId) ?? 0;
    // The price and currency the member agreed to at the check must still hold.
    if (!terms || check?.price !== terms.price || check.paymentMethod !== terms.paymentMethod) {
      outcomes[index] = refuse('not_sellable');
      return;
    }
    const memberFacts = facts.get(userId);
    const refusal = saleRefusal(terms, order.count, owned, balance, now, memberFacts);
    if (refusal) {
      outcomes[index] = refuse(refusal.code === 'gacha.points_short' || refusal.code === 'gacha.coins_short' ? 'insufficient' : 'not_sellable');
      return;
    }
    const cost = unitPrice(terms) * order.count;
    session.check = null; // one purchase per check, also within a batch
    // A later order of the same member in this batch sees this one (first purchase, today's free draw).
    if (memberFacts) {
      if (cost > 0) memberFacts.purchased = true;
      if (terms.freeDaily === true) memberFacts.drewToday = true;
    }
    if (currency === 'point') balance.point -= cost;
    else balance.coinCents -= cost * 100;
    bought.set(userId, owned + order.count);
    accepted.push({
      index,
      userId,
      count: order.count,
      cost,
      drawFrom: terms.drawnCount,
      sessionKey: order.sessionKey,
      prizeIds: [],
      seq: v2 ? pack.purchaseSeq + accepted.length + 1 : null,
      buyerTag: v2 ? buyerTag(fairness.tagKey, pack.id, userId) : null,
    });
    terms.drawnCount += order.count;
  });

  if (pack && accepted.length > 0) {
    const lineup = await lineupOf(tx, pack.id, pack.seed);
    // v2: nothing is drawn here; the cards follow from the beacon round after the purchase's
    // log entry is in a signed head (drawer.ts). The summary mail counts the extra prizes of the
    // range, which pack numbers alone decide.
    for (const a of accepted.filter(() => v2)) {
      a.extraCards = extrasWon(lineup.extras, pack.totalPackCount, a.drawFrom, a.count).length;
    }
    for (const a of accepted.filter(() => !v2)) {
      a.prizeIds = drawPrizes(pack.seed, lineup.lot, a.drawFrom, a.count);
      // Last-one and milestone prizes of the pack numbers this order drew: decided from its range
      // alone, recorded with its cards (after them, in pack-number order) in the same statement.
      if (lineup.extras.length > 0) {
        for (const extra of extrasWon(lineup.extras, pack.totalPackCount, a.drawFrom, a.count))
          a.prizeIds.push(extra.id);
      }
    }
    // Debit (ledger row each, lots oldest first), purchases, cards, counter, spent checks and the
    // members' purchase summaries: one statement, so one round trip while the pack row is locked.
    const debit = debitManyPart(
      currency,
      // A free draw (cost 0) debits nothing and writes no ledger row.
      accepted.filter((a) => a.cost > 0).map((a) => ({ userId: a.userId, amount: a.cost })),
      { reason: 'pack', ref: `pack:${pack.id}`, memo: pack.name, now },
    );
    const recorded = await batchRepo.recordBatch(
      tx,
      pack,
      accepted,
      now,
      new Date(now.getTime() + DECISION_HOURS * 3600_000),
      {
        debit,
        mails: (purchases) =>
          mailPackSummariesPart(
            { name: pack.name, currency },
            accepted.map((a) => ({ userId: a.userId, count: a.count, cost: a.cost, cards: v2 ? a.count + (a.extraCards ?? 0) : a.prizeIds.length })),
            purchases,
            now,
          ),
        log: v2
          ? appendEntriesPart(
              accepted.map((a) =>
                entryOf('purchase', pack.id, a.seq, purchaseEntry({ lotId: pack.id, seq: a.seq as number, buyer: a.buyerTag as string, count: a.count, firstPack: a.drawFrom + 1 })),
              ),
            )
          : undefined,
      },
    );
    debit.confirm(recorded.membersUpdated);
    accepted.forEach((a, i) => {
      outcomes[a.index] = { ok: true, purchaseId: recorded.ids[i] as number };
    });
  }
  return outcomes as OrderOutcome[];
}

/**
 * Lineups never change once a lot is on sale (the draw function numbers their slots), so each
 * instance keeps them in memory, keyed by the lot's seed, after the first read.
 */
const lineupCache = new Map<string, { lot: LotPrize[]; extras: ExtraRule[] }>();

async function lineupOf(tx: DbOrTx, packId: number, seed: string) {
  const key = `${packId}:${seed}`;
  let lineup = lineupCache.get(key);
  if (!lineup) {
    const rows = await lotLineup(tx, packId);
    lineup = {
      lot: rows.filter((r) => r.kind === 'lot').map((r) => ({ id: r.id, count: r.count })),
      extras: rows
        .filter((r) => r.kind === 'last_one' || r.kind === 'milestone')
        .map((r) => ({
          id: r.id,
          kind: r.kind as ExtraRule['kind'],
          at: r.milestoneAt,
          every: r.milestoneEvery,
        })),
    };
    if (rows.length > 0) lineupCache.set(key, lineup);
  }
  return lineup;
}
