import { maxPurchaseCount, PAYMENT_METHOD } from '@oripa/contract/constants';

/**
 * "Can this pack be sold": the one rule. The check, the batch that buys and the explanation of a
 * refused buy all ask it, over the pack row as they read it (the batch: as it locked it), so
 * they cannot disagree. No SQL copy of it exists: the batch reads the terms under its lock and
 * applies this function, at no extra round trip (docs/decisions/005-purchase-batching.md).
 */

/** What a pack's row says about selling it. */
export interface SaleTerms {
  published: boolean;
  startAt: Date;
  endAt: Date | null;
  totalPackCount: number;
  drawnCount: number;
  /** Per purchase; 0 means only the shop-wide maximum. */
  maxBuyCount: number;
  /** Per member over all their purchases; 0 means none. */
  limitPerMember: number;
  /** Price of one pack, in points or coins. */
  price: number;
  paymentMethod: string;
}

/** A member's balances: coins in integer hundredths, never floats. */
export interface Balances {
  point: number;
  coinCents: number;
}

export type Currency = 'point' | 'coin';

/** Why a count cannot be sold, with what its message says. */
export type SaleRefusal =
  | { code: 'gacha.not_on_sale' }
  | { code: 'gacha.sold_out' }
  | { code: 'gacha.count_over_stock'; remaining: number }
  | { code: 'gacha.count_over_max'; max: number }
  | { code: 'gacha.count_over_limit'; limit: number; bought: number }
  | { code: 'gacha.points_short' }
  | { code: 'gacha.coins_short' };

export function currencyOf(terms: Pick<SaleTerms, 'paymentMethod'>): Currency {
  return terms.paymentMethod === PAYMENT_METHOD.coins ? 'coin' : 'point';
}

/** Inside the sale window: published, started, not ended. */
export function inSaleWindow(terms: Pick<SaleTerms, 'published' | 'startAt' | 'endAt'>, now: Date): boolean {
  return terms.published && terms.startAt <= now && (terms.endAt === null || terms.endAt > now);
}

/**
 * Why `count` packs cannot be sold now to a member who already bought `bought` of this pack,
 * or undefined when they can. Stock and caps come before money, so a member short of points
 * learns first that the count itself is impossible.
 */
export function countRefusal(terms: SaleTerms, count: number, bought: number, now: Date): SaleRefusal | undefined {
  if (!inSaleWindow(terms, now)) return { code: 'gacha.not_on_sale' };
  const remaining = terms.totalPackCount - terms.drawnCount;
  if (remaining <= 0) return { code: 'gacha.sold_out' };
  if (count > remaining) return { code: 'gacha.count_over_stock', remaining };
  const max = maxPurchaseCount(remaining, terms.maxBuyCount);
  if (count > max) return { code: 'gacha.count_over_max', max };
  if (terms.limitPerMember > 0 && bought + count > terms.limitPerMember) {
    return { code: 'gacha.count_over_limit', limit: terms.limitPerMember, bought };
  }
  return undefined;
}

/** The balance of the pack's currency covers `count` packs. */
export function affords(terms: SaleTerms, count: number, balances: Balances): boolean {
  const cost = terms.price * count;
  return currencyOf(terms) === 'coin' ? balances.coinCents >= cost * 100 : balances.point >= cost;
}

/** The whole rule: the count's refusal, else the shortage of the pack's currency, else undefined. */
export function saleRefusal(
  terms: SaleTerms,
  count: number,
  bought: number,
  balances: Balances,
  now: Date,
): SaleRefusal | undefined {
  const refusal = countRefusal(terms, count, bought, now);
  if (refusal) return refusal;
  if (affords(terms, count, balances)) return undefined;
  return { code: currencyOf(terms) === 'coin' ? 'gacha.coins_short' : 'gacha.points_short' };
}
