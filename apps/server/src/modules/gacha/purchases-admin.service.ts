import type { Db } from '../../db/client.ts';
import { memberHoldings, memberPurchases } from './purchases-admin.repo.ts';

/** Rows of each list on the console's member page. */
const LIMIT = 200;

/** A member's purchases (with their cards' states) and won cards, for the console. */
export async function purchasesForConsole(db: Db, userId: number) {
  const purchases = await memberPurchases(db, userId, LIMIT);
  const holdings = await memberHoldings(db, userId, LIMIT);
  return {
    purchases: purchases.map((p) => ({
      id: p.id,
      pack_id: p.packId,
      pack_name: p.packName,
      count: p.count,
      payment_method: p.paymentMethod,
      cost: p.cost,
      created_at: p.createdAt.toISOString(),
      pending: p.pending,
      ship: p.ship,
      converted: p.converted,
    })),
    holdings: holdings.map((h) => ({
      id: h.id,
      purchase_id: h.purchaseId,
      name: h.name,
      num: h.num,
      rarity: h.rarity,
      buy_point: h.buyPoint,
      state: h.state,
      deadline_at: h.deadlineAt.toISOString(),
      shipping_request_id: h.shippingRequestId,
    })),
  };
}
