import { describe, expect, it } from 'vitest';
import { columnsFor, visibleRows } from './virtual-range.ts';

describe('visibleRows', () => {
  const base = { viewportHeight: 800, rowHeight: 100, rowCount: 3000, overscan: 2 };

  it('takes the rows on screen plus the overscan at the top of the list', () => {
    expect(visibleRows({ ...base, listTop: 200 })).toEqual({ first: 0, end: 8 });
  });

  it('follows the scroll: the same number of rows deep in the list', () => {
    expect(visibleRows({ ...base, listTop: -150_000 })).toEqual({ first: 1498, end: 1510 });
  });

  it('stops at the end of the list', () => {
    expect(visibleRows({ ...base, listTop: -299_500 })).toEqual({ first: 2993, end: 3000 });
  });

  it('keeps a few rows at the nearer edge when the list is off screen', () => {
    expect(visibleRows({ ...base, listTop: 5000 })).toEqual({ first: 0, end: 2 });
    expect(visibleRows({ ...base, listTop: -400_000 })).toEqual({ first: 2998, end: 3000 });
  });

  it('renders nothing for an empty list', () => {
    expect(visibleRows({ ...base, rowCount: 0, listTop: 0 })).toEqual({ first: 0, end: 0 });
  });
});

describe('columnsFor', () => {
  it('fits as many items as the width allows, at least one', () => {
    expect(columnsFor(0, 170, 14)).toBe(1);
    expect(columnsFor(362, 170, 14)).toBe(2);
    expect(columnsFor(1000, 170, 14, 6)).toBe(5);
    expect(columnsFor(5000, 170, 14, 6)).toBe(6);
  });
});
