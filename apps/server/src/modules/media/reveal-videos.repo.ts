import { inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/settings.ts';

/** Stored media ids starting with `prefix`, with their size in bytes (bodies stay in the database). */
export function mediaSizes(db: DbOrTx, prefix: string): Promise<{ id: string; bytes: number }[]> {
  return db
    .select({
      id: media.id,
      // Binary media are stored as base64 (media.service.ts): 3 bytes per 4 characters, less padding.
      bytes: sql<number>`(length(${media.body}) * 3 / 4 - (case when right(${media.body}, 2) = '==' then 2 when right(${media.body}, 1) = '=' then 1 else 0 end))::int`,
    })
    .from(media)
    .where(like(media.id, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`))
    .orderBy(media.id);
}

/** Deletes media rows; answers how many there were. */
export async function deleteMedia(tx: DbOrTx, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tx.delete(media).where(inArray(media.id, [...ids])).returning({ id: media.id });
  return rows.length;
}
