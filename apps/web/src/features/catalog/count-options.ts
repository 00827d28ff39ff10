import type { Pack } from '@oripa/contract/catalog';
import { maxPurchaseCount as countRule } from '@oripa/contract/constants';

/**
 * The most packs one purchase may take (spec section 5): the remaining packs, capped at 3000,
 * and at max_buy_count when that is above 0. 0 when nothing can be bought.
 */
export function maxPurchaseCount(pack: Pick<Pack, 'pack_count' | 'max_buy_count'>): number {
  return countRule(pack.pack_count, pack.max_buy_count);
}

/** The options of the purchase-count select: 1 up to maxPurchaseCount. */
export function purchaseCountOptions(pack: Pick<Pack, 'pack_count' | 'max_buy_count'>): number[] {
  return Array.from({ length: maxPurchaseCount(pack) }, (_, index) => index + 1);
}
