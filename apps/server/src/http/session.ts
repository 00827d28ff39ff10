import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  closeSession,
  openMemberSession,
  readSession,
  REMEMBER_TTL_MS,
  SESSION_TTL_MS,
  type Session,
} from '../modules/sessions/sessions.service.ts';

/**
 * The session cookie: its token, the key (hash) it names, and Set-Cookie. The rows belong to
 * the sessions module (modules/sessions), which this asks.
 */

export { REMEMBER_TTL_MS, SESSION_TTL_MS, type Session };
export const SESSION_COOKIE = 'oripa_sid';

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
    return readSession(db, key);
  }
  const fresh = newToken();
  setSessionCookie(reply, fresh, opts);
  return { key: hashToken(fresh), userId: null, data: {}, persisted: false };
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
  const session = await openMemberSession(db, previous, hashToken(token), userId, remember);
  setSessionCookie(reply, token, opts, remember ? REMEMBER_TTL_MS : undefined);
  return session;
}

/** Ends the session: its row goes and the browser gets a fresh visitor cookie. */
export async function endSession(
  db: Db,
  reply: FastifyReply,
  previous: Session,
  opts: CookieOptions,
): Promise<Session> {
  await closeSession(db, previous);
  const token = newToken();
  setSessionCookie(reply, token, opts);
  return { key: hashToken(token), userId: null, data: {}, persisted: false };
}
