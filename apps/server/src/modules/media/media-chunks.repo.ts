import { and, asc, between, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { mediaChunks } from '../../db/schema/settings.ts';

/** Stores chunk `seq` of the file under `blobKey`. */
export async function insertChunk(db: DbOrTx, blobKey: string, seq: number, data: Buffer): Promise<void> {
  await db.insert(mediaChunks).values({ blobKey, seq, data });
}

/** Chunks `fromSeq`..`toSeq` (inclusive) of a file, in order. */
export async function readChunks(db: DbOrTx, blobKey: string, fromSeq: number, toSeq: number): Promise<Buffer[]> {
  const rows = await db
    .select({ data: mediaChunks.data })
    .from(mediaChunks)
    .where(and(eq(mediaChunks.blobKey, blobKey), between(mediaChunks.seq, fromSeq, toSeq)))
    .orderBy(asc(mediaChunks.seq));
  return rows.map((r) => r.data);
}

/** Deletes every chunk of the files under `blobKeys`. */
export async function deleteChunks(db: DbOrTx, blobKeys: readonly string[]): Promise<void> {
  if (blobKeys.length === 0) return;
  await db.delete(mediaChunks).where(inArray(mediaChunks.blobKey, [...blobKeys]));
}
