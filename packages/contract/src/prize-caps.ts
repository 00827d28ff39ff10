/**
 * 景品表示法's caps on prizes given by chance on top of the pack itself (懸賞景品, issue 26
 * point 6, decision 044): last-one and milestone prizes. Each prize's declared value is its
 * conversion value in points (1 point = ¥1); the transaction price is the pack's price.
 * - each prize: at most 20× the price when the price is under ¥5,000, otherwise ¥100,000;
 * - all such prizes of the lot together: at most 2% of the lot's sales (price × packs).
 * The console shows these against the lot; the server refuses a lot that breaks them unless an
 * owner records a reason (audited).
 */

/** Under this price (yen) a prize may be worth 20× the price; from it on, a fixed amount. */
export const PRIZE_CAP_PRICE_THRESHOLD = 5000;
export const PRIZE_CAP_MULTIPLE = 20;
export const PRIZE_CAP_FIXED = 100_000;
/** The total of the prizes against the lot's sales, in percent. */
export const PRIZE_TOTAL_CAP_PERCENT = 2;
/** The longest reason an owner may record for a lot beyond the caps. */
export const PRIZE_CAP_REASON_MAX = 500;

/**
 * A prize given by pack number: the last pack, or pack `at` and then every `every` packs; or, in
 * a free daily lot (decision 056), a lineup prize: every one of its `count` cards is given free.
 */
export interface ChanceRule {
  kind: 'last_one' | 'milestone' | 'free_draw';
  /** free_draw: the cards of the prize in the lot. */
  count?: number;
  /** milestone: the first pack number that wins it (from 1). */
  at: number;
  /** milestone: then every `every` packs; 0: only `at`. */
  every: number;
}

/** How many pack numbers in [1, upto] win this prize, in a lot of `total` packs. */
export function awardsUpTo(rule: ChanceRule, total: number, upto: number): number {
  const last = Math.min(upto, total);
  if (rule.kind === 'free_draw') return Math.min(rule.count ?? 0, last);
  if (rule.kind === 'last_one') return last >= total && total > 0 ? 1 : 0;
  if (rule.at < 1 || last < rule.at) return 0;
  return rule.every > 0 ? Math.floor((last - rule.at) / rule.every) + 1 : 1;
}

/** The largest value one prize may have at this pack price. */
export function perPrizeCap(price: number): number {
  return price < PRIZE_CAP_PRICE_THRESHOLD ? price * PRIZE_CAP_MULTIPLE : PRIZE_CAP_FIXED;
}

/** The largest total value of the lot's chance prizes: 2% of price × packs, rounded down. */
export function totalPrizeCap(price: number, packs: number): number {
  return Math.floor((price * packs * PRIZE_TOTAL_CAP_PERCENT) / 100);
}

export interface ChancePrize extends ChanceRule {
  name: string;
  /** Declared value: the prize's conversion value in points (= yen). */
  value: number;
}

export interface PrizeCapReport {
  perPrizeCap: number;
  /** Which per-prize cap applies: 20× the price, or the fixed amount. */
  perPrizeBasis: 'multiple' | 'fixed';
  totalCap: number;
  /** Σ value × how often each prize is given over the whole lot. */
  totalValue: number;
  /** The prizes worth more than perPrizeCap, in the order given. */
  overPerPrize: ChancePrize[];
  overTotal: boolean;
}

/** Each chance prize against the per-prize cap, and their total over the lot against 2% of its sales. */
export function checkPrizeCaps(price: number, packs: number, prizes: readonly ChancePrize[]): PrizeCapReport {
  const cap = perPrizeCap(price);
  const totalCap = totalPrizeCap(price, packs);
  const totalValue = prizes.reduce((sum, p) => sum + p.value * awardsUpTo(p, packs, packs), 0);
  return {
    perPrizeCap: cap,
    perPrizeBasis: price < PRIZE_CAP_PRICE_THRESHOLD ? 'multiple' : 'fixed',
    totalCap,
    totalValue,
    overPerPrize: prizes.filter((p) => p.value > cap),
    overTotal: totalValue > totalCap,
  };
}

/** True when the lot keeps within both caps. */
export function withinPrizeCaps(report: PrizeCapReport): boolean {
  return report.overPerPrize.length === 0 && !report.overTotal;
}

/**
 * A free daily lot's lineup as chance prizes (decision 056): its cards are given free by chance,
 * so each counts against the caps, at the lot's declared price, like a last-one prize.
 */
export function freeDrawPrizes(lineup: readonly { name: string; value: number; count: number }[]): ChancePrize[] {
  return lineup.map((p) => ({ name: p.name, kind: 'free_draw' as const, at: 0, every: 0, count: p.count, value: p.value }));
}
