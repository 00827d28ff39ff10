import { sql, type SQL } from 'drizzle-orm';
import type { ShippingState } from '@oripa/contract/shipping';
import type { DbOrTx } from '../../db/client.ts';
import { intArray, queryRows } from '../../db/rows.ts';
import type { ShippingAddress } from '../../db/schema/gacha.ts';
import { shippingEvents } from '../../db/schema/shipping.ts';

/**
 * The shipping queue's SQL. The queue reads across the tables a request is made of (the
 * request, its member's address, the purchase or exchange it came from, their cards) in one
 * statement per page: asked module by module it would be a round trip per row. Read-only
 * outside shipping_requests, shipping_events and shipping_parcels.
 */

export interface QueueFilter {
  state?: ShippingState | undefined;
  /** Open requests created before this instant (the overdue filter). */
  openBefore?: { states: readonly ShippingState[]; before: Date } | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
  packId?: number | undefined;
  /** A member id, or part of the member's mail address. */
  member?: string | undefined;
  ids?: readonly number[] | undefined;
}

export interface QueueRow {
  id: number;
  status: string;
  created_at: string | Date;
  shipped_at: string | Date | null;
  user_id: number;
  mail: string;
  purchase_id: number | null;
  pack_id: number | null;
  pack_name: string | null;
  payment_method: string | null;
  exchange_card: string | null;
  address: ShippingAddress;
  carrier: string | null;
  tracking_number: string | null;
  parcel_id: number | null;
}

function whereOf(f: QueueFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.state) parts.push(sql`s.status = ${f.state}`);
  if (f.openBefore) parts.push(sql`s.status = any(${`{${f.openBefore.states.join(',')}}`}::text[]) and s.created_at < ${f.openBefore.before}`);
  if (f.from) parts.push(sql`s.created_at >= ${f.from}`);
  if (f.until) parts.push(sql`s.created_at < ${f.until}`);
  if (f.packId !== undefined) parts.push(sql`p.pack_id = ${f.packId}`);
  if (f.member) {
    parts.push(/^\d{1,9}$/.test(f.member) ? sql`s.user_id = ${Number(f.member)}` : sql`u.mail like ${`%${f.member.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`);
  }
  // A selected request brings its whole parcel (decision 051): a parcel is listed, picked and exported whole.
  if (f.ids) {
    const ids = intArray(f.ids);
    parts.push(sql`coalesce(s.parcel_id, s.id) in (select coalesce(parcel_id, id) from shipping_requests where id = any(${ids}::int[]))`);
  }
  return sql.join(parts, sql` and `);
}

/** A page of the queue, oldest first (the order the promise runs out in). */
export function queueRows(db: DbOrTx, filter: QueueFilter, limit: number): Promise<QueueRow[]> {
  return queryRows<QueueRow>(
    db,
    sql`select s.id, s.status, s.created_at, s.shipped_at, s.user_id, u.mail, s.purchase_id,
               p.pack_id, p.pack_name, p.payment_method, ec.name as exchange_card, s.address,
               sp.carrier, sp.tracking_number, s.parcel_id
        from shipping_requests s
        join users u on u.id = s.user_id
        left join purchases p on p.id = s.purchase_id
        left join exchanges x on x.shipping_request_id = s.id
        left join exchange_cards ec on ec.id = x.exchange_card_id
        left join shipping_parcels sp on sp.request_id = s.id
        where ${whereOf(filter)}
        order by s.id
        limit ${limit}`,
  );
}

export interface CardCountRow {
  request_id: number;
  name: string;
  model_number: string;
  rarity: number;
  count: number;
}

/** The cards each request ships (a purchase's cards to ship, or the exchanged card), counted by card. */
export function cardCounts(db: DbOrTx, requestIds: readonly number[]): Promise<CardCountRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  const ids = intArray(requestIds);
  return queryRows<CardCountRow>(
    db,
    sql`select shipping_request_id as request_id, name, model_number, rarity::int as rarity, count(*)::int as count
          from holdings where shipping_request_id = any(${ids}::int[]) and state = 'ship'
          group by shipping_request_id, name, model_number, rarity
        union all
        select x.shipping_request_id, ec.name, ec.model_number, ec.rarity::int, count(*)::int
          from exchanges x join exchange_cards ec on ec.id = x.exchange_card_id
          where x.shipping_request_id = any(${ids}::int[])
          group by x.shipping_request_id, ec.name, ec.model_number, ec.rarity
        order by 1, 4 desc, 2, 3`,
  );
}

export interface LockedRequest {
  id: number;
  status: ShippingState;
  user_id: number;
  purchase_id: number | null;
  payment_method: string | null;
  tracking_number: string | null;
  carrier: string | null;
  /** The lead of the combined parcel it ships in (decision 051), null when it ships alone or leads one. */
  parcel_id: number | null;
  address: ShippingAddress;
}

/** The parcel a request ships in: its lead's id (its own when it ships alone or leads one). */
export const parcelOf = (r: { id: number; parcel_id: number | null }) => r.parcel_id ?? r.id;

const lockedColumns = sql`s.id, s.status, s.user_id, s.purchase_id, p.payment_method, sp.tracking_number, sp.carrier, s.parcel_id, s.address`;

/**
 * Locks the requests with every request of their parcels (decision 051), in id order so two bulk
 * actions never deadlock, with what a step needs. A parcel's members are found in the statement's
 * snapshot; one that joined since (a new request combined by itself, which locks the lead first)
 * is found by the check after the locks and locked in another round.
 */
export async function lockRequests(tx: DbOrTx, ids: readonly number[]): Promise<LockedRequest[]> {
  let wanted = intArray(ids);
  for (let round = 0; ; round++) {
    const rows = await queryRows<LockedRequest>(
      tx,
      sql`select ${lockedColumns}
          from shipping_requests s
          left join purchases p on p.id = s.purchase_id
          left join shipping_parcels sp on sp.request_id = s.id
          where s.id = any(${wanted}::int[])
             or coalesce(s.parcel_id, s.id) in (select coalesce(parcel_id, id) from shipping_requests where id = any(${wanted}::int[]))
          order by s.id
          for update of s`,
    );
    const have = new Set(rows.map((r) => r.id));
    const parcels = intArray([...new Set(rows.map(parcelOf))]);
    const members = await queryRows<{ id: number }>(
      tx,
      sql`select id from shipping_requests where id = any(${parcels}::int[]) or parcel_id = any(${parcels}::int[])`,
    );
    if (members.every((m) => have.has(m.id)) || round >= 3) return rows;
    wanted = intArray([...have, ...members.map((m) => m.id)]);
  }
}

/** Puts requests in the parcel led by `lead` (null: each ships alone again). */
export async function setParcel(tx: DbOrTx, ids: readonly number[], lead: number | null): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`update shipping_requests set parcel_id = ${lead} where id = any(${intArray(ids)}::int[])`);
}

/** Moves requests to a state; shipped also stamps shipped_at. */
export async function setStatus(tx: DbOrTx, ids: readonly number[], to: ShippingState, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(
    sql`update shipping_requests set status = ${to},
          shipped_at = case when ${to} = 'shipped' then ${now} else shipped_at end
        where id = any(${intArray(ids)}::int[])`,
  );
}

export interface EventInput {
  requestId: number;
  fromState: ShippingState;
  toState: ShippingState;
  operatorId: number | null;
  actor: string;
  createdAt: Date;
}

export async function insertEvents(tx: DbOrTx, events: readonly EventInput[]): Promise<void> {
  if (events.length === 0) return;
  await tx.insert(shippingEvents).values([...events]);
}

/**
 * Records the parcels' carriers and tracking numbers (one statement for a whole import); the
 * requests' delivery_code follows (spec 3: the pack history shows it).
 */
export async function saveParcels(tx: DbOrTx, parcels: readonly { requestId: number; carrier: string; trackingNumber: string }[], now: Date): Promise<void> {
  if (parcels.length === 0) return;
  const ids = intArray(parcels.map((p) => p.requestId));
  const carriers = textArray(parcels.map((p) => p.carrier));
  const numbers = textArray(parcels.map((p) => p.trackingNumber));
  await tx.execute(
    sql`insert into shipping_parcels (request_id, carrier, tracking_number, updated_at)
        select id, carrier, number, ${now} from unnest(${ids}::int[], ${carriers}::text[], ${numbers}::text[]) as p(id, carrier, number)
        on conflict (request_id) do update set carrier = excluded.carrier, tracking_number = excluded.tracking_number, updated_at = excluded.updated_at`,
  );
  await tx.execute(
    sql`update shipping_requests s set delivery_code = p.number
        from unnest(${ids}::int[], ${numbers}::text[]) as p(id, number) where s.id = p.id`,
  );
}

/** A PostgreSQL text array literal (each element quoted), passed as one parameter. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export interface EventRow {
  request_id: number;
  from_state: string;
  to_state: string;
  actor: string;
  created_at: string | Date;
}

/** The events of requests, oldest first. */
export function eventsOf(db: DbOrTx, requestIds: readonly number[]): Promise<EventRow[]> {
  if (requestIds.length === 0) return Promise.resolve([]);
  return queryRows<EventRow>(
    db,
    sql`select request_id, from_state, to_state, actor, created_at from shipping_events
        where request_id = any(${intArray(requestIds)}::int[]) order by id`,
  );
}

export interface MemberShipmentRow {
  id: number;
  status: string;
  shipped_at: string | Date | null;
  carrier: string | null;
  tracking_number: string | null;
}

/** A member's shipping requests of one purchase. */
export function memberShipmentRows(db: DbOrTx, userId: number, of: { purchaseId: number }): Promise<MemberShipmentRow[]> {
  return queryRows<MemberShipmentRow>(
    db,
    sql`select s.id, s.status, s.shipped_at, sp.carrier, sp.tracking_number
        from shipping_requests s left join shipping_parcels sp on sp.request_id = s.id
        where s.user_id = ${userId} and s.purchase_id = ${of.purchaseId}
        order by s.id`,
  );
}

export interface ExchangeShipmentRow extends MemberShipmentRow {
  card_name: string;
  /** The card's English name as it is now ('' when none). */
  card_name_en: string;
  created_at: string | Date;
}

/** A member's latest exchanges with their shipping requests and parcels, newest first. */
export function exchangeShipmentRows(db: DbOrTx, userId: number, limit: number): Promise<ExchangeShipmentRow[]> {
  return queryRows<ExchangeShipmentRow>(
    db,
    sql`select s.id, s.status, s.shipped_at, sp.carrier, sp.tracking_number, ec.name as card_name, ec.name_en as card_name_en, x.created_at
        from exchanges x
        join shipping_requests s on s.id = x.shipping_request_id
        join exchange_cards ec on ec.id = x.exchange_card_id
        left join shipping_parcels sp on sp.request_id = s.id
        where x.user_id = ${userId}
        order by x.id desc
        limit ${limit}`,
  );
}
