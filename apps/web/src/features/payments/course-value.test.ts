import { describe, expect, it } from 'vitest';
import { courseMemo, courseValue } from './course-value.ts';

describe('courseValue', () => {
  it('says what a point costs, with and without a bonus', () => {
    expect(courseValue({ point: '1000', bonus_point: '0', price: '1100' })).toEqual({ points: 1000, bonus: 0, total: 1000, yenPerPoint: '1.1' });
    expect(courseValue({ point: '1000', bonus_point: '100', price: '1100' })).toMatchObject({ total: 1100, yenPerPoint: '1' });
    expect(courseValue({ point: '10000', bonus_point: '500', price: '11000' }).yenPerPoint).toBe('1.05');
    expect(courseValue({ point: '3000', bonus_point: '', price: '3300' })).toMatchObject({ bonus: 0, yenPerPoint: '1.1' });
  });
});

describe('courseMemo', () => {
  it('shows the English memo in English when there is one, else the Japanese one', () => {
    expect(courseMemo({ memo: '人気', name_en: 'Popular' }, 'en')).toBe('Popular');
    expect(courseMemo({ memo: '人気', name_en: '' }, 'en')).toBe('人気');
    expect(courseMemo({ memo: '人気', name_en: 'Popular' }, 'ja')).toBe('人気');
  });
});
