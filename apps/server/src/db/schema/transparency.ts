import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { packs } from './catalog.ts';

/** The transparency log's entries (RFC 8785 bodies); leaf_index is given when sequenced. */
export const transparencyEntries = pgTable(
  'transparency_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leafIndex: bigint('leaf_index', { mode: 'number' }),
    type: text('type').notNull(),
    lotId: integer('lot_id'),
    seq: integer('seq'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('transparency_entries_leaf_idx').on(t.leafIndex),
    index('transparency_entries_unsequenced_idx').on(t.id).where(sql`${t.leafIndex} is null`),
    index('transparency_entries_lot_idx').on(t.lotId, t.type, t.seq),
  ],
);

/** Signed tree heads, one per tree size. */
export const transparencyHeads = pgTable('transparency_heads', {
  treeSize: bigint('tree_size', { mode: 'number' }).primaryKey(),
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  rootHash: text('root_hash').notNull(),
  signature: text('signature').notNull(),
});

/** Beacon rounds used by draws, verified when received. */
export const beaconRounds = pgTable(
  'beacon_rounds',
  {
    chainHash: text('chain_hash').notNull(),
    round: bigint('round', { mode: 'number' }).notNull(),
    signature: text('signature').notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainHash, t.round] })],
);

/** What remains of a v2 lot after its drawn purchases (the drawer's row). */
export const lotDrawState = pgTable('lot_draw_state', {
  packId: integer('pack_id')
    .primaryKey()
    .references(() => packs.id, { onDelete: 'cascade' }),
  remaining: integer('remaining').array().notNull(),
  drawnSeq: integer('drawn_seq').notNull().default(0),
});
