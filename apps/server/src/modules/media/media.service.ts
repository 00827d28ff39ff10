import { createHash, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { BlobStore } from './blob-store.ts';
import { dbBlobStore } from './db-blob-store.ts';
import { attachBlob, getMedia, putMedia, type StoredBlob } from './media.repo.ts';
import { blobStoreOf, mediaStoreFor } from './media-store.ts';

/** Where a stored file is, for modules that keep files of their own in the media store (inquiries). */
export type { StoredBlob } from './media.repo.ts';

/**
 * Streams `source` into `store` under a fresh key, hashing and counting on the way: the file is
 * never whole in memory. Answers where it went; no media row points at it yet.
 */
export async function writeBlob(db: DbOrTx, store: BlobStore, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<StoredBlob> {
  const hash = createHash('sha256');
  async function* hashed(): AsyncGenerator<Buffer> {
    for await (const piece of source) {
      hash.update(piece);
      yield piece;
    }
  }
  const blobKey = randomUUID();
  const byteSize = await store.write(db, blobKey, hashed());
  return { storage: store.storage, blobKey, byteSize, sha256: hash.digest('hex') };
}

/** Removes files from their stores (after the transaction that let go of them committed). */
export async function removeBlobs(db: DbOrTx, config: Config, blobs: readonly (StoredBlob | undefined)[]): Promise<void> {
  for (const blob of blobs) if (blob) await blobStoreOf(blob.storage, config).remove(db, [blob.blobKey]);
}

/**
 * Stores a stream as media `id` in the configured store (MEDIA_STORE), replacing what was there;
 * the replaced file is removed once the new row is committed.
 */
export async function storeMediaStream(db: Db, config: Config, id: string, contentType: string, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<StoredBlob> {
  const blob = await writeBlob(db, mediaStoreFor(config), source);
  try {
    const replaced = await db.transaction((tx) => attachBlob(tx, id, contentType, blob));
    await removeBlobs(db, config, [replaced]);
    return blob;
  } catch (error) {
    await removeBlobs(db, config, [blob]).catch(() => undefined);
    throw error;
  }
}

/**
 * Stores a file's bytes as media inside the caller's transaction (pack and exchange spec images
 * from operator commands): SVG as text, everything else in the database's chunk store, so the
 * transaction's rollback takes it back too.
 */
export async function saveMediaFile(db: DbOrTx, id: string, contentType: string, data: Buffer): Promise<void> {
  if (contentType === 'image/svg+xml') return putMedia(db, id, contentType, data.toString('utf8'));
  const blob = await writeBlob(db, dbBlobStore, [data]);
  const replaced = await attachBlob(db, id, contentType, blob);
  // A replaced file of the same store goes in the same transaction; one in the object store
  // (never under these spec ids) is left for the operator.
  if (replaced?.storage === 'db') await dbBlobStore.remove(db, [replaced.blobKey]);
}

/** Stores a media body under its id for other modules (pack and exchange files), replacing what was there. */
export async function saveMedia(db: DbOrTx, id: string, contentType: string, body: string): Promise<void> {
  await putMedia(db, id, contentType, body);
}

/**
 * The bytes a /media/<id> URL serves, read whole from the store that holds the file (text media
 * as stored); undefined when the URL names no stored medium. For images a lot's commitment hashes.
 */
export async function mediaBytes(db: DbOrTx, config: Config, url: string): Promise<Buffer | undefined> {
  const id = url.startsWith('/media/') ? url.slice('/media/'.length) : undefined;
  const row = id === undefined ? undefined : await getMedia(db, id);
  if (!row) return undefined;
  if (!row.blob) return Buffer.from(row.body, 'utf8');
  if (row.blob.byteSize === 0) return Buffer.alloc(0);
  const pieces: Buffer[] = [];
  const stream = blobStoreOf(row.blob.storage, config).read(db, row.blob.blobKey, { start: 0, end: row.blob.byteSize - 1 });
  for await (const piece of stream) pieces.push(piece as Buffer);
  return Buffer.concat(pieces);
}
