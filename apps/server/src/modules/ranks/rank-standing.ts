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
