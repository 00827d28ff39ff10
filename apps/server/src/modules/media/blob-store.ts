import type { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client.ts';

/** Where media files live: 'db' (chunks in PostgreSQL or PGlite) or 's3' (an S3-compatible store). */
export type BlobStorage = 'db' | 's3';

/** The inclusive byte range of a file to read. */
export interface ByteSpan {
  start: number;
  end: number;
}

/**
 * A store of media files by key. Files go in as a stream and come out as a stream of any range,
 * so no file is ever held whole in memory. The database handle is passed on each call because
 * the 'db' store writes inside the caller's transaction when there is one (PGlite has a single
 * connection: a write on another handle inside a transaction would wait forever).
 */
export interface BlobStore {
  readonly storage: BlobStorage;
  /** Writes `source` under `key`; answers the bytes written. On failure nothing remains under the key. */
  write(db: DbOrTx, key: string, source: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<number>;
  /** The bytes `span` of the file under `key` (the caller knows its size). */
  read(db: DbOrTx, key: string, span: ByteSpan): Readable;
  /** Deletes the files under `keys`; missing keys are no error. */
  remove(db: DbOrTx, keys: readonly string[]): Promise<void>;
}

/**
 * Re-cuts a stream of buffers of any sizes into buffers of exactly `size` bytes (the last may be
 * shorter, an empty source gives nothing). Holds at most one chunk.
 */
export async function* rechunk(source: AsyncIterable<Buffer> | Iterable<Buffer>, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let rest = piece;
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      pending.push(rest.subarray(0, take));
      yield Buffer.concat(pending, size);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length > 0) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending, pendingBytes);
}
