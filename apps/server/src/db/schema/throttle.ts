import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Counted requests of a throttle that has no table of its own (registrations per IP, later
 * others): one row per request let through, by scope and key. A throttle counts its recent rows
 * under the key's lock (modules/throttle); the sweeper drops old ones.
 */
export const throttleHits = pgTable(
  'throttle_hits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Which throttle, e.g. 'registration-ip'. */
    scope: text('scope').notNull(),
    /** What it counts for, e.g. the client IP. */
    key: text('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('throttle_hits_key_idx').on(t.scope, t.key, t.createdAt),
    index('throttle_hits_created_idx').on(t.createdAt),
  ],
);
