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
  coins_spent: number;
  cards_won: number;
  cards_converted: number;
  points_returned: number;
  cards_shipped: number;
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
             count(*) filter (where h.state = 'ship')::int as cards_shipped
        from holdings h join purchases p on p.id = h.purchase_id
       where p.created_at >= ${s}::timestamptz and p.created_at < ${e}::timestamptz
       group by p.pack_id)
    select b.pack_id, pk.name, pk.payment_method, b.packs_sold, b.points_spent, b.coins_spent,
           coalesce(w.cards_won, 0) as cards_won, coalesce(w.cards_converted, 0) as cards_converted,
           coalesce(w.points_returned, 0) as points_returned, coalesce(w.cards_shipped, 0) as cards_shipped
      from bought b
      join packs pk on pk.id = b.pack_id
      left join won w on w.pack_id = b.pack_id
     order by b.pack_id`,
  );
}

/** Points that expired in the period, and yen refunded in it (refunds that completed). */
export async function expiredAndRefunded(db: DbOrTx, start: Date, end: Date): Promise<{ expired: number; refunded: number }> {
  const s = start.toISOString();
  const e = end.toISOString();
  const [row] = await queryRows<{ expired: number; refunded: number }>(
    db,
    sql`select (select coalesce(-sum(delta), 0)::int from point_ledger
                 where reason = 'expired' and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz) as expired,
               (select coalesce(sum(amount), 0)::int from payment_refunds
                 where state = 'succeeded' and completed_at >= ${s}::timestamptz and completed_at < ${e}::timestamptz) as refunded`,
  );
  return { expired: row?.expired ?? 0, refunded: row?.refunded ?? 0 };
}

/** Every member's unused points just before `at`: the point ledger's rows summed up to then. */
export async function outstandingPointsAt(db: DbOrTx, at: Date): Promise<number> {
  const [row] = await queryRows<{ points: number | string }>(
    db,
    sql`select coalesce(sum(delta), 0)::bigint as points from point_ledger where created_at < ${at.toISOString()}::timestamptz`,
  );
  return Number(row?.points ?? 0);
}

export interface MemberLine {
  id: number;
  mail: string;
  name: string;
  tel: string;
  point: number;
  coin: string;
  created_at: string;
}

/** Every member, oldest first (the members file). */
export function allMembers(db: DbOrTx): Promise<MemberLine[]> {
  return queryRows<MemberLine>(
    db,
    sql`select id, mail, trim(last_name || ' ' || first_name) as name, tel, point_balance as point,
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
