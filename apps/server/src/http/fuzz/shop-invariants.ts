import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * What must hold in the shop's data whatever requests came before: every member's point and
 * coin balance equals the sum of their ledger (and the points of their open lots), and every lot
 * adds up: packs drawn equal the packs of its purchases and the cards won, and its prizes add up
 * to its size (stock plus sold is the lot). Only lot prizes count: a last-one or milestone prize
 * is a card on top of the pack drawn, not a pack of the lot. Each query returns the rows that break the rule.
 */
export async function balanceMismatches(db: Db) {
  return queryRows<{ user_id: number; balance: string; ledger: string; what: string }>(
    db,
    sql`select u.id as user_id, u.point_balance::text as balance, coalesce(l.sum, 0)::text as ledger, 'points' as what
          from users u left join (select user_id, sum(delta) as sum from point_ledger group by user_id) l on l.user_id = u.id
         where u.point_balance <> coalesce(l.sum, 0)
        union all
        select u.id, u.point_balance::text, coalesce(o.sum, 0)::text, 'open point lots'
          from users u left join (select user_id, sum(remaining) as sum from point_lots group by user_id) o on o.user_id = u.id
         where u.point_balance <> coalesce(o.sum, 0)
        union all
        select u.id, u.coin_balance::text, coalesce(c.sum, 0)::text, 'coins'
          from users u left join (select user_id, sum(delta) as sum from coin_ledger group by user_id) c on c.user_id = u.id
         where u.coin_balance <> coalesce(c.sum, 0)`,
  );
}

export async function lotMismatches(db: Db) {
  return queryRows<{ pack_id: number; total: number; drawn: number; bought: number; won: number; prizes: number }>(
    db,
    sql`select p.id as pack_id, p.total_pack_count as total, p.drawn_count as drawn,
               coalesce((select sum(count) from purchases where pack_id = p.id), 0)::int as bought,
               (select count(*) from holdings h join purchases pu on pu.id = h.purchase_id
                  join pack_prizes z on z.id = h.prize_id and z.kind = 'lot' where pu.pack_id = p.id)::int as won,
               coalesce((select sum(count) from pack_prizes where pack_id = p.id and kind = 'lot'), 0)::int as prizes
          from packs p
         where p.drawn_count <> coalesce((select sum(count) from purchases where pack_id = p.id), 0)
            or p.drawn_count <> (select count(*) from holdings h join purchases pu on pu.id = h.purchase_id
                  join pack_prizes z on z.id = h.prize_id and z.kind = 'lot' where pu.pack_id = p.id)
            or p.total_pack_count <> coalesce((select sum(count) from pack_prizes where pack_id = p.id and kind = 'lot'), 0)`,
  );
}
