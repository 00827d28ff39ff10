import { PAYMENT_METHOD } from './constants.ts';

/**
 * How the top page orders, filters and marks packs (issue 15 item 3): one module, free of zod, that
 * the web app and the server-drawn first screen both use, so a badge means the same everywhere.
 */

/** A pack's fields these rules read (a subset of the wire's Pack). */
export interface ShelfPack {
  id: number;
  point: number;
  payment_method: string;
  pack_count: number;
  total_pack_count: number;
  is_before: boolean;
  start_date: string;
}

/** A pack is NEW for this many days after its sale starts. */
export const NEW_PACK_DAYS = 7;

/**
 * A pack is nearly sold out (「残りわずか」) when at most this share of its packs is left…
 * (10 %, the share the best shops mark; a lot of 30 shows it from 3 left)…
 */
export const FEW_LEFT_RATIO = 0.1;
/** …or at most this many packs, whichever is more (a small lot is marked from 5 left). */
export const FEW_LEFT_MIN = 5;

export type PackBadge = 'new' | 'few_left' | 'sold_out';

const DAY_MS = 86_400_000;

/** Whether a pack on sale is nearly sold out (never a sold-out or upcoming pack). */
export function isFewLeft(pack: Pick<ShelfPack, 'pack_count' | 'total_pack_count' | 'is_before'>): boolean {
  if (pack.is_before || pack.pack_count <= 0) return false;
  return pack.pack_count <= Math.max(FEW_LEFT_MIN, Math.floor(pack.total_pack_count * FEW_LEFT_RATIO));
}

/** Whether a pack started selling within NEW_PACK_DAYS of `now` (upcoming packs have their own mark). */
export function isNewPack(pack: Pick<ShelfPack, 'start_date' | 'is_before'>, now: number): boolean {
  if (pack.is_before) return false;
  const start = Date.parse(pack.start_date);
  return !Number.isNaN(start) && start <= now && now - start < NEW_PACK_DAYS * DAY_MS;
}

/** The badges of a pack, at most one of sold out / few left, NEW first. */
export function packBadges(pack: ShelfPack, now: number): PackBadge[] {
  const badges: PackBadge[] = [];
  if (isNewPack(pack, now) && pack.pack_count > 0) badges.push('new');
  if (pack.pack_count <= 0) badges.push('sold_out');
  else if (isFewLeft(pack)) badges.push('few_left');
  return badges;
}

/**
 * Sort orders of the top page: the shop's own order, then spec section 9's price and stock sorts
 * (highest price, lowest price, most stock, least stock = 「残りわずか順」), new and popular
 * (packs drawn so far, the one popularity figure every visitor may see).
 */
export const PACK_SORTS = ['recommended', 'new', 'popular', 'few_left', 'most_stock', 'price_high', 'price_low'] as const;
export type PackSort = (typeof PACK_SORTS)[number];

/** Filters of the top page: everything, packs paid with points, packs paid with coins, packs on sale now. */
export const PACK_FILTERS = ['all', 'points', 'coins', 'on_sale'] as const;
export type PackFilter = (typeof PACK_FILTERS)[number];

export function isPackSort(value: string | null): value is PackSort {
  return value !== null && (PACK_SORTS as readonly string[]).includes(value);
}

export function isPackFilter(value: string | null): value is PackFilter {
  return value !== null && (PACK_FILTERS as readonly string[]).includes(value);
}

function passes(pack: ShelfPack, filter: PackFilter): boolean {
  switch (filter) {
    case 'points':
      return pack.payment_method === PAYMENT_METHOD.points;
    case 'coins':
      return pack.payment_method === PAYMENT_METHOD.coins;
    case 'on_sale':
      return !pack.is_before && pack.pack_count > 0;
    default:
      return true;
  }
}

const drawn = (pack: ShelfPack) => pack.total_pack_count - pack.pack_count;
const started = (pack: ShelfPack) => Date.parse(pack.start_date) || 0;

const COMPARE: Record<Exclude<PackSort, 'recommended'>, (a: ShelfPack, b: ShelfPack) => number> = {
  new: (a, b) => started(b) - started(a),
  popular: (a, b) => drawn(b) - drawn(a),
  few_left: (a, b) => a.pack_count - b.pack_count,
  most_stock: (a, b) => b.pack_count - a.pack_count,
  price_high: (a, b) => b.point - a.point,
  price_low: (a, b) => a.point - b.point,
};

const paidWithCoins = (pack: ShelfPack) => Number(pack.payment_method === PAYMENT_METHOD.coins);

/**
 * The packs a filter keeps, in a sort's order. Sold-out packs always go last (they cannot be
 * bought), and 'few_left' lists packs on sale before upcoming ones; ties keep the shop's order
 * (the sort is stable). The price sorts list point packs, then coin packs: a price in coins and
 * one in points cannot be compared (10C is not less than 500P).
 */
export function shelfPacks<P extends ShelfPack>(packs: readonly P[], sort: PackSort, filter: PackFilter): P[] {
  const kept = packs.filter((pack) => passes(pack, filter));
  const soldOutLast = (a: P, b: P) => Number(a.pack_count <= 0) - Number(b.pack_count <= 0);
  if (sort === 'recommended') return kept.sort(soldOutLast);
  const compare = COMPARE[sort];
  const upcomingLast = (a: P, b: P) => (sort === 'few_left' ? Number(a.is_before) - Number(b.is_before) : 0);
  const pointsBeforeCoins = (a: P, b: P) =>
    sort === 'price_high' || sort === 'price_low' ? paidWithCoins(a) - paidWithCoins(b) : 0;
  return kept.sort((a, b) => soldOutLast(a, b) || upcomingLast(a, b) || pointsBeforeCoins(a, b) || compare(a, b));
}
