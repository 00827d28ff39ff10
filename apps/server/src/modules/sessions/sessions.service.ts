import type { Db, DbOrTx } from '../../db/client.ts';
import type { SessionData } from '../../db/schema/sessions.ts';
import * as repo from './sessions.repo.ts';

/**
 * Sessions: the one owner of the sessions table. http/session.ts keeps the cookie (token,
 * hashing, Set-Cookie) and asks this service for the rows. The purchase hot path alone reads and
 * writes session rows inside its own statements (docs/decisions/005-purchase-batching.md).
 */

/** A plain session lasts a day from its start; 'skip input next time' keeps it 30 days. */
export const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
export const REMEMBER_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface Session {
  /** SHA-256 of the cookie token: the row id and what csrf tokens are bound to. */
  key: string;
  userId: number | null;
  data: SessionData;
  /** Whether a row exists for this session. */
  persisted: boolean;
  /**
   * Set when the row was not read before the handler: routes of the purchase hot path read it
   * in their own first statement (see `memberPostByKey` in route.ts). userId and data are empty.
   */
  deferred?: true;
}

/** The live session of `key`, or a fresh visitor's (no row yet) when there is none. */
export async function readSession(db: Db, key: string): Promise<Session> {
  const row = await repo.findLiveSession(db, key);
  if (row) return { key, userId: row.userId, data: row.data, persisted: true };
  return { key, userId: null, data: {}, persisted: false };
}

/**
 * Remembers values in the session, creating its row only for a visitor who has none. A session
 * that had a row (every member's) is written by update only: when it ended meanwhile nothing is
 * written and the answer is false (the request goes on as it was; the next one is a visitor's).
 */
export async function saveSessionData(db: Db, session: Session, patch: SessionData): Promise<boolean> {
  const data = { ...session.data, ...patch };
  if (session.persisted || session.userId !== null) {
    if (!(await repo.updateSessionData(db, session.key, session.userId, data))) return false;
  } else {
    await repo.insertVisitorSessionData(db, session.key, data, new Date(Date.now() + SESSION_TTL_MS));
  }
  session.data = data;
  session.persisted = true;
  return true;
}

/** Replaces `previous` by a new member session under `key` (the id rotates on login). */
export async function openMemberSession(db: Db, previous: Session, key: string, userId: number, remember: boolean): Promise<Session> {
  const ttl = remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  await repo.replaceSession(db, previous.key, { key, userId, remember, expiresAt: new Date(Date.now() + ttl) });
  return { key, userId, data: {}, persisted: true };
}

/** Deletes a session's row (logout). */
export async function closeSession(db: Db, session: Session): Promise<void> {
  await repo.deleteSession(db, session.key);
}

/** Deletes expired sessions; the sweeper calls it. Returns how many went. */
export function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  return repo.deleteExpired(db, now);
}

/**
 * Ends every session of a member (after a password reset), or every one but `exceptKey` (after
 * a password change, the session that made it stays). Returns how many ended.
 */
export function endMemberSessions(db: DbOrTx, userId: number, exceptKey?: string): Promise<number> {
  return repo.deleteMemberSessions(db, userId, exceptKey);
}
