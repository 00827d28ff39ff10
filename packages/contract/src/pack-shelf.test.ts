import { describe, expect, it } from 'vitest';
import { isFewLeft, isNewPack, packBadges, shelfPacks, type ShelfPack } from './pack-shelf.ts';

const NOW = Date.parse('2026-11-23T12:00:00Z');
const DAY = 86_400_000;

function pack(overrides: Partial<ShelfPack> = {}): ShelfPack {
  return {
    id: 1,
    point: 1000,
    payment_method: '1',
    pack_count: 500,
    total_pack_count: 1000,
    is_before: false,
    start_date: new Date(NOW - 30 * DAY).toISOString(),
    ...overrides,
  };
}

describe('pack badges', () => {
  it('marks NEW for 7 days after the sale starts, never an upcoming pack', () => {
    expect(isNewPack(pack({ start_date: new Date(NOW - 6 * DAY).toISOString() }), NOW)).toBe(true);
    expect(isNewPack(pack({ start_date: new Date(NOW - 7 * DAY).toISOString() }), NOW)).toBe(false);
    expect(isNewPack(pack({ is_before: true, start_date: new Date(NOW + DAY).toISOString() }), NOW)).toBe(false);
    expect(isNewPack(pack({ start_date: 'nonsense' }), NOW)).toBe(false);
  });

  it('marks few left at 10 % of the lot or 5 packs, whichever is more', () => {
    expect(isFewLeft(pack({ pack_count: 100, total_pack_count: 1000 }))).toBe(true);
    expect(isFewLeft(pack({ pack_count: 101, total_pack_count: 1000 }))).toBe(false);
    expect(isFewLeft(pack({ pack_count: 5, total_pack_count: 20 }))).toBe(true);
    expect(isFewLeft(pack({ pack_count: 6, total_pack_count: 20 }))).toBe(false);
    expect(isFewLeft(pack({ pack_count: 0, total_pack_count: 20 }))).toBe(false);
    expect(isFewLeft(pack({ pack_count: 3, total_pack_count: 20, is_before: true }))).toBe(false);
  });

  it('gives NEW first, then sold out or few left, never both', () => {
    const fresh = new Date(NOW - DAY).toISOString();
    expect(packBadges(pack({ start_date: fresh, pack_count: 50 }), NOW)).toEqual(['new', 'few_left']);
    expect(packBadges(pack({ start_date: fresh, pack_count: 0 }), NOW)).toEqual(['sold_out']);
    expect(packBadges(pack(), NOW)).toEqual([]);
  });
});

describe('sorting and filtering the top page', () => {
  const packs = [
    pack({ id: 1, point: 500, pack_count: 900, total_pack_count: 1000, start_date: new Date(NOW - 3 * DAY).toISOString() }),
    pack({ id: 2, point: 3000, pack_count: 10, total_pack_count: 1000, payment_method: '2' }),
    pack({ id: 3, point: 1000, pack_count: 0, total_pack_count: 100 }),
    pack({ id: 4, point: 800, pack_count: 200, total_pack_count: 200, is_before: true, start_date: new Date(NOW + DAY).toISOString() }),
    pack({ id: 5, point: 1500, pack_count: 300, total_pack_count: 2000, start_date: new Date(NOW - 10 * DAY).toISOString() }),
  ];
  const ids = (list: ShelfPack[]) => list.map((p) => p.id);

  it('orders by price, stock, newness and popularity, sold-out packs last', () => {
    // Point packs by price, then the coin pack: prices in two currencies are not compared.
    expect(ids(shelfPacks(packs, 'price_high', 'all'))).toEqual([5, 4, 1, 2, 3]);
    expect(ids(shelfPacks(packs, 'price_low', 'all'))).toEqual([1, 4, 5, 2, 3]);
    expect(ids(shelfPacks(packs, 'most_stock', 'all'))).toEqual([1, 5, 4, 2, 3]);
    // Nearly sold out: packs on sale with the fewest left first, upcoming after them.
    expect(ids(shelfPacks(packs, 'few_left', 'all'))).toEqual([2, 5, 1, 4, 3]);
    expect(ids(shelfPacks(packs, 'new', 'all'))).toEqual([4, 1, 5, 2, 3]);
    // Popular: packs drawn so far (1700, 990, 100, 0).
    expect(ids(shelfPacks(packs, 'popular', 'all'))).toEqual([5, 2, 1, 4, 3]);
    expect(ids(shelfPacks(packs, 'recommended', 'all'))).toEqual([1, 2, 4, 5, 3]);
  });

  it('filters by currency and by what is on sale now', () => {
    expect(ids(shelfPacks(packs, 'recommended', 'coins'))).toEqual([2]);
    expect(ids(shelfPacks(packs, 'recommended', 'points'))).toEqual([1, 4, 5, 3]);
    expect(ids(shelfPacks(packs, 'price_low', 'on_sale'))).toEqual([1, 5, 2]);
  });

  it('never puts a coin price among point prices (10C is not cheaper than 500P)', () => {
    const mixed = [
      pack({ id: 11, point: 10, payment_method: '2' }),
      pack({ id: 12, point: 500 }),
      pack({ id: 13, point: 50, payment_method: '2' }),
      pack({ id: 14, point: 300 }),
    ];
    expect(ids(shelfPacks(mixed, 'price_low', 'all'))).toEqual([14, 12, 11, 13]);
    expect(ids(shelfPacks(mixed, 'price_high', 'all'))).toEqual([12, 14, 13, 11]);
    expect(ids(shelfPacks(mixed, 'price_low', 'coins'))).toEqual([11, 13]);
  });

  it('leaves the given list as it was', () => {
    const before = ids(packs);
    shelfPacks(packs, 'price_high', 'all');
    expect(ids(packs)).toEqual(before);
  });
});
