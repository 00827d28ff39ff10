import type { Pack } from '@oripa/contract/catalog';
import { MAX_PURCHASE_COUNT } from './catalog-constants.ts';

/**
 * The most packs one purchase may take (spec section 5): the remaining packs, capped at 3000,
 * and at max_buy_count when that is above 0. 0 when nothing can be bought.
 */
export function maxPurchaseCount(pack: Pick<Pack, 'pack_count' | 'max_buy_count'>): number {
  const remaining = Math.min(Math.max(0, pack.pack_count), MAX_PURCHASE_COUNT);
  return pack.max_buy_count > 0 ? Math.min(remaining, pack.max_buy_count) : remaining;
}

/** The options of the purchase-count select: 1 up to maxPurchaseCount. */
export function purchaseCountOptions(pack: Pick<Pack, 'pack_count' | 'max_buy_count'>): number[] {
  return Array.from({ length: maxPurchaseCount(pack) }, (_, index) => index + 1);
}
