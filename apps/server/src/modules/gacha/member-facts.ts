import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import { jstDateKey } from '../../lib/time.ts';
import type { MemberFacts } from './sale-rule.ts';

/**
 * SQL: what a member-only or free daily pack asks of its buyer (sale-rule.ts MemberFacts, decision
 * 056) as one jsonb: the member's rank, SMS verification, whether they ever bought a pack with
 * points or coins ("first purchase": cost > 0, so a free draw does not count) and whether they
 * drew this free pack on the Japan-time day `jstDay` ('YYYY-MM-DD'). The one spelling of these
 * facts: the checks' fixed statement takes its text (memberFactsText), the batch the fragment.
 */
export function memberFacts(user: SQLWrapper, pack: SQLWrapper, minRank: SQLWrapper, jstDay: SQLWrapper): SQL {
  return sql`(select jsonb_build_object(
      'rankSort', coalesce((select r.sort from ranks r where r.id = u.rank_id), (select min(r.sort) from ranks r), 0),
      'minRank', (select jsonb_build_object('sort', r.sort, 'name', r.name, 'nameEn', r.name_en) from ranks r where r.id = ${minRank}),
      'smsVerified', u.end_sms = 1,
      'purchased', exists (select 1 from purchases q where q.user_id = u.id and q.cost > 0),
      'drewToday', exists (select 1 from free_draws f where f.user_id = u.id and f.pack_id = ${pack} and f.jst_day = ${jstDay}))
    from users u where u.id = ${user})`;
}

/** SQL text: true when the packs row `alias` has member conditions (sale-rule.ts hasMemberConditions). */
export function hasConditionsText(alias: string): string {
  return `(${alias}.min_rank_id is not null or ${alias}.first_purchase_only or ${alias}.sms_verified_only or ${alias}.free_daily)`;
}

/** memberFacts over column references and a day expression, as plain text for a fixed statement. */
export function memberFactsText(userColumn: string, packAlias: string, jstDayExpr: string): string {
  return new PgDialect().sqlToQuery(
    memberFacts(sql.raw(userColumn), sql.raw(`${packAlias}.id`), sql.raw(`${packAlias}.min_rank_id`), sql.raw(jstDayExpr)),
  ).sql;
}

/** The facts of each buyer for the pack `packId` (which has conditions), on the Japan-time day of `now`. */
export async function memberFactsOf(
  tx: DbOrTx,
  packId: number,
  userIds: readonly number[],
  now: Date,
): Promise<Map<number, MemberFacts>> {
  const day = jstDateKey(now);
  const rows = await queryRows<{ user_id: number; facts: MemberFacts }>(
    tx,
    sql`select buyer.user_id, ${memberFacts(sql`buyer.user_id`, sql`${packId}::int`, sql`(select min_rank_id from packs where id = ${packId})`, sql`${day}::date`)} as facts
        from unnest(${intArray(userIds)}::int[]) as buyer(user_id)`,
  );
  return new Map(rows.map((r) => [r.user_id, r.facts]));
}
