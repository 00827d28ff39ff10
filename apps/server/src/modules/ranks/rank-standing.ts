/** A rank as the standing rule needs it. */
export interface RankLevel {
  id: number;
  code: string;
  name: string;
  nameEn: string;
  sort: number;
  thresholdPrice: number;
  maintainCoin: string;
}

export interface RankStanding {
  /** The member's rank now (the lowest rank when they have none). */
  current: RankLevel;
  /** The rank this month's spend earns for next month. */
  nextMonth: RankLevel;
  /** Monthly spend (yen) that reaches the rank above the current one; the top rank's own threshold. */
  nextThreshold: number;
}

/**
 * Where a member stands: `ranks` in ascending order, the member's rank id and the yen spent this
 * month. A rank is earned by spending at least its threshold in a month.
 */
export function rankStanding(ranks: readonly RankLevel[], currentRankId: number | null, monthSpend: number): RankStanding | undefined {
  const lowest = ranks[0];
  if (!lowest) return undefined;
  const current = ranks.find((r) => r.id === currentRankId) ?? lowest;
  let nextMonth = lowest;
  for (const rank of ranks) if (monthSpend >= rank.thresholdPrice) nextMonth = rank;
  const above = ranks.find((r) => r.sort > current.sort);
  return { current, nextMonth, nextThreshold: (above ?? current).thresholdPrice };
}

/**
 * Whether the member may keep the current rank for next month with coins now: it costs coins
 * (the lowest rank needs no keeping), this month's spend does not already earn it, and it is not
 * kept yet. One rule for GET /user/detail (is_rank_maintained) and POST /user/buy_rank.
 */
export function keepRefusal(
  standing: RankStanding | undefined,
  keptThisMonth: boolean,
): 'ranks.not_keepable' | 'ranks.not_needed' | 'ranks.already_kept' | null {
  if (!standing || Number(standing.current.maintainCoin) <= 0) return 'ranks.not_keepable';
  if (keptThisMonth) return 'ranks.already_kept';
  if (standing.nextMonth.sort >= standing.current.sort) return 'ranks.not_needed';
  return null;
}
