import { extraDrawNumbers } from '@oripa/contract/lot-verify';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { awardNumbers, awardsUpTo, extrasWon, type ExtraRule } from './extra-prizes.ts';

describe('last-one and milestone prizes', () => {
  it('go to the pack numbers the public rule names, however the lot is split into purchases (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 1, max: 400 }),
        fc.integer({ min: 0, max: 60 }),
        fc.array(fc.integer({ min: 1, max: 80 }), { minLength: 1, maxLength: 20 }),
        (total, atRaw, every, cuts) => {
          const at = Math.min(atRaw, total);
          const rules: ExtraRule[] = [
            { id: 1, kind: 'milestone', at, every },
            { id: 2, kind: 'last_one', at: 0, every: 0 },
          ];
          const won: number[] = [];
          let from = 0;
          for (const cut of [...cuts, total]) {
            const count = Math.min(cut, total - from);
            if (count <= 0) break;
            for (const w of extrasWon(rules, total, from, count)) won.push(w.id === 1 ? w.number : -w.number);
            from += count;
          }
          const public1 = extraDrawNumbers(
            { kind: 'milestone', milestone_at: at, milestone_every: every } as never,
            total,
          );
          expect(won.filter((n) => n > 0)).toEqual(public1);
          expect(won.filter((n) => n < 0)).toEqual([-total]);
          expect(awardsUpTo(rules[0] as ExtraRule, total, total)).toBe(public1.length);
        },
      ),
    );
  });

  it('cross several milestones in one purchase, each won once', () => {
    const rule: ExtraRule = { id: 7, kind: 'milestone', at: 100, every: 100 };
    expect(awardNumbers(rule, 1000, 50, 300)).toEqual([100, 200, 300]);
    expect(awardNumbers(rule, 1000, 300, 99)).toEqual([]);
    expect(awardNumbers({ id: 8, kind: 'milestone', at: 5, every: 0 }, 10, 0, 10)).toEqual([5]);
  });
});
