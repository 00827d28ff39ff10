import { describe, expect, it } from 'vitest';
import { clampCount, maxPurchaseCount } from './count-options.ts';

describe('the most packs one purchase may take', () => {
  it('is the remaining packs when there is no per-purchase maximum, capped at 3000', () => {
    expect(maxPurchaseCount({ pack_count: 5, max_buy_count: 0 })).toBe(5);
    expect(maxPurchaseCount({ pack_count: 10_000, max_buy_count: 0 })).toBe(3000);
  });

  it('takes max_buy_count when it is above 0 and smaller', () => {
    expect(maxPurchaseCount({ pack_count: 500, max_buy_count: 10 })).toBe(10);
    expect(maxPurchaseCount({ pack_count: 10_000, max_buy_count: 5000 })).toBe(3000);
    expect(maxPurchaseCount({ pack_count: 3, max_buy_count: 10 })).toBe(3);
  });

  it('never passes what the member may still buy of a limited pack', () => {
    expect(maxPurchaseCount({ pack_count: 500, max_buy_count: 0, member_remaining: 2 })).toBe(2);
    expect(maxPurchaseCount({ pack_count: 500, max_buy_count: 10, member_remaining: 0 })).toBe(0);
    expect(maxPurchaseCount({ pack_count: 1, max_buy_count: 0, member_remaining: 5 })).toBe(1);
    expect(maxPurchaseCount({ pack_count: 500, max_buy_count: 0, member_remaining: null })).toBe(500);
  });

  it('is 0 for a sold-out pack', () => {
    expect(maxPurchaseCount({ pack_count: 0, max_buy_count: 10 })).toBe(0);
    expect(maxPurchaseCount({ pack_count: -1, max_buy_count: 0 })).toBe(0);
  });
});

describe('a typed count', () => {
  it('keeps digits, full-width ones too, within 1 and the maximum', () => {
    expect(clampCount('25', 3000, 1)).toBe(25);
    expect(clampCount('２５', 3000, 1)).toBe(25);
    expect(clampCount('1,200', 3000, 1)).toBe(1200);
    expect(clampCount('99999', 3000, 1)).toBe(3000);
    expect(clampCount('0', 3000, 7)).toBe(1);
  });

  it('keeps the previous count for empty or unreadable text', () => {
    expect(clampCount('', 3000, 7)).toBe(7);
    expect(clampCount('abc', 10, 70)).toBe(10);
  });
});
