import { asc, eq, inArray, like, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { media } from '../../db/schema/settings.ts';

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
      },
      setWhere: sql`${media.body} is distinct from excluded.body or ${media.contentType} is distinct from excluded.content_type`,
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

export async function getMedia(db: DbOrTx, id: string): Promise<MediaRow | undefined> {
  const [row] = await db
    .select({ id: media.id, contentType: media.contentType, body: media.body })
    .from(media)
    .where(eq(media.id, id));
  return row;
}

/** The ids among `ids` that are stored. */
export async function existingMediaIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(inArray(media.id, [...ids]));
  return new Set(rows.map((r) => r.id));
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
