import { DECISION_HOURS } from '@oripa/contract/gacha';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { Db } from '../../db/client.ts';
import { roundSignature } from '../beacon/beacon.service.ts';
import { nextRound } from '../beacon/chain.ts';
import { openSeed } from '../catalog/seed-seal.ts';
import { drawEntry, revealEntry } from '../transparency/entries.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { appendEntries, entryOf, purchaseHeadTimes, type NewEntry } from '../transparency/log.service.ts';
import { drawPurchase } from './draw-v2.ts';
import * as repo from './drawer.repo.ts';
import { extrasWon, type ExtraRule } from '../catalog/extra-prizes.ts';
import { lotLineup } from './lot-lineup.repo.ts';

/** Purchases one transaction draws at most (a lot's backlog after an outage goes in steps). */
const STEP = 1000;

/**
 * Draws the recorded purchases whose beacon round exists (docs/fairness/draw-v2.md §3), lot by
 * lot, strictly in seq order: R = nextRound(T_head) of the first signed head covering the
 * purchase's entry; a purchase whose round cannot be had yet stops its lot's draws (later ones
 * wait behind it). Safe with many instances: a lot's drawer state is locked with SKIP LOCKED,
 * and a purchase is only drawn once (`drawn_at is null`). Returns the purchases drawn.
 */
export async function drawReadyPurchases(db: Db, fairness: Fairness, now = Date.now()): Promise<number> {
  let drawn = 0;
  for (const lotId of await repo.lotsWaiting(db, 50)) {
    // A backlog (a flash sale, a beacon outage) goes in steps of STEP purchases.
    for (;;) {
      const n = await drawLot(db, fairness, lotId, now);
      drawn += n;
      if (n < STEP) break;
    }
  }
  return drawn;
}

async function drawLot(db: Db, fairness: Fairness, lotId: number, now: number): Promise<number> {
  const waiting = await repo.waitingPurchases(db, lotId, STEP);
  const headTimes = await purchaseHeadTimes(db, lotId, waiting.map((p) => p.seq));
  // The rounds are fetched before the transaction: a relay's answer never holds a lock.
  const ready: (repo.WaitingPurchase & { round: number; signature: string })[] = [];
  const signatures = new Map<number, string | undefined>();
  for (const purchase of waiting) {
    const headTime = headTimes.get(purchase.seq);
    if (headTime === undefined) break;
    const round = nextRound(fairness.beacon.chain, headTime);
    if (!signatures.has(round)) signatures.set(round, await roundSignature(db, fairness.beacon, round, now));
    const signature = signatures.get(round);
    if (signature === undefined) break;
    ready.push({ ...purchase, round, signature });
  }
  if (ready.length === 0) return 0;
  return db.transaction(async (tx) => {
    const state = await repo.lockDrawState(tx, lotId);
    if (!state) return 0;
    const lot = await repo.lotForDraw(tx, lotId);
    if (!lot?.seed_sealed) throw new Error(`lot ${lotId} has purchases to draw but no sealed seed`);
    const seed = openSeed(fairness.seedKey, lotId, lot.seed_sealed);
    const rows = await lotLineup(tx, lotId);
    const prizeIds = rows.filter((r) => r.kind === 'lot').map((r) => r.id);
    const extras: ExtraRule[] = rows
      .filter((r) => r.kind === 'last_one' || r.kind === 'milestone')
      .map((r) => ({ id: r.id, kind: r.kind as ExtraRule['kind'], at: r.milestoneAt, every: r.milestoneEvery }));
    const remaining = [...state.remaining];
    let drawnSeq = state.drawn_seq;
    const cards: repo.DrawnCard[] = [];
    const entries: NewEntry[] = [];
    const done: { id: number; round: number }[] = [];
    for (const p of ready) {
      if (p.seq <= drawnSeq) continue; // drawn by another instance meanwhile
      if (p.seq !== drawnSeq + 1) break; // strictly in seq order
      const indexes = drawPurchase({ seed, lotId, seq: p.seq, count: p.count, signature: Buffer.from(p.signature, 'hex'), remaining });
      const won = extrasWon(extras, lot.total_pack_count, p.draw_from, p.count);
      for (const i of indexes) cards.push({ purchaseId: p.id, prizeId: prizeIds[i] as number });
      for (const e of won) cards.push({ purchaseId: p.id, prizeId: e.id });
      entries.push(
        entryOf(
          'draw',
          lotId,
          p.seq,
          drawEntry({
            lotId,
            seq: p.seq,
            round: p.round,
            signature: p.signature,
            prizes: indexes.map((i) => i + 1),
            extras: won.map((e) => ({ pack: e.number, id: e.id })),
          }),
        ),
      );
      done.push({ id: p.id, round: p.round });
      drawnSeq = p.seq;
    }
    if (done.length === 0) return 0;
    const at = new Date(now);
    await repo.recordDrawnCards(tx, cards, done, lot.payment_method === PAYMENT_METHOD.coins, at, new Date(now + DECISION_HOURS * 3600_000));
    await repo.saveDrawState(tx, lotId, remaining, drawnSeq);
    // Sold out and every pack drawn: the seed comes out with the last draw.
    if (remaining.every((n) => n === 0) && (await repo.markRevealed(tx, lotId, at))) {
      entries.push(entryOf('reveal', lotId, null, revealEntry(lotId, seed.toString('hex'), 'sold_out')));
    }
    await appendEntries(tx, entries);
    return done.length;
  });
}
