import type { PointCourse } from '@oripa/contract/payments';
import { describe, expect, it } from 'vitest';
import { smallestCovering } from './api/covering-course.ts';
import { quickCounts } from './components/quick-counts.tsx';

describe('quickCounts', () => {
  it('offers 1, 10 and 100 when the purchase cap allows them', () => {
    expect(quickCounts(3000, 5000)).toEqual({ counts: [1, 10, 100], all: null });
  });

  it('never offers more than max (max_buy_count, per-pack cap)', () => {
    expect(quickCounts(5, 5000)).toEqual({ counts: [1], all: null });
    expect(quickCounts(50, 5000)).toEqual({ counts: [1, 10], all: null });
  });

  it('offers all remaining packs when they fit in one purchase', () => {
    expect(quickCounts(2500, 2500)).toEqual({ counts: [1, 10, 100], all: 2500 });
    expect(quickCounts(37, 37)).toEqual({ counts: [1, 10], all: 37 });
  });

  it('does not repeat a count that equals the remaining packs, nor offer anything when none can be bought', () => {
    expect(quickCounts(10, 10)).toEqual({ counts: [1, 10], all: null });
    expect(quickCounts(0, 0)).toEqual({ counts: [], all: null });
  });
});

describe('smallestCovering', () => {
  const course = (id: string, point: number, price: number, bonus = 0): PointCourse => ({
    id,
    point: String(point),
    price: String(price),
    tax: '0',
    memo: '',
    bonus_point: String(bonus),
    name_en: '',
  });
  const courses = [course('3', 10000, 11000), course('1', 1000, 1100), course('2', 3000, 3300)];

  it('picks the course with the fewest points that still covers what is missing', () => {
    expect(smallestCovering(courses, 2900)?.id).toBe('2');
    expect(smallestCovering(courses, 3000)?.id).toBe('2');
    expect(smallestCovering(courses, 1)?.id).toBe('1');
  });

  it('finds none when no course covers it', () => {
    expect(smallestCovering(courses, 10001)).toBeUndefined();
  });

  it('counts a course’s bonus points, which are credited with its points', () => {
    const withBonus = [...courses, course('4', 3000, 3300, 300)];
    expect(smallestCovering(withBonus, 3200)?.id).toBe('4');
    expect(smallestCovering(withBonus, 10500)).toBeUndefined();
  });
});
