import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';

/**
 * An auditor's replay of ledgers: for every member, the rows of the point (coin) ledger read in
 * seq order must be numbered 1, 2, 3… and each balance_after must be the one before plus its
 * delta, ending at the member's balance. Answers the members that fail, with the first bad row.
 */
export async function ledgerReplayFailures(db: DbOrTx, table: 'point_ledger' | 'coin_ledger', userIds?: readonly number[]) {
  const ledger = sql.raw(table);
  const balance = sql.raw(table === 'point_ledger' ? 'point_balance' : 'coin_balance');
  const owner = userIds ? sql`where l.user_id = any(${`{${userIds.join(',')}}`}::int[])` : sql``;
  return queryRows<{ user_id: number; reason: string }>(
    db,
    sql`with rows as (
          select l.user_id, l.id, l.seq, l.delta, l.balance_after,
                 row_number() over (partition by l.user_id order by l.seq, l.id) as n,
                 lag(l.balance_after, 1, 0::numeric) over (partition by l.user_id order by l.seq, l.id) as before
          from ${ledger} l ${owner}),
        bad as (
          select user_id, min(n) as n from rows
          where seq is null or seq <> n or balance_after <> before + delta
          group by user_id),
        last as (
          select distinct on (user_id) user_id, balance_after from rows order by user_id, n desc)
        select bad.user_id, 'row ' || bad.n || ' breaks the running sum or the sequence' as reason from bad
        union all
        select last.user_id, 'last balance_after ' || last.balance_after || ' is not the balance ' || u.${balance}
        from last join users u on u.id = last.user_id where last.balance_after <> u.${balance}`,
  );
}
