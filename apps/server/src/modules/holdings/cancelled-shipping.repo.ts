import { sql } from 'drizzle-orm';
import { ACTION_TYPE } from '@oripa/contract/constants';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

export interface ConvertedCard {
  userId: number;
  purchaseId: number;
  buyPoint: number;
}

/**
 * Converts the cards of a cancelled shipping request that a member could have converted
 * (not ship-only) and still wait to ship. The state check makes a second call move nothing.
 */
export function convertShipCards(tx: DbOrTx, requestId: number): Promise<ConvertedCard[]> {
  return queryRows<ConvertedCard>(
    tx,
    sql`update holdings set state = 'converted'
        where shipping_request_id = ${requestId} and state = 'ship' and action_type <> ${ACTION_TYPE.shipOnly}
        returning user_id as "userId", purchase_id as "purchaseId", buy_point as "buyPoint"`,
  );
}

/** Points of a request's cards converted after a cancel (0 when none). */
export async function convertedPointsOf(tx: DbOrTx, requestIds: readonly number[]): Promise<Map<number, number>> {
  if (requestIds.length === 0) return new Map();
  const rows = await queryRows<{ id: number; points: number }>(
    tx,
    sql`select shipping_request_id as id, sum(buy_point)::int as points from holdings
        where shipping_request_id = any(${`{${requestIds.join(',')}}`}::int[]) and state = 'converted'
        group by shipping_request_id`,
  );
  return new Map(rows.map((r) => [r.id, r.points]));
}
