import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/*
 * The dashboard reads other modules' tables, read-only: the point and coin ledgers, purchases,
 * payments and shipping requests. It is a report over the whole shop, and one statement per
 * figure family keeps it a handful of round trips (docs/decisions/021-mails-and-dashboard.md).
 * Japan-time days: `at time zone 'Asia/Tokyo'`.
 */

export interface LedgerDay {
  day: string;
  sales_yen: number;
  points_sold: number;
  points_spent: number;
  conversions: number;
  conversion_points: number;
  coins_used: string;
  packs_drawn: number;
}

/**
 * Every figure per Japan-time day from `from` (inclusive) to `to` (exclusive), only days with
 * something. Sums come straight from the ledgers' rows.
 */
export function figuresByDay(db: DbOrTx, from: Date, to: Date): Promise<LedgerDay[]> {
  const f = from.toISOString();
  const t = to.toISOString();
  return queryRows<LedgerDay>(
    db,
    sql`
    with points as (
      select to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day,
             coalesce(sum(money) filter (where reason = 'purchase'), 0)::int as sales_yen,
             coalesce(sum(delta) filter (where reason = 'purchase'), 0)::int as points_sold,
             coalesce(-sum(delta) filter (where reason in ('pack', 'rank') and delta < 0), 0)::int as points_spent,
             -- Cards converted back, those of free daily draws (decision 056) included.
             count(*) filter (where reason in ('conversion', 'free_draw_conversion'))::int as conversions,
             coalesce(sum(delta) filter (where reason in ('conversion', 'free_draw_conversion')), 0)::int as conversion_points
        from point_ledger
       where created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz
       group by 1),
    coins as (
      select to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day,
             coalesce(-sum(delta) filter (where delta < 0 and reason in ('pack', 'exchange', 'rank')), 0) as coins_used
        from coin_ledger
       where created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz
       group by 1),
    draws as (
      select to_char(created_at at time zone 'Asia/Tokyo', 'YYYY-MM-DD') as day, coalesce(sum(count), 0)::int as packs_drawn
        from purchases
       where created_at >= ${f}::timestamptz and created_at < ${t}::timestamptz
       group by 1),
    days as (select day from points union select day from coins union select day from draws)
    select days.day,
           coalesce(p.sales_yen, 0) as sales_yen, coalesce(p.points_sold, 0) as points_sold,
           coalesce(p.points_spent, 0) as points_spent, coalesce(p.conversions, 0) as conversions,
           coalesce(p.conversion_points, 0) as conversion_points,
           coalesce(c.coins_used, 0)::numeric(14, 2)::text as coins_used,
           coalesce(d.packs_drawn, 0) as packs_drawn
      from days
      left join points p on p.day = days.day
      left join coins c on c.day = days.day
      left join draws d on d.day = days.day
     order by days.day`,
  );
}

export interface ShippingBacklogRow {
  state: string;
  under_3: number;
  days_3_7: number;
  days_7_14: number;
  over_14: number;
}

/** Shipping requests not yet shipped or closed, by state and age (days since requested). */
export function shippingBacklog(
  db: DbOrTx,
  now: Date,
  openStates: readonly string[],
): Promise<ShippingBacklogRow[]> {
  const n = now.toISOString();
  return queryRows<ShippingBacklogRow>(
    db,
    sql`
    select status as state,
           count(*) filter (where created_at > ${n}::timestamptz - interval '3 days')::int as under_3,
           count(*) filter (where created_at <= ${n}::timestamptz - interval '3 days' and created_at > ${n}::timestamptz - interval '7 days')::int as days_3_7,
           count(*) filter (where created_at <= ${n}::timestamptz - interval '7 days' and created_at > ${n}::timestamptz - interval '14 days')::int as days_7_14,
           count(*) filter (where created_at <= ${n}::timestamptz - interval '14 days')::int as over_14
      from shipping_requests
     where status = any(${`{${openStates.join(',')}}`}::text[])
     group by status`,
  );
}

export interface WaitingPaymentRow {
  pay_id: number;
  count: number;
  amount_yen: number;
}

/** Point orders waiting for the money (slips, transfers, redirects), by method. */
export function waitingPayments(db: DbOrTx): Promise<WaitingPaymentRow[]> {
  return queryRows<WaitingPaymentRow>(
    db,
    sql`
    select pay_id::int as pay_id, count(*)::int as count, coalesce(sum(amount), 0)::int as amount_yen
      from payments
     where state in ('pending', 'requires_action')
     group by pay_id
     order by pay_id`,
  );
}
