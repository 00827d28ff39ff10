import { describe, expect, it } from 'vitest';
import { checkPrizeCaps, perPrizeCap, totalPrizeCap, withinPrizeCaps, type ChancePrize } from './prize-caps.ts';

const lastOne = (value: number): ChancePrize => ({ name: 'ラストワン', kind: 'last_one', at: 0, every: 0, value });

describe('景品表示法 prize caps', () => {
  it('caps each prize at 20× a price under ¥5,000, otherwise at ¥100,000', () => {
    expect(perPrizeCap(100)).toBe(2000);
    expect(perPrizeCap(4999)).toBe(99980);
    expect(perPrizeCap(5000)).toBe(100000);
    expect(perPrizeCap(30000)).toBe(100000);
  });

  it('caps the total at 2% of the lot’s sales, rounded down', () => {
    expect(totalPrizeCap(1000, 100)).toBe(2000);
    expect(totalPrizeCap(333, 10)).toBe(66);
  });

  it('counts a milestone as often as the lot gives it', () => {
    const every50: ChancePrize = { name: 'キリ番', kind: 'milestone', at: 50, every: 50, value: 300 };
    const report = checkPrizeCaps(1000, 100, [lastOne(1500), every50]);
    expect(report).toMatchObject({ perPrizeCap: 20000, perPrizeBasis: 'multiple', totalCap: 2000, totalValue: 2100, overPerPrize: [], overTotal: true });
    expect(withinPrizeCaps(report)).toBe(false);
    expect(withinPrizeCaps(checkPrizeCaps(1000, 100, [lastOne(1400), every50]))).toBe(true);
  });

  it('names the prizes above the per-prize cap', () => {
    const report = checkPrizeCaps(5000, 2000, [lastOne(100001)]);
    expect(report.perPrizeBasis).toBe('fixed');
    expect(report.overPerPrize.map((p) => p.value)).toEqual([100001]);
    expect(report.overTotal).toBe(false);
  });

  it('has nothing to say of a lot without chance prizes', () => {
    expect(withinPrizeCaps(checkPrizeCaps(1000, 100, []))).toBe(true);
  });
});
