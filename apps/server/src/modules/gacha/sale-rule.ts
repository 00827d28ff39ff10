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
  /** Member-only conditions (decision 056); absent means none. The minimum rank's id. */
  minRankId?: number | null;
  /** Only members who never bought a pack with points or coins. */
  firstPurchaseOnly?: boolean;
  /** Only SMS-verified members. */
  smsVerifiedOnly?: boolean;
  /** Free once a day: count 1 at no cost, once per member and Japan-time day, SMS-verified only. */
  freeDaily?: boolean;
}

/**
 * What the member conditions of a pack ask of the buyer, read in the statements the check and
 * the batch already run (only for a pack with conditions: hasMemberConditions).
 */
export interface MemberFacts {
  /** The sort of the member's rank (of the lowest rank when they have none). */
  rankSort: number;
  /** The pack's minimum rank, when it has one. */
  minRank: { sort: number; name: string; nameEn: string } | null;
  smsVerified: boolean;
  /** "First purchase": false until the member bought a pack with points or coins (free draws do not count). */
  purchased: boolean;
  /** A free daily pack: the member drew it already on this Japan-time day. */
  drewToday: boolean;
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
  | { code: 'gacha.members_rank'; rank: string; rankEn: string }
  | { code: 'gacha.members_first_purchase' }
  | { code: 'gacha.members_sms' }
  | { code: 'gacha.free_draw_count' }
  | { code: 'gacha.free_draw_taken' }
  | { code: 'gacha.points_short' }
  | { code: 'gacha.coins_short' };

export function currencyOf(terms: Pick<SaleTerms, 'paymentMethod'>): Currency {
  return terms.paymentMethod === PAYMENT_METHOD.coins ? 'coin' : 'point';
}

/** Whether the pack asks anything of its buyer beyond money (then MemberFacts are read). */
export function hasMemberConditions(terms: SaleTerms): boolean {
  return (terms.minRankId ?? null) !== null || terms.firstPurchaseOnly === true || terms.smsVerifiedOnly === true || terms.freeDaily === true;
}

/** What one pack costs this member: nothing for a free daily pack. */
export function unitPrice(terms: Pick<SaleTerms, 'price' | 'freeDaily'>): number {
  return terms.freeDaily === true ? 0 : terms.price;
}

/**
 * Why the member may not buy this pack (decision 056), or undefined: the minimum rank, SMS
 * verification (also asked by a free daily pack), the first purchase, and a free daily pack's
 * one pack a day. Without facts a pack with conditions is refused (nobody to judge).
 */
export function memberRefusal(terms: SaleTerms, count: number, facts: MemberFacts | undefined): SaleRefusal | undefined {
  if (!hasMemberConditions(terms)) return undefined;
  if (terms.freeDaily === true && count !== 1) return { code: 'gacha.free_draw_count' };
  if (!facts) return { code: 'gacha.not_on_sale' };
  if (facts.minRank && facts.rankSort < facts.minRank.sort) {
    return { code: 'gacha.members_rank', rank: facts.minRank.name, rankEn: facts.minRank.nameEn || facts.minRank.name };
  }
  if ((terms.smsVerifiedOnly === true || terms.freeDaily === true) && !facts.smsVerified) return { code: 'gacha.members_sms' };
  if (terms.firstPurchaseOnly === true && facts.purchased) return { code: 'gacha.members_first_purchase' };
  if (terms.freeDaily === true && facts.drewToday) return { code: 'gacha.free_draw_taken' };
  return undefined;
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
export function countRefusal(
  terms: SaleTerms,
  count: number,
  bought: number,
  now: Date,
  facts?: MemberFacts,
): SaleRefusal | undefined {
  if (!inSaleWindow(terms, now)) return { code: 'gacha.not_on_sale' };
  const remaining = terms.totalPackCount - terms.drawnCount;
  if (remaining <= 0) return { code: 'gacha.sold_out' };
  if (count > remaining) return { code: 'gacha.count_over_stock', remaining };
  const max = maxPurchaseCount(remaining, terms.maxBuyCount);
  if (count > max) return { code: 'gacha.count_over_max', max };
  if (terms.limitPerMember > 0 && bought + count > terms.limitPerMember) {
    return { code: 'gacha.count_over_limit', limit: terms.limitPerMember, bought };
  }
  return memberRefusal(terms, count, facts);
}

/** The balance of the pack's currency covers `count` packs. */
export function affords(terms: SaleTerms, count: number, balances: Balances): boolean {
  const cost = unitPrice(terms) * count;
  return currencyOf(terms) === 'coin' ? balances.coinCents >= cost * 100 : balances.point >= cost;
}

/** The whole rule: the count's refusal, else the shortage of the pack's currency, else undefined. */
export function saleRefusal(
  terms: SaleTerms,
  count: number,
  bought: number,
  balances: Balances,
  now: Date,
  facts?: MemberFacts,
): SaleRefusal | undefined {
  const refusal = countRefusal(terms, count, bought, now, facts);
  if (refusal) return refusal;
  if (affords(terms, count, balances)) return undefined;
  return { code: currencyOf(terms) === 'coin' ? 'gacha.coins_short' : 'gacha.points_short' };
}
