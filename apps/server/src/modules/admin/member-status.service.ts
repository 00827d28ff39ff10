import type { Db, DbOrTx } from '../../db/client.ts';
import { endMemberSessions } from '../sessions/sessions.service.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { deleteSuspension, findSuspension, insertNote, insertSuspension, notesOf } from './member-status.repo.ts';

/** Whether an operator suspended the member (login refuses them). */
export async function isMemberSuspended(db: DbOrTx, userId: number): Promise<boolean> {
  return (await findSuspension(db, userId)) !== undefined;
}

export async function suspensionOf(db: DbOrTx, userId: number): Promise<{ reason: string; created_at: string } | null> {
  const row = await findSuspension(db, userId);
  return row ? { reason: row.reason, created_at: row.createdAt.toISOString() } : null;
}

/**
 * Suspends or reactivates a member, audited with the reason. Suspending ends every session of
 * the member in the same transaction: with no session and login refused, they can buy,
 * exchange or decide nothing. Doing what is already so changes (and audits) nothing.
 */
export async function setSuspended(db: Db, userId: number, suspended: boolean, reason: string, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (suspended) {
      if (!(await insertSuspension(tx, { userId, reason, operatorId: actor.operatorId }))) return true;
      const sessions = await endMemberSessions(tx, userId);
      await recordAudit(tx, actor, { action: 'member.suspend', target: `member:${userId}`, before: { suspended: false }, after: { suspended: true, reason, sessions_ended: sessions } });
      return true;
    }
    const gone = await deleteSuspension(tx, userId);
    if (gone) await recordAudit(tx, actor, { action: 'member.reactivate', target: `member:${userId}`, before: { suspended: true, reason: gone.reason }, after: { suspended: false, reason } });
    return false;
  });
}

export async function memberNotes(db: DbOrTx, userId: number) {
  return (await notesOf(db, userId)).map((n) => ({ id: n.id, actor: n.actor, body: n.body, created_at: n.createdAt.toISOString() }));
}

/** A support note on the member, audited. */
export async function addMemberNote(db: Db, userId: number, body: string, actor: Actor) {
  return db.transaction(async (tx) => {
    const row = await insertNote(tx, { userId, body, operatorId: actor.operatorId, actor: actor.name });
    await recordAudit(tx, actor, { action: 'member.note', target: `member:${userId}`, after: { note: body } });
    return { id: row.id, actor: row.actor, body: row.body, created_at: row.createdAt.toISOString() };
  });
}
