import { MAX_PURCHASE_COUNT, PAYMENT_METHOD } from '@oripa/contract/constants';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { affords, countRefusal, saleRefusal, type Balances, type SaleTerms } from './sale-rule.ts';

const NOW = new Date('2026-12-01T00:00:00Z');
const HOUR = 3600_000;

const pack = (over: Partial<SaleTerms> = {}): SaleTerms => ({
  published: true,
  startAt: new Date(NOW.getTime() - HOUR),
  endAt: null,
  totalPackCount: 100,
  drawnCount: 0,
  maxBuyCount: 0,
  limitPerMember: 0,
  price: 500,
  paymentMethod: PAYMENT_METHOD.points,
  ...over,
});
const rich: Balances = { point: 1e9, coinCents: 1e11 };

describe('saleRefusal', () => {
  it.each<[string, Partial<SaleTerms>, number, number, Balances, string | undefined]>([
    ['sells within the window', {}, 3, 0, rich, undefined],
    ['refuses an unpublished pack', { published: false }, 1, 0, rich, 'gacha.not_on_sale'],
    ['refuses before the start', { startAt: new Date(NOW.getTime() + 1) }, 1, 0, rich, 'gacha.not_on_sale'],
    ['sells from the start instant', { startAt: NOW }, 1, 0, rich, undefined],
    ['refuses at the end instant', { endAt: NOW }, 1, 0, rich, 'gacha.not_on_sale'],
    ['refuses a sold-out lot', { drawnCount: 100 }, 1, 0, rich, 'gacha.sold_out'],
    ['refuses more than the stock', { drawnCount: 98 }, 3, 0, rich, 'gacha.count_over_stock'],
    ['refuses more than max_buy_count', { maxBuyCount: 10 }, 11, 0, rich, 'gacha.count_over_max'],
    ['refuses past the member limit', { limitPerMember: 5 }, 2, 4, rich, 'gacha.count_over_limit'],
    ['sells up to the member limit', { limitPerMember: 5 }, 1, 4, rich, undefined],
    ['refuses a points shortfall of one', {}, 2, 0, { point: 999, coinCents: 1e11 }, 'gacha.points_short'],
    ['sells for exactly the balance', {}, 2, 0, { point: 1000, coinCents: 0 }, undefined],
    // 0.29 * 100 is 28.999999999999996 in floats: hundredths as integers never round wrong.
    ['refuses a coin shortfall of 0.01', { paymentMethod: PAYMENT_METHOD.coins, price: 3 }, 1, 0, { point: 0, coinCents: 299 }, 'gacha.coins_short'],
    ['sells coins for exactly the balance', { paymentMethod: PAYMENT_METHOD.coins, price: 3 }, 1, 0, { point: 0, coinCents: 300 }, undefined],
  ])('%s', (_, over, count, bought, balances, expected) => {
    expect(saleRefusal(pack(over), count, bought, balances, NOW)?.code).toBe(expected);
  });

  it('names the numbers its messages need', () => {
    expect(countRefusal(pack({ drawnCount: 98 }), 3, 0, NOW)).toEqual({ code: 'gacha.count_over_stock', remaining: 2 });
    expect(countRefusal(pack({ maxBuyCount: 10 }), 11, 0, NOW)).toEqual({ code: 'gacha.count_over_max', max: 10 });
    expect(countRefusal(pack({ limitPerMember: 5 }), 2, 4, NOW)).toEqual({ code: 'gacha.count_over_limit', limit: 5, bought: 4 });
  });
});

const termsArb = fc.record({
  published: fc.boolean(),
  startAt: fc.integer({ min: -3, max: 3 }).map((h) => new Date(NOW.getTime() + h * HOUR)),
  endAt: fc.option(fc.integer({ min: -3, max: 3 }).map((h) => new Date(NOW.getTime() + h * HOUR)), { nil: null }),
  totalPackCount: fc.integer({ min: 1, max: 5000 }),
  drawnCount: fc.integer({ min: 0, max: 5000 }),
  maxBuyCount: fc.integer({ min: 0, max: 200 }),
  limitPerMember: fc.integer({ min: 0, max: 50 }),
  price: fc.integer({ min: 0, max: 10_000 }),
  paymentMethod: fc.constantFrom(PAYMENT_METHOD.points, PAYMENT_METHOD.coins),
}).filter((t) => t.drawnCount <= t.totalPackCount);
const balancesArb = fc.record({ point: fc.integer({ min: 0, max: 5e6 }), coinCents: fc.integer({ min: 0, max: 5e8 }) });
const countArb = fc.integer({ min: 1, max: MAX_PURCHASE_COUNT + 10 });
const boughtArb = fc.integer({ min: 0, max: 60 });

describe('saleRefusal, for any terms and balances', () => {
  it('sells only what the stock, the caps, the limit and the balance allow', () => {
    fc.assert(
      fc.property(termsArb, countArb, boughtArb, balancesArb, (t, count, bought, b) => {
        if (saleRefusal(t, count, bought, b, NOW) !== undefined) return;
        const remaining = t.totalPackCount - t.drawnCount;
        const cost = t.price * count;
        expect(t.published && t.startAt <= NOW && (t.endAt === null || t.endAt > NOW)).toBe(true);
        expect(count).toBeLessThanOrEqual(Math.min(remaining, MAX_PURCHASE_COUNT, t.maxBuyCount || Infinity));
        if (t.limitPerMember > 0) expect(bought + count).toBeLessThanOrEqual(t.limitPerMember);
        if (t.paymentMethod === PAYMENT_METHOD.coins) expect(b.coinCents).toBeGreaterThanOrEqual(cost * 100);
        else expect(b.point).toBeGreaterThanOrEqual(cost);
      }),
    );
  });

  it('sells any smaller count of what it sells, and refuses any larger count of what the count rules refuse', () => {
    fc.assert(
      fc.property(termsArb, countArb, boughtArb, balancesArb, (t, count, bought, b) => {
        if (count > 1 && saleRefusal(t, count, bought, b, NOW) === undefined) {
          expect(saleRefusal(t, count - 1, bought, b, NOW)).toBeUndefined();
        }
        if (countRefusal(t, count, bought, NOW) !== undefined) {
          expect(countRefusal(t, count + 1, bought, NOW)).toBeDefined();
        }
      }),
    );
  });

  it('refuses for money only when the count itself could be sold', () => {
    fc.assert(
      fc.property(termsArb, countArb, boughtArb, balancesArb, (t, count, bought, b) => {
        const refusal = saleRefusal(t, count, bought, b, NOW);
        const short = refusal?.code === 'gacha.points_short' || refusal?.code === 'gacha.coins_short';
        expect(short).toBe(countRefusal(t, count, bought, NOW) === undefined && !affords(t, count, b));
      }),
    );
  });
});
