import { asc, eq, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/settings.ts';
import type { BlobStorage } from './blob-store.ts';

/** Media ids: lowercase, no slashes, so a path can never leave the table's namespace. */
export const MEDIA_ID = /^[a-z0-9][a-z0-9._-]{0,120}$/;

export interface MediaRow {
  id: string;
  contentType: string;
  body: string;
}

/** Stores a media body under its id, replacing what was there (rows are only rewritten when they differ). */
export async function putMedia(db: DbOrTx, id: string, contentType: string, body: string): Promise<void> {
  await putManyMedia(db, [{ id, contentType, body }]);
}

/** Stores many media rows in one statement; unchanged rows are left alone. */
export async function putManyMedia(db: DbOrTx, rows: readonly MediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(media)
    .values(rows.map((r) => ({ id: r.id, contentType: r.contentType, body: r.body })))
    .onConflictDoUpdate({
      target: media.id,
      set: {
        contentType: sql`excluded.content_type`,
        body: sql`excluded.body`,
        storage: 'inline',
        blobKey: null,
        byteSize: null,
        sha256: null,
      },
      setWhere: sql`${media.body} is distinct from excluded.body or ${media.contentType} is distinct from excluded.content_type or ${media.blobKey} is not null`,
    });
}

/** Stores the rows whose ids are absent; existing rows (perhaps an operator's upload) stay. */
export async function addMissingMedia(db: DbOrTx, rows: readonly MediaRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(media)
    .values(rows.map((r) => ({ id: r.id, contentType: r.contentType, body: r.body })))
    .onConflictDoNothing({ target: media.id });
}

/** A file kept in a blob store (blob-store.ts): where, under which key, its size and SHA-256 (hex). */
export interface StoredBlob {
  storage: BlobStorage;
  blobKey: string;
  byteSize: number;
  sha256: string;
}

/** A media row as served: text media carry `body`, files a `blob`. */
export interface ServedMedia {
  id: string;
  contentType: string;
  body: string;
  blob?: StoredBlob;
}

const blobOf = (r: { storage: string; blobKey: string | null; byteSize: number | null; sha256: string | null }): StoredBlob | undefined =>
  r.blobKey !== null && r.byteSize !== null && r.sha256 !== null && (r.storage === 'db' || r.storage === 's3')
    ? { storage: r.storage, blobKey: r.blobKey, byteSize: r.byteSize, sha256: r.sha256 }
    : undefined;

const servedColumns = {
  id: media.id,
  contentType: media.contentType,
  body: media.body,
  storage: media.storage,
  blobKey: media.blobKey,
  byteSize: media.byteSize,
  sha256: media.sha256,
};

export async function getMedia(db: DbOrTx, id: string): Promise<ServedMedia | undefined> {
  const [row] = await db.select(servedColumns).from(media).where(eq(media.id, id));
  if (!row) return undefined;
  const blob = blobOf(row);
  return { id: row.id, contentType: row.contentType, body: row.body, ...(blob ? { blob } : {}) };
}

/**
 * Points media `id` at a stored file (creating or replacing the row); answers the file it
 * replaced, which the caller removes from its store once this transaction has committed.
 */
export async function attachBlob(tx: DbOrTx, id: string, contentType: string, blob: StoredBlob): Promise<StoredBlob | undefined> {
  const [before] = await tx.select(servedColumns).from(media).where(eq(media.id, id)).for('update');
  const values = { contentType, body: '', storage: blob.storage, blobKey: blob.blobKey, byteSize: blob.byteSize, sha256: blob.sha256 };
  await tx
    .insert(media)
    .values({ id, ...values })
    .onConflictDoUpdate({ target: media.id, set: values });
  const replaced = before ? blobOf(before) : undefined;
  return replaced?.blobKey === blob.blobKey ? undefined : replaced;
}

/** Whether a media row points at the file under `blobKey` (an upload no request claimed is not). */
export async function isBlobAttached(db: DbOrTx, blobKey: string): Promise<boolean> {
  const rows = await db.select({ id: media.id }).from(media).where(eq(media.blobKey, blobKey)).limit(1);
  return rows.length > 0;
}


/** Ids of stored media starting with `prefix` (without their bodies). */
export async function mediaIdsStartingWith(db: DbOrTx, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(like(media.id, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .orderBy(asc(media.id));
  return rows.map((r) => r.id);
}
