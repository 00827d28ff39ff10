import { inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/settings.ts';
import type { BlobStorage } from './blob-store.ts';
import type { StoredBlob } from './media.repo.ts';

/** Stored media ids starting with `prefix`, with their size in bytes (bodies stay in the database). */
export function mediaSizes(db: DbOrTx, prefix: string): Promise<{ id: string; bytes: number }[]> {
  return db
    .select({
      id: media.id,
      // Files carry their size; text media (SVG art) are their body.
      bytes: sql<number>`coalesce(${media.byteSize}, octet_length(${media.body}))::int`,
    })
    .from(media)
    .where(like(media.id, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .orderBy(media.id);
}

/** Deletes media rows; answers the files they pointed at, to remove from their store once committed. */
export async function deleteMedia(tx: DbOrTx, ids: readonly string[]): Promise<{ count: number; blobs: StoredBlob[] }> {
  if (ids.length === 0) return { count: 0, blobs: [] };
  const rows = await tx
    .delete(media)
    .where(inArray(media.id, [...ids]))
    .returning({ storage: media.storage, blobKey: media.blobKey, byteSize: media.byteSize, sha256: media.sha256 });
  const blobs = rows.flatMap((r) =>
    r.blobKey !== null && r.sha256 !== null ? [{ storage: r.storage as BlobStorage, blobKey: r.blobKey, byteSize: r.byteSize ?? 0, sha256: r.sha256 }] : [],
  );
  return { count: rows.length, blobs };
}
