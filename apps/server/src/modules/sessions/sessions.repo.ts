import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { liveSession } from '../../db/live-session.ts';
import { perDatabase } from '../../db/per-database.ts';
import { sessions, type SessionData } from '../../db/schema/sessions.ts';

/** Every API request reads its session: prepared once per database, not built per request. */
const sessionRowQuery = perDatabase((db) =>
  db
    .select({ userId: sessions.userId, data: sessions.data })
    .from(sessions)
    .where(liveSession(sql.placeholder('key')))
    .limit(1)
    .prepare('session_row'),
);

/** The live session row of `key`, if any. */
export async function findLiveSession(db: Db, key: string): Promise<{ userId: number | null; data: SessionData } | undefined> {
  const [row] = await sessionRowQuery(db).execute({ key });
  return row;
}

/** Writes a session's data, creating its row (expiring at `expiresAt`) when it has none. */
export async function upsertSessionData(db: Db, key: string, userId: number | null, data: SessionData, expiresAt: Date): Promise<void> {
  await db
    .insert(sessions)
    .values({ id: key, userId, data, expiresAt })
    .onConflictDoUpdate({ target: sessions.id, set: { data } });
}

/** Replaces a session by a new member session, in one transaction. */
export async function replaceSession(
  db: Db,
  previousKey: string,
  next: { key: string; userId: number; remember: boolean; expiresAt: Date },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, previousKey));
    await tx.insert(sessions).values({ id: next.key, userId: next.userId, remember: next.remember, data: {}, expiresAt: next.expiresAt });
  });
}

export async function deleteSession(db: DbOrTx, key: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, key));
}

/** Deletes expired sessions; answers how many went. */
export async function deleteExpired(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${now}`)
    .returning({ id: sessions.id });
  return gone.length;
}

/** Deletes a member's sessions, or all but `exceptKey`; answers how many went. */
export async function deleteMemberSessions(db: DbOrTx, userId: number, exceptKey?: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(exceptKey === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, exceptKey)))
    .returning({ id: sessions.id });
  return gone.length;
}
