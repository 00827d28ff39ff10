import { createHash, randomBytes } from 'node:crypto';
import { ADMIN_IDLE_MINUTES, type AdminPermission, type CompensationLimit, type LoginStep, type OperatorRole } from '@oripa/contract/admin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { deleteExpiredSessions, deleteSession, insertSession, touchSession } from './operators.repo.ts';
import { rolePowers } from './operator-roles.service.ts';

/**
 * The console's session: its own cookie, sent only to /api/admin (members' pages never carry
 * it), SameSite=Strict. It ends after 30 idle minutes and at the latest 12 hours after login.
 */
export const ADMIN_COOKIE = 'oripa_admin';
const COOKIE_PATH = '/api/admin';
export const IDLE_MS = ADMIN_IDLE_MINUTES * 60_000;
const ABSOLUTE_MS = 12 * 60 * 60 * 1000;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The operator a request's session belongs to, and how far its login got. */
export interface SignedOperator {
  id: number;
  mail: string;
  name: string;
  role: OperatorRole;
  step: LoginStep;
  pendingSecret: string | null;
  mustChangePassword: boolean;
  totpSecret: string | null;
  /** The role's permissions as the owner set them, read with the session (decision 049). */
  permissions: ReadonlySet<AdminPermission>;
  /** The largest points or coins adjustment of one call; null parts for the owner. */
  compensationLimit: CompensationLimit;
}

/** Whether the signed-in operator may do this now. */
export function operatorMay(operator: SignedOperator, permission: AdminPermission): boolean {
  return operator.permissions.has(permission);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on console calls: the operator of the console session, or null. */
    operator: SignedOperator | null;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

function setCookie(reply: FastifyReply, token: string, secure: boolean): void {
  reply.setCookie(ADMIN_COOKIE, token, { path: COOKIE_PATH, httpOnly: true, sameSite: 'strict', secure });
}

/**
 * Reads the console session of a request (moving its idle expiry on) and gives a browser without
 * one a fresh cookie, so its csrf tokens are bound to a key of its own before it logs in.
 * Returns the session key and the operator.
 */
export async function readConsoleSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  secure: boolean,
  now = new Date(),
): Promise<{ key: string; operator: SignedOperator | null }> {
  const token = request.cookies[ADMIN_COOKIE];
  if (!token || !TOKEN_PATTERN.test(token)) {
    const fresh = randomBytes(32).toString('base64url');
    setCookie(reply, fresh, secure);
    return { key: hashToken(fresh), operator: null };
  }
  const key = hashToken(token);
  const found = await touchSession(db, key, new Date(now.getTime() + IDLE_MS));
  if (!found) return { key, operator: null };
  const { session, operator } = found;
  const role = operator.role as OperatorRole;
  const powers = await rolePowers(db, role);
  return {
    key,
    operator: {
      id: operator.id,
      mail: operator.mail,
      name: operator.name,
      role,
      step: session.step as LoginStep,
      pendingSecret: session.pendingSecret,
      mustChangePassword: operator.mustChangePassword,
      totpSecret: operator.totpSecret,
      permissions: powers.permissions,
      compensationLimit: powers.compensationLimit,
    },
  };
}

/** Starts a console session at `step` under a new cookie (the id rotates at login). */
export async function startConsoleSession(
  db: DbOrTx,
  reply: FastifyReply,
  previousKey: string,
  operatorId: number,
  step: LoginStep,
  secure: boolean,
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const key = hashToken(token);
  await deleteSession(db, previousKey);
  await insertSession(db, {
    id: key,
    operatorId,
    step,
    expiresAt: new Date(now.getTime() + IDLE_MS),
    endsAt: new Date(now.getTime() + ABSOLUTE_MS),
  });
  setCookie(reply, token, secure);
  return key;
}

/** Ends the console session; the browser gets a fresh cookie. Returns the new key. */
export async function endConsoleSession(db: DbOrTx, reply: FastifyReply, key: string, secure: boolean): Promise<string> {
  await deleteSession(db, key);
  const fresh = randomBytes(32).toString('base64url');
  setCookie(reply, fresh, secure);
  return hashToken(fresh);
}

/** Sweeper job: deletes console sessions past their idle or absolute end. */
export function deleteExpiredConsoleSessions(db: Db, now: Date): Promise<number> {
  return deleteExpiredSessions(db, now);
}
