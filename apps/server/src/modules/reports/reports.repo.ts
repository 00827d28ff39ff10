import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/*
 * The reports read the whole shop's tables, read-only (decision 047): purchases and the cards
 * they won per pack, the point ledger, refunds, members and payments. [start, end) are instants.
 */

export interface PackFigureRow {
  pack_id: number;
  name: string;
  payment_method: string;
  packs_sold: number;
  points_spent: number;
  /** Of points_spent, free points: the pack debits' free part in the point ledger (decision 055). */
  free_points_spent: number;
  coins_spent: number;
  cards_won: number;
  cards_converted: number;
  points_returned: number;
  cards_shipped: number;
  /** What the cards won cost the shop, in yen, where their prize has a cost (decision 050). */
  prize_cost: number;
  /** Cards won whose prize has no cost entered (the report says the cost is partial). */
  cards_without_cost: number;
}

/**
 * Per pack, the purchases made in the period and the cards they won, whatever was decided
 * later: a purchase's conversions and shipments count with the purchase (its cohort).
 */
export function packFigures(db: DbOrTx, start: Date, end: Date): Promise<PackFigureRow[]> {
  const s = start.toISOString();
  const e = end.toISOString();
  return queryRows<PackFigureRow>(
    db,
    sql`
    with bought as (
      select pack_id, sum(count)::int as packs_sold,
             coalesce(sum(cost) filter (where payment_method = ${PAYMENT_METHOD.points}), 0)::int as points_spent,
             coalesce(sum(cost) filter (where payment_method = ${PAYMENT_METHOD.coins}), 0)::int as coins_spent
        from purchases
       where created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz
       group by pack_id),
    won as (
      select p.pack_id, count(*)::int as cards_won,
             count(*) filter (where h.state = 'converted')::int as cards_converted,
             coalesce(sum(h.buy_point) filter (where h.state = 'converted'), 0)::int as points_returned,
             count(*) filter (where h.state = 'ship')::int as cards_shipped,
             coalesce(sum(pp.cost_yen), 0)::bigint as prize_cost,
             count(*) filter (where pp.cost_yen is null)::int as cards_without_cost
        from holdings h join purchases p on p.id = h.purchase_id
        left join pack_prizes pp on pp.id = h.prize_id
       where p.created_at >= ${s}::timestamptz and p.created_at < ${e}::timestamptz
       group by p.pack_id),
    free as (
      select split_part(ref, ':', 2)::int as pack_id, coalesce(-sum(free_delta), 0)::int as free_points_spent
        from point_ledger
       where reason = 'pack' and ref ~ '^pack:[0-9]+$' and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz
       group by 1)
    select b.pack_id, pk.name, pk.payment_method, b.packs_sold, b.points_spent,
           least(coalesce(f.free_points_spent, 0), b.points_spent) as free_points_spent, b.coins_spent,
           coalesce(w.cards_won, 0) as cards_won, coalesce(w.cards_converted, 0) as cards_converted,
           coalesce(w.points_returned, 0) as points_returned, coalesce(w.cards_shipped, 0) as cards_shipped,
           coalesce(w.prize_cost, 0) as prize_cost, coalesce(w.cards_without_cost, 0) as cards_without_cost
      from bought b
      join packs pk on pk.id = b.pack_id
      left join won w on w.pack_id = b.pack_id
      left join free f on f.pack_id = b.pack_id
     order by b.pack_id`,
  );
}

/**
 * Paid and free points that expired in the period (the ledger's 'expire' rows and their free
 * part, decision 055), and yen refunded in it (refunds that completed).
 */
export async function expiredAndRefunded(
  db: DbOrTx,
  start: Date,
  end: Date,
): Promise<{ expired: number; expiredFree: number; refunded: number }> {
  const s = start.toISOString();
  const e = end.toISOString();
  const [row] = await queryRows<{ expired: number; expired_free: number; refunded: number }>(
    db,
    sql`with gone as (select coalesce(-sum(delta - free_delta), 0)::int as paid, coalesce(-sum(free_delta), 0)::int as free from point_ledger
                       where reason = 'expire' and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz)
        select gone.paid as expired, gone.free as expired_free,
               (select coalesce(sum(amount), 0)::int from payment_refunds
                 where state = 'succeeded' and completed_at >= ${s}::timestamptz and completed_at < ${e}::timestamptz) as refunded
          from gone`,
  );
  return { expired: row?.expired ?? 0, expiredFree: row?.expired_free ?? 0, refunded: row?.refunded ?? 0 };
}

/**
 * Every member's unused points just before `at`, paid and free apart (decision 055): the point
 * ledger's rows summed up to then, each row's free part (free_delta) on the free side. Only the
 * paid side is a prepaid instrument's unused balance under 資金決済法.
 */
export async function outstandingPointsAt(db: DbOrTx, at: Date): Promise<{ paid: number; free: number }> {
  const [row] = await queryRows<{ paid: number | string; free: number | string }>(
    db,
    sql`select coalesce(sum(delta - free_delta), 0)::bigint as paid, coalesce(sum(free_delta), 0)::bigint as free
          from point_ledger where created_at < ${at.toISOString()}::timestamptz`,
  );
  return { paid: Number(row?.paid ?? 0), free: Number(row?.free ?? 0) };
}

export interface MemberLine {
  id: number;
  mail: string;
  name: string;
  tel: string;
  point: number;
  /** The part of `point` that is free points (decision 055). */
  free_point: number;
  coin: string;
  created_at: string;
}

/** Every member, oldest first (the members file). */
export function allMembers(db: DbOrTx): Promise<MemberLine[]> {
  return queryRows<MemberLine>(
    db,
    sql`select id, mail, trim(last_name || ' ' || first_name) as name, tel, point_balance as point,
               (select coalesce(sum(l.remaining), 0)::int from point_lots l
                 where l.user_id = users.id and l.kind = 'free' and l.remaining > 0 and l.expires_at > now()) as free_point,
               coin_balance::text as coin, created_at
          from users order by id`,
  );
}

export interface PaymentLine {
  id: number;
  user_id: number;
  created_at: string;
  completed_at: string | null;
  pay_id: number;
  amount: number;
  tax: number;
  point: number;
  state: string;
}

/** Payments started in the period (the payments file). */
export function paymentsBetween(db: DbOrTx, start: Date, end: Date): Promise<PaymentLine[]> {
  return queryRows<PaymentLine>(
    db,
    sql`select id, user_id, created_at, completed_at, pay_id::int as pay_id, amount, tax, point, state
          from payments
         where created_at >= ${start.toISOString()}::timestamptz and created_at < ${end.toISOString()}::timestamptz
         order by id`,
  );
}
