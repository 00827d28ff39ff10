import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { insertShippingRequests } from '../../db/shipping-requests.ts';

export interface PendingHolding {
  id: number;
  purchaseId: number;
  actionType: string;
  buyPoint: number;
  deadlineAt: Date;
}

/** The member's cards among `ids` that still wait for a decision, locked until commit. */
export async function lockPendingOf(tx: DbOrTx, userId: number, ids: number[]): Promise<PendingHolding[]> {
  const rows = await queryRows<{ id: string | number; purchase_id: number; action_type: string; buy_point: number; deadline_at: string | Date }>(
    tx,
    sql`select id, purchase_id, action_type, buy_point, deadline_at from holdings
        where user_id = ${userId} and state = 'pending' and id = any(${`{${ids.join(',')}}`}::bigint[])
        order by id
        for update`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    purchaseId: r.purchase_id,
    actionType: r.action_type,
    buyPoint: r.buy_point,
    deadlineAt: new Date(r.deadline_at),
  }));
}

/** How many cards of the purchase still wait (the decision must name all of them). */
export async function countPending(tx: DbOrTx, purchaseId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from holdings where purchase_id = ${purchaseId} and state = 'pending'`,
  );
  return rows[0]?.n ?? 0;
}

/** Whether the member owns any of these cards (decided or not). */
export async function ownsAny(tx: DbOrTx, userId: number, ids: number[]): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from holdings where user_id = ${userId} and id = any(${`{${ids.join(',')}}`}::bigint[])`,
  );
  return (rows[0]?.n ?? 0) > 0;
}

/** Creates the shipping request of a purchase with the member's address as it is now. */
export async function createShippingRequest(tx: DbOrTx, userId: number, purchaseId: number, now: Date): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    insertShippingRequests(sql`(select ${userId}::int as user_id, ${purchaseId}::int as purchase_id)`, now),
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`member ${userId} not found`);
  return id;
}

/** Moves pending cards to 'ship' (with their request) or 'converted'; returns how many moved. */
export async function settle(
  tx: DbOrTx,
  ids: number[],
  state: 'ship' | 'converted',
  now: Date,
  shippingRequestId: number | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`with moved as (
          update holdings set state = ${state}, decided_at = ${now}, shipping_request_id = ${shippingRequestId}
          where id = any(${`{${ids.join(',')}}`}::bigint[]) and state = 'pending'
          returning 1)
        select count(*)::int as n from moved`,
  );
  return rows[0]?.n ?? 0;
}

export interface DueHolding {
  id: number;
  userId: number;
  purchaseId: number;
  actionType: string;
  buyPoint: number;
}

/** Up to `limit` cards past their decision deadline, locked; others sweeping skip them. */
export async function lockDue(tx: DbOrTx, now: Date, limit: number): Promise<DueHolding[]> {
  const rows = await queryRows<{ id: string | number; user_id: number; purchase_id: number; action_type: string; buy_point: number }>(
    tx,
    sql`select id, user_id, purchase_id, action_type, buy_point from holdings
        where state = 'pending' and deadline_at <= ${now}
        order by deadline_at, id
        limit ${limit}
        for update skip locked`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    userId: r.user_id,
    purchaseId: r.purchase_id,
    actionType: r.action_type,
    buyPoint: r.buy_point,
  }));
}

/** A shipping request of the purchase not yet shipped, to add the sweeper's cards to. */
export async function openRequestOf(tx: DbOrTx, purchaseId: number): Promise<number | undefined> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`select id from shipping_requests where purchase_id = ${purchaseId} and status = 'requested' order by id limit 1`,
  );
  return rows[0]?.id;
}
