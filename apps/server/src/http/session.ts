import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne, sql, type Placeholder } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../db/client.ts';
import { perDatabase } from '../db/per-database.ts';
import { sessions, type SessionData } from '../db/schema/sessions.ts';

export const SESSION_COOKIE = 'oripa_sid';
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

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

interface CookieOptions {
  secure: boolean;
}

function setSessionCookie(
  reply: FastifyReply,
  token: string,
  opts: CookieOptions,
  maxAgeMs?: number,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: opts.secure,
    ...(maxAgeMs ? { maxAge: Math.floor(maxAgeMs / 1000) } : {}),
  });
}

/** The session key the request's cookie names, when it carries a well-formed one. */
export function cookieSessionKey(request: FastifyRequest): string | undefined {
  const token = request.cookies[SESSION_COOKIE];
  return token && TOKEN_PATTERN.test(token) ? hashToken(token) : undefined;
}

/** A session whose row the route reads itself (see Session.deferred). */
export function deferredSession(key: string): Session {
  return { key, userId: null, data: {}, persisted: true, deferred: true };
}

/** The session row of `key`, if it has not expired: what counts as a live session. */
export function liveSession(key: Placeholder | string) {
  return and(eq(sessions.id, key), gt(sessions.expiresAt, sql`now()`));
}

/** Every API request reads its session: prepared once per database, not built per request. */
const sessionRow = perDatabase((db) =>
  db
    .select({ userId: sessions.userId, data: sessions.data })
    .from(sessions)
    .where(liveSession(sql.placeholder('key')))
    .limit(1)
    .prepare('session_row'),
);

/**
 * Reads the session of a request, giving the browser a new cookie when it has none (or an
 * unknown one). No row is written for a visitor until something must be remembered.
 */
export async function loadSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  opts: CookieOptions,
): Promise<Session> {
  const key = cookieSessionKey(request);
  if (key) {
    const [row] = await sessionRow(db).execute({ key });
    if (row) return { key, userId: row.userId, data: row.data, persisted: true };
    return { key, userId: null, data: {}, persisted: false };
  }
  const fresh = newToken();
  setSessionCookie(reply, fresh, opts);
  return { key: hashToken(fresh), userId: null, data: {}, persisted: false };
}

/** Remembers values in the session (creating its row for a visitor). */
export async function saveSessionData(
  db: Db,
  session: Session,
  patch: SessionData,
): Promise<void> {
  const data = { ...session.data, ...patch };
  await db
    .insert(sessions)
    .values({
      id: session.key,
      userId: session.userId,
      data,
      expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    })
    .onConflictDoUpdate({ target: sessions.id, set: { data } });
  session.data = data;
  session.persisted = true;
}

/**
 * Starts a member session under a new cookie (the id rotates on login, so a planted cookie is
 * worthless) and drops the old one. Returns the new session.
 */
export async function startMemberSession(
  db: Db,
  reply: FastifyReply,
  previous: Session,
  userId: number,
  remember: boolean,
  opts: CookieOptions,
): Promise<Session> {
  const token = newToken();
  const key = hashToken(token);
  const ttl = remember ? REMEMBER_TTL_MS : SESSION_TTL_MS;
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(eq(sessions.id, previous.key));
    await tx.insert(sessions).values({
      id: key,
      userId,
      remember,
      data: {},
      expiresAt: new Date(Date.now() + ttl),
    });
  });
  setSessionCookie(reply, token, opts, remember ? ttl : undefined);
  return { key, userId, data: {}, persisted: true };
}

/** Ends the session: its row goes and the browser gets a fresh visitor cookie. */
export async function endSession(
  db: Db,
  reply: FastifyReply,
  previous: Session,
  opts: CookieOptions,
): Promise<Session> {
  await db.delete(sessions).where(eq(sessions.id, previous.key));
  const token = newToken();
  setSessionCookie(reply, token, opts);
  return { key: hashToken(token), userId: null, data: {}, persisted: false };
}

/** Deletes expired sessions; the sweeper calls it. Returns how many went. */
export async function deleteExpiredSessions(db: Db, now: Date): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(sql`${sessions.expiresAt} <= ${now}`)
    .returning({ id: sessions.id });
  return gone.length;
}

/**
 * Ends every session of a member (after a password reset), or every one but `exceptKey` (after
 * a password change, the session that made it stays). Returns how many ended.
 */
export async function endMemberSessions(db: DbOrTx, userId: number, exceptKey?: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(exceptKey === undefined ? eq(sessions.userId, userId) : and(eq(sessions.userId, userId), ne(sessions.id, exceptKey)))
    .returning({ id: sessions.id });
  return gone.length;
}
