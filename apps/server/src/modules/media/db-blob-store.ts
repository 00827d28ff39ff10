import { Readable } from 'node:stream';
import type { DbOrTx } from '../../db/client.ts';
import { rechunk, type BlobStore, type ByteSpan } from './blob-store.ts';
import { deleteChunks, insertChunk, readChunks } from './media-chunks.repo.ts';

/**
 * Bytes of a chunk row: 192 KiB, a multiple of 3 so that the base64 bodies of files stored before
 * decision 034 split into chunks that decode alone (migration 0023 uses the same size).
 */
export const CHUNK_BYTES = 196_608;
/** Chunks fetched per query while serving: 768 KiB in memory per reader at most. */
const CHUNKS_PER_READ = 4;

/** Files as rows of `bytea` chunks in the shop's own database (PostgreSQL or PGlite): the default store. */
export const dbBlobStore: BlobStore = {
  storage: 'db',

  async write(db, key, source) {
    let seq = 0;
    let bytes = 0;
    try {
      for await (const chunk of rechunk(source, CHUNK_BYTES)) {
        await insertChunk(db, key, seq++, chunk);
        bytes += chunk.length;
      }
    } catch (error) {
      // Inside a transaction the rollback removes them; outside one, delete what was written.
      await deleteChunks(db, [key]).catch(() => undefined);
      throw error;
    }
    return bytes;
  },

  read(db, key, span) {
    return Readable.from(readSpan(db, key, span), { objectMode: false });
  },

  async remove(db, keys) {
    await deleteChunks(db, keys);
  },
};

/** The chunks covering `span`, a few at a time as the reader asks, trimmed to the span. */
async function* readSpan(db: DbOrTx, key: string, span: ByteSpan): AsyncGenerator<Buffer> {
  const first = Math.floor(span.start / CHUNK_BYTES);
  const last = Math.floor(span.end / CHUNK_BYTES);
  for (let from = first; from <= last; from += CHUNKS_PER_READ) {
    const to = Math.min(from + CHUNKS_PER_READ - 1, last);
    const chunks = await readChunks(db, key, from, to);
    if (chunks.length !== to - from + 1) throw new Error(`media chunks ${from}-${to} of ${key} are missing`);
    for (const [i, chunk] of chunks.entries()) {
      const offset = (from + i) * CHUNK_BYTES;
      const startIn = Math.max(span.start - offset, 0);
      const endIn = Math.min(span.end - offset + 1, chunk.length);
      if (endIn > startIn) yield chunk.subarray(startIn, endIn);
    }
  }
}
