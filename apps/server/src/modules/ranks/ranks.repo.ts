import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ranks } from '../../db/schema/catalog.ts';

/** Every rank, lowest first. */
export function listRanks(db: DbOrTx) {
  return db
    .select({
      id: ranks.id,
      code: ranks.code,
      name: ranks.name,
      nameEn: ranks.nameEn,
      sort: ranks.sort,
      thresholdPrice: ranks.thresholdPrice,
      maintainCoin: ranks.maintainCoin,
      icon: ranks.icon,
      coinBackRate: ranks.coinBackRate,
    })
    .from(ranks)
    .orderBy(asc(ranks.sort), asc(ranks.id));
}

/** Whether the member kept a rank with coins in JST month `month`. */
export async function hasKept(db: DbOrTx, userId: number, month: string): Promise<boolean> {
  const rows = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from rank_keeps where user_id = ${userId} and month = ${month}`,
  );
  return rows.length > 0;
}

/** Locks the member's row; answers their rank id and coin balance. */
export async function lockMemberRank(tx: DbOrTx, userId: number): Promise<{ rankId: number | null; balance: string } | undefined> {
  const rows = await queryRows<{ rank_id: number | null; balance: string }>(
    tx,
    sql`select rank_id, coin_balance::text as balance from users where id = ${userId} for update`,
  );
  const row = rows[0];
  return row && { rankId: row.rank_id, balance: row.balance };
}

/** Records that the member keeps `rankId` for the month after `month`; false if already kept. */
export async function insertKeep(tx: DbOrTx, userId: number, month: string, rankId: number, coin: string, now: Date): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`insert into rank_keeps (user_id, month, rank_id, coin, created_at)
        values (${userId}, ${month}, ${rankId}, ${coin}::numeric, ${now})
        on conflict (user_id, month) do nothing
        returning id`,
  );
  return rows.length > 0;
}

/** The coin-back rate (percent, '1.50') of the member's rank now; '0' without a rank. */
export async function memberCoinBackRate(tx: DbOrTx, userId: number): Promise<{ rate: string; rankName: string }> {
  const rows = await queryRows<{ rate: string; name: string }>(
    tx,
    sql`select r.coin_back_rate::text as rate, r.name from users u join ranks r on r.id = u.rank_id where u.id = ${userId}`,
  );
  return { rate: rows[0]?.rate ?? '0', rankName: rows[0]?.name ?? '' };
}

/**
 * The start-of-month rank change for JST month `month`, once: every member gets the highest of
 * the rank last month's point purchases earned (yen, point_ledger.money of 'purchase' rows in
 * [from, to)) and the rank they kept with coins last month (`previous`). Claims the month in
 * rank_months first, so a second run (another instance, a retry) changes nothing, and never
 * runs for a month older than one already applied. Answers the members whose rank changed, or
 * null when the month was already done. It reads the point ledger directly: one set-based
 * statement for every member instead of one question a member to the wallet module.
 */
export async function applyMonthlyRanks(
  tx: DbOrTx,
  month: string,
  previous: { key: string; start: Date; end: Date },
): Promise<number | null> {
  const claimed = await queryRows<{ month: string }>(
    tx,
    sql`insert into rank_months (month, members)
        select ${month}, 0 where not exists (select 1 from rank_months where month >= ${month})
        on conflict (month) do nothing
        returning month`,
  );
  if (claimed.length === 0) return null;
  const changed = await queryRows<{ n: number }>(
    tx,
    sql`with spend as (
          select user_id, sum(money)::bigint as yen from point_ledger
          where reason = 'purchase' and created_at >= ${previous.start} and created_at < ${previous.end}
          group by user_id),
        target as (
          select u.id,
                 (select r.id from ranks r
                  where r.threshold_price <= coalesce(s.yen, 0)
                     or r.id = (select k.rank_id from rank_keeps k where k.user_id = u.id and k.month = ${previous.key})
                  order by r.sort desc, r.id desc limit 1) as rank_id
          from users u left join spend s on s.user_id = u.id),
        moved as (
          update users u set rank_id = t.rank_id, updated_at = now()
          from target t
          where u.id = t.id and t.rank_id is not null and u.rank_id is distinct from t.rank_id
          returning u.id)
        select count(*)::int as n from moved`,
  );
  const n = changed[0]?.n ?? 0;
  await tx.execute(sql`update rank_months set members = ${n} where month = ${month}`);
  return n;
}

/** Sets the member's current rank; answers the rank code they had, or undefined when no such member. */
export async function setMemberRank(tx: DbOrTx, userId: number, rankId: number): Promise<{ before: string | null } | undefined> {
  const rows = await queryRows<{ before: string | null }>(
    tx,
    sql`with old as (select u.id, r.code from users u left join ranks r on r.id = u.rank_id where u.id = ${userId} for update of u)
        update users u set rank_id = ${rankId} from old where u.id = old.id
        returning old.code as before`,
  );
  return rows[0];
}

/** Locks the rank table for an operator's edit (the order of thresholds is checked across rows). */
export async function lockRanks(tx: DbOrTx): Promise<void> {
  await queryRows(tx, sql`select id from ranks order by id for update`);
}

/** Writes the fields an operator edits of one rank. */
export async function updateRank(
  tx: DbOrTx,
  id: number,
  values: Pick<typeof ranks.$inferInsert, 'name' | 'nameEn' | 'thresholdPrice' | 'coinBackRate' | 'maintainCoin' | 'icon'>,
): Promise<void> {
  await tx.update(ranks).set(values).where(eq(ranks.id, id));
}
