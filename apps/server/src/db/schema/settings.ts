import { bigint, customType, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Shop-wide switches and secrets (maintenance flag, csrf key), one row a key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Generated images (card, pack and banner art) and operator uploads, served under /media.
 * Text media (SVG art) live in `body`; files live in a blob store (`storage` 'db': rows of
 * media_chunks, 's3': an object store) under `blob_key`, with their size and SHA-256 (decision 034).
 */
export const media = pgTable('media', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  body: text('body').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  storage: text('storage').notNull().default('inline'),
  blobKey: text('blob_key'),
  byteSize: bigint('byte_size', { mode: 'number' }),
  sha256: text('sha256'),
});

/** PostgreSQL bytea as a Node Buffer, whichever driver (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/** A stored file's bytes in order, a fixed-size chunk a row (db-blob-store.ts), so no row holds a whole video. */
export const mediaChunks = pgTable(
  'media_chunks',
  {
    blobKey: text('blob_key').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.blobKey, t.seq] })],
);
