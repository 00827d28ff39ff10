import type { PackDetail } from '@oripa/contract/catalog';
import { maxPurchaseCount as countRule } from '@oripa/contract/constants';

/**
 * The most packs one purchase may take (spec section 5): the remaining packs, capped at 3000,
 * and at max_buy_count when that is above 0; for a pack with a per-member limit, also at what
 * the member may still buy (member_remaining, issue 15); 1 for a free daily pack. 0 when nothing can be bought.
 */
export function maxPurchaseCount(
  pack: Pick<PackDetail, 'pack_count' | 'max_buy_count'> & Partial<Pick<PackDetail, 'member_remaining' | 'members_only'>>,
): number {
  const rule = countRule(pack.pack_count, pack.max_buy_count);
  // A free daily pack is drawn one pack at a time (decision 056).
  const max = pack.members_only?.free_daily ? Math.min(1, rule) : rule;
  const allowance = pack.member_remaining;
  return allowance === null || allowance === undefined ? max : Math.min(max, Math.max(0, allowance));
}

/**
 * The count the member typed, made a count the purchase may take: digits only (full-width ones
 * too), at least 1, at most `max`. Empty or unreadable text keeps `fallback`.
 */
export function clampCount(text: string, max: number, fallback: number): number {
  const digits = text.normalize('NFKC').replace(/[^\d]/g, '');
  if (digits === '') return Math.min(Math.max(1, fallback), Math.max(1, max));
  return Math.min(Math.max(1, Number(digits)), Math.max(1, max));
}
