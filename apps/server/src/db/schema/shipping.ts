import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './admin.ts';
import { shippingRequests } from './gacha.ts';

/**
 * Each state a shipping request entered (issue 13): who moved it and when. A request enters each
 * state at most once (the unique index), which is what makes a transition idempotent: the same
 * transition twice writes no second event. The request's own `status` is the current state.
 */
export const shippingEvents = pgTable(
  'shipping_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => shippingRequests.id, { onDelete: 'cascade' }),
    fromState: text('from_state').notNull(),
    toState: text('to_state').notNull(),
    /** Null for the command line or a system step. */
    operatorId: integer('operator_id').references(() => operators.id),
    /** The operator's mail at the time, or 'cli'. */
    actor: text('actor').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_events_request_state_idx').on(t.requestId, t.toState),
    index('shipping_events_created_idx').on(t.createdAt),
    check(
      'shipping_events_to_state',
      sql`${t.toState} in ('requested','picking','packed','shipped','delivered','returned','cancelled')`,
    ),
  ],
);

/**
 * The parcel of a shipped request: the carrier and its tracking number (the request's
 * `delivery_code` carries the same number for the pack history of spec section 3).
 */
export const shippingParcels = pgTable(
  'shipping_parcels',
  {
    requestId: integer('request_id')
      .primaryKey()
      .references(() => shippingRequests.id, { onDelete: 'cascade' }),
    /** 'yamato' | 'sagawa' | 'japanpost' (contract admin-shipping.ts CARRIERS). */
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shipping_parcels_carrier', sql`${t.carrier} in ('yamato','sagawa','japanpost')`)],
);
