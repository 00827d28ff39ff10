import { describe, expect, it } from 'vitest';
import { maxPurchaseCount, purchaseCountOptions } from './count-options.ts';

describe('purchase count options', () => {
  it('run from 1 to the remaining packs when there is no per-purchase maximum', () => {
    expect(purchaseCountOptions({ pack_count: 5, max_buy_count: 0 })).toEqual([1, 2, 3, 4, 5]);
  });

  it('cap the remaining packs at 3000', () => {
    expect(maxPurchaseCount({ pack_count: 10_000, max_buy_count: 0 })).toBe(3000);
    const options = purchaseCountOptions({ pack_count: 10_000, max_buy_count: 0 });
    expect(options).toHaveLength(3000);
    expect(options[0]).toBe(1);
    expect(options.at(-1)).toBe(3000);
  });

  it('take max_buy_count when it is above 0 and smaller', () => {
    expect(maxPurchaseCount({ pack_count: 500, max_buy_count: 10 })).toBe(10);
    expect(maxPurchaseCount({ pack_count: 10_000, max_buy_count: 5000 })).toBe(3000);
  });

  it('take the remaining packs when they are fewer than max_buy_count', () => {
    expect(maxPurchaseCount({ pack_count: 3, max_buy_count: 10 })).toBe(3);
  });

  it('offer nothing for a sold-out pack', () => {
    expect(purchaseCountOptions({ pack_count: 0, max_buy_count: 10 })).toEqual([]);
    expect(maxPurchaseCount({ pack_count: -1, max_buy_count: 0 })).toBe(0);
  });
});
