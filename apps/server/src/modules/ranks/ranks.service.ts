import type { DbOrTx } from '../../db/client.ts';
import { jstMonthBounds } from '../../lib/time.ts';
import { paidYenBetween } from '../wallet/wallet.service.ts';
import { rankStanding, type RankStanding } from './rank-standing.ts';
import { listRanks } from './ranks.repo.ts';

/** The rank a new member starts with: the lowest (undefined when no ranks exist). */
export async function startingRankId(db: DbOrTx): Promise<number | undefined> {
  const [lowest] = await listRanks(db);
  return lowest?.id;
}

/** The member's rank now, this month's spend (yen, Japan-time month) and next month's rank. */
export async function memberRankStanding(
  db: DbOrTx,
  userId: number,
  rankId: number | null,
  now: Date,
): Promise<{ standing: RankStanding | undefined; monthSpend: number }> {
  const { start, end } = jstMonthBounds(now);
  const [levels, monthSpend] = await Promise.all([listRanks(db), paidYenBetween(db, userId, start, end)]);
  return { standing: rankStanding(levels, rankId, monthSpend), monthSpend };
}
