import { describe, expect, it } from 'vitest';
import { keepRefusal, rankStanding, type RankLevel } from './rank-standing.ts';

const level = (id: number, code: string, thresholdPrice: number): RankLevel => ({
  id,
  code,
  name: code,
  nameEn: code,
  sort: id,
  thresholdPrice,
  maintainCoin: `${id * 10}.00`,
});
const RANKS = [level(1, 'bronze', 0), level(2, 'silver', 10_000), level(3, 'gold', 50_000)];

describe('rankStanding', () => {
  it('puts a member without a rank at the lowest, aiming at the next threshold', () => {
    expect(rankStanding(RANKS, null, 0)).toEqual({ current: RANKS[0], nextMonth: RANKS[0], nextThreshold: 10_000 });
  });

  it('earns next month the highest rank whose threshold this month’s spend reached', () => {
    expect(rankStanding(RANKS, 1, 9_999)?.nextMonth.code).toBe('bronze');
    expect(rankStanding(RANKS, 1, 10_000)?.nextMonth.code).toBe('silver');
    expect(rankStanding(RANKS, 1, 80_000)?.nextMonth.code).toBe('gold');
  });

  it('shows a falling rank when a higher member spends little', () => {
    const s = rankStanding(RANKS, 3, 500);
    expect(s?.current.code).toBe('gold');
    expect(s?.nextMonth.code).toBe('bronze');
    expect(s?.nextThreshold).toBe(50_000); // the top rank's own threshold
  });

  it('aims a middle rank at the rank above it', () => {
    expect(rankStanding(RANKS, 2, 0)?.nextThreshold).toBe(50_000);
  });

  it('has no standing without ranks', () => {
    expect(rankStanding([], null, 0)).toBeUndefined();
  });
});

describe('keepRefusal', () => {
  const withCoins = [level(1, 'bronze', 0), level(2, 'silver', 10_000), level(3, 'gold', 50_000)].map((r, i) => ({
    ...r,
    maintainCoin: i === 0 ? '0.00' : r.maintainCoin,
  }));

  it('offers keeping a rank this month’s spend would lose', () => {
    expect(keepRefusal(rankStanding(withCoins, 3, 12_000), false)).toBeNull();
  });

  it('does not offer it when the spend keeps the rank, when kept already, or for the lowest rank', () => {
    expect(keepRefusal(rankStanding(withCoins, 2, 10_000), false)).toBe('ranks.not_needed');
    expect(keepRefusal(rankStanding(withCoins, 3, 0), true)).toBe('ranks.already_kept');
    expect(keepRefusal(rankStanding(withCoins, 1, 0), false)).toBe('ranks.not_keepable');
    expect(keepRefusal(undefined, false)).toBe('ranks.not_keepable');
  });
});
