import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';

/** Lots with purchases waiting for their cards (v2), oldest first. */
export async function lotsWaiting(db: DbOrTx, limit: number): Promise<number[]> {
  const rows = await queryRows<{ pack_id: number }>(
    db,
    sql`select pack_id from purchases where drawn_at is null group by pack_id order by min(created_at) limit ${limit}`,
  );
  return rows.map((r) => r.pack_id);
}

export interface WaitingPurchase {
  id: number;
  seq: number;
  count: number;
  draw_from: number;
  user_id: number;
}

/** A lot's purchases waiting for their cards, in seq order. */
export function waitingPurchases(db: DbOrTx, lotId: number, limit: number): Promise<WaitingPurchase[]> {
  return queryRows(
    db,
    sql`select id, seq, count, draw_from, user_id from purchases
        where pack_id = ${lotId} and drawn_at is null order by seq limit ${limit}`,
  );
}

/** The drawer's state of a lot, locked; undefined when another instance is drawing it. */
export async function lockDrawState(db: DbOrTx, lotId: number): Promise<{ remaining: number[]; drawn_seq: number } | undefined> {
  const [row] = await queryRows<{ remaining: number[]; drawn_seq: number }>(
    db,
    sql`select remaining, drawn_seq from lot_draw_state where pack_id = ${lotId} for update skip locked`,
  );
  return row;
}

export async function saveDrawState(db: DbOrTx, lotId: number, remaining: number[], drawnSeq: number): Promise<void> {
  await db.execute(
    sql`update lot_draw_state set remaining = ${intArray(remaining)}::int[], drawn_seq = ${drawnSeq} where pack_id = ${lotId}`,
  );
}

/** What the drawer needs of the lot: its sealed seed, size, currency. */
export async function lotForDraw(
  db: DbOrTx,
  lotId: number,
): Promise<{ seed_sealed: string | null; total_pack_count: number; payment_method: string } | undefined> {
  const [row] = await queryRows<{ seed_sealed: string | null; total_pack_count: number; payment_method: string }>(
    db,
    sql`select seed_sealed, total_pack_count, payment_method from packs where id = ${lotId}`,
  );
  return row;
}

export interface DrawnCard {
  purchaseId: number;
  prizeId: number;
}

/**
 * Records the drawn cards of purchases: one holding per card (in the order given: a purchase's
 * lot cards in pack order, then its extra prizes in pack-number order, as the batch did for v1),
 * waiting for the member's decision from now, or shipped with the purchase's shipping request
 * for a coin pack; and marks the purchases drawn from `round`.
 */
export async function recordDrawnCards(
  db: DbOrTx,
  cards: readonly DrawnCard[],
  purchases: readonly { id: number; round: number }[],
  shipAll: boolean,
  now: Date,
  deadline: Date,
): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`with drawn as (
          update purchases p set drawn_at = ${now}, beacon_round = x.round
          from unnest(${intArray(purchases.map((p) => p.id))}::int[], ${intArray(purchases.map((p) => p.round))}::bigint[]) as x(id, round)
          where p.id = x.id and p.drawn_at is null
          returning p.id),
        cards as (
          insert into holdings (purchase_id, user_id, prize_id, name, image_url, rarity, model_number, num,
                                buy_point, action_type, state, deadline_at, decided_at, shipping_request_id)
          select pur.id, pur.user_id, z.id, z.name, z.image_url, z.rarity, z.model_number, z.num, z.buy_point, z.action_type,
                 case when ${shipAll} then 'ship' else 'pending' end, ${deadline},
                 case when ${shipAll} then ${now}::timestamptz end, ship.id
          from unnest(${intArray(cards.map((c) => c.purchaseId))}::int[], ${intArray(cards.map((c) => c.prizeId))}::int[])
               with ordinality as c(purchase_id, prize_id, ord)
          join purchases pur on pur.id = c.purchase_id
          join pack_prizes z on z.id = c.prize_id
          left join shipping_requests ship on ship.purchase_id = pur.id
          order by c.ord
          returning 1)
        select (select count(*) from cards)::int as n, (select count(*) from drawn)::int as drawn`,
  );
  return row?.n ?? 0;
}

/** Marks a lot's seed revealed (its `reveal` entry is appended in the same transaction). */
export async function markRevealed(db: DbOrTx, lotId: number, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update packs set revealed_at = ${now} where id = ${lotId} and revealed_at is null returning id`,
  );
  return rows.length > 0;
}

/** Whether any purchase of the lot still waits for its cards (read after the pack row is locked). */
export async function hasUndrawnPurchases(db: DbOrTx, lotId: number): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(db, sql`select 1 as one from purchases where pack_id = ${lotId} and drawn_at is null limit 1`);
  return rows.length > 0;
}

/** A lot's drawer state, unlocked (the trust panel's live odds). */
export async function drawState(db: DbOrTx, lotId: number): Promise<{ remaining: number[]; drawn_seq: number } | undefined> {
  const [row] = await queryRows<{ remaining: number[]; drawn_seq: number }>(db, sql`select remaining, drawn_seq from lot_draw_state where pack_id = ${lotId}`);
  return row;
}
