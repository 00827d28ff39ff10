import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { liveSessions } from '../../db/live-session.ts';
import { perDatabase } from '../../db/per-database.ts';
import { sessions, type SessionData } from '../../db/schema/sessions.ts';
import { keyedReads } from '../../db/tick-batcher.ts';

type SessionRow = { userId: number | null; data: SessionData };

/**
 * Every API request reads its session: prepared once per database, and the reads of one
 * event-loop turn share one statement (hundreds of open tabs polling cost a statement per turn,
 * not one each; decision 016, "Pack snapshots"). Each read still sees every commit made before
 * it was asked: the statement starts after.
 */
const sessionRowsQuery = perDatabase((db) =>
  db
    .select({ id: sessions.id, userId: sessions.userId, data: sessions.data })
    .from(sessions)
    .where(liveSessions(sql.placeholder('keys')))
    .prepare('session_rows'),
);

const sessionReads = perDatabase((db) => keyedReads((keys) => sessionRowsQuery(db).execute({ keys }), (row) => row.id));

/** The live session row of `key`, if any. */
export function findLiveSession(db: Db, key: string): Promise<SessionRow | undefined> {
  // The row as a session is kept (its key is the caller's already).
  return sessionReads(db)
    .submit(key)
    .then((row) => row && { userId: row.userId, data: row.data });
}

/**
 * Writes the data of a session that has a row, into that row only while it is live and still
 * the same person's: false when it has ended meanwhile (logout, suspension, a password reset,
 * expiry). An ended session's row is never written back (issue 22 A): a request that read its
 * session before the end and saves after it would otherwise sign the member in again.
 */
export async function updateSessionData(db: Db, key: string, userId: number | null, data: SessionData): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ data })
    .where(and(eq(sessions.id, key), userId === null ? isNull(sessions.userId) : eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/**
 * Creates a visitor's row (no member) holding `data`, expiring at `expiresAt`; a visitor row made
 * meanwhile under the key takes the data, a member's row is left as it is.
 */
export async function insertVisitorSessionData(db: Db, key: string, data: SessionData, expiresAt: Date): Promise<void> {
  await db
    .insert(sessions)
    .values({ id: key, userId: null, data, expiresAt })
    .onConflictDoUpdate({ target: sessions.id, set: { data }, setWhere: isNull(sessions.userId) });
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
