import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { latestOfMember } from '../../db/member-rows.ts';
import { holdings, purchases } from '../../db/schema/gacha.ts';

// Qualified by hand: drizzle writes a one-table select's columns bare, which inside the
// subquery would name holdings.id.
const outerPurchase = sql.raw('"purchases"."id"');
const cardsIn = (state: string) => sql<number>`(select count(*)::int from ${holdings} where ${holdings.purchaseId} = ${outerPurchase} and ${holdings.state} = ${state})`;

/** The member's latest purchases with how many of their cards wait, ship or were converted. */
export function memberPurchases(db: DbOrTx, userId: number, limit: number) {
  return latestOfMember(
    db,
    purchases,
    {
      id: purchases.id,
      packId: purchases.packId,
      packName: purchases.packName,
      count: purchases.count,
      paymentMethod: purchases.paymentMethod,
      cost: purchases.cost,
      createdAt: purchases.createdAt,
      pending: cardsIn('pending'),
      ship: cardsIn('ship'),
      converted: cardsIn('converted'),
    },
    userId,
    limit,
  );
}

/** The member's latest won cards (holdings), newest first. */
export function memberHoldings(db: DbOrTx, userId: number, limit: number) {
  return latestOfMember(
    db,
    holdings,
    {
      id: holdings.id,
      purchaseId: holdings.purchaseId,
      name: holdings.name,
      num: holdings.num,
      rarity: holdings.rarity,
      buyPoint: holdings.buyPoint,
      state: holdings.state,
      deadlineAt: holdings.deadlineAt,
      shippingRequestId: holdings.shippingRequestId,
    },
    userId,
    limit,
  );
}
