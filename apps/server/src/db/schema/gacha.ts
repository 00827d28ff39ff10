import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { packs } from './catalog.ts';
import { users } from './users.ts';

/** One purchase of `count` packs: packs number draw_from … draw_from + count - 1 of the lot. */
export const purchases = pgTable(
  'purchases',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    packName: text('pack_name').notNull(),
    count: integer('count').notNull(),
    /** '1' points, '2' coins. */
    paymentMethod: text('payment_method').notNull(),
    /** Price of one pack and the total, in points or whole coins. */
    unitPrice: integer('unit_price').notNull(),
    cost: integer('cost').notNull(),
    drawFrom: integer('draw_from').notNull(),
    movieStyle: smallint('movie_style').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** v2: the purchase's number in its lot (1, 2, …) and the buyer's per-lot tag. */
    seq: integer('seq'),
    buyerTag: text('buyer_tag'),
    /** When its cards were drawn; null while a v2 purchase waits for its beacon round. */
    drawnAt: timestamp('drawn_at', { withTimezone: true }),
    beaconRound: bigint('beacon_round', { mode: 'number' }),
    /** The purchase's share link code (random, unguessable; migration 0030). */
    shareCode: text('share_code').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (t) => [
    check('purchases_count', sql`${t.count} between 1 and 3000`),
    // Unique (trivially, id is the key) so that holdings can reference (user_id, id) together.
    uniqueIndex('purchases_user_idx').on(t.userId, t.id),
    index('purchases_pack_user_idx').on(t.packId, t.userId),
    index('purchases_undrawn_idx').on(t.packId, t.seq).where(sql`${t.drawnAt} is null`),
    uniqueIndex('purchases_lot_seq_idx').on(t.packId, t.seq).where(sql`${t.seq} is not null`),
    uniqueIndex('purchases_share_code_idx').on(t.shareCode),
  ],
);

/** The member's shipping request: the cards to send and the address as it was then. */
export const shippingRequests = pgTable(
  'shipping_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The purchase whose cards it ships; null for a card taken in the exchange shop (exchanges). */
    purchaseId: integer('purchase_id').references(() => purchases.id),
    address: jsonb('address').$type<ShippingAddress>().notNull(),
    /** 'requested' until the operator ships it, then 'shipped'. */
    status: text('status').notNull().default('requested'),
    deliveryCode: text('delivery_code').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    /**
     * The request whose parcel this one ships in (同梱, decision 051): the parcel's lead, which
     * itself names none. Null for a request that is a parcel of its own or leads one.
     */
    parcelId: integer('parcel_id').references((): AnyPgColumn => shippingRequests.id),
  },
  (t) => [
    index('shipping_requests_purchase_idx').on(t.purchaseId),
    // A member's requests: automatic combining's lookup and the console's member parcels (0038).
    index('shipping_requests_user_idx').on(t.userId),
    index('shipping_requests_parcel_idx').on(t.parcelId).where(sql`${t.parcelId} is not null`),
    check('shipping_requests_parcel_not_self', sql`${t.parcelId} is null or ${t.parcelId} <> ${t.id}`),
  ],
);

export interface ShippingAddress {
  name: string;
  zipcode: string;
  prefId: number;
  prefName: string;
  country: string;
  shiku: string;
  address: string;
  building: string;
  tel: string;
}

/**
 * A won card (the spec's history_id is its id). It waits 'pending' for the member's decision
 * until deadline_at, then becomes 'ship' or 'converted' exactly once.
 */
export const holdings = pgTable(
  'holdings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseId: integer('purchase_id').notNull(),
    /** The purchase's member (enforced by the composite key below). */
    userId: integer('user_id').notNull(),
    /**
     * The prize won. No foreign key (its check per card was a third of a 3000-card insert):
     * a trigger of migration 0005 refuses to delete a prize anyone has won instead.
     */
    prizeId: integer('prize_id').notNull(),
    /** Prize details as they were when won. */
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    rarity: smallint('rarity').notNull(),
    modelNumber: text('model_number').notNull(),
    num: integer('num').notNull(),
    buyPoint: integer('buy_point').notNull(),
    actionType: text('action_type').notNull(),
    state: text('state').notNull().default('pending'),
    deadlineAt: timestamp('deadline_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    shippingRequestId: integer('shipping_request_id').references(() => shippingRequests.id),
  },
  (t) => [
    check('holdings_state', sql`${t.state} in ('pending','ship','converted')`),
    // One key for purchase and member: a holding belongs to its purchase's member, and a
    // 3000-card purchase pays one referential check per card rather than two (measured: the
    // checks were most of the insert's time).
    foreignKey({
      name: 'holdings_purchase_member_fk',
      columns: [t.userId, t.purchaseId],
      foreignColumns: [purchases.userId, purchases.id],
    }).onDelete('cascade'),
    index('holdings_purchase_idx').on(t.purchaseId, t.id),
    index('holdings_due_idx').on(t.deadlineAt).where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * A free daily draw (decision 056): the member drew the free pack `packId` on the Japan-time day
 * `jstDay` with the purchase `purchaseId` (count 1, cost 0). Unique per member, pack and day: a
 * parallel second try cannot record a second draw. Cards of such a purchase convert with the
 * reason 'free_draw_conversion'.
 */
export const freeDraws = pgTable(
  'free_draws',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    packId: integer('pack_id')
      .notNull()
      .references(() => packs.id),
    jstDay: date('jst_day', { mode: 'string' }).notNull(),
    purchaseId: integer('purchase_id')
      .notNull()
      .references(() => purchases.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('free_draws_member_day_idx').on(t.userId, t.packId, t.jstDay),
    uniqueIndex('free_draws_purchase_idx').on(t.purchaseId),
  ],
);
