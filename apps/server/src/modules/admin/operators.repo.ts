import { and, asc, count, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operators, operatorSessions } from '../../db/schema/admin.ts';

export type OperatorRecord = typeof operators.$inferSelect;

export async function findOperatorByMail(db: DbOrTx, mail: string): Promise<OperatorRecord | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.mail, mail)).limit(1);
  return row;
}

export async function findOperator(db: DbOrTx, id: number): Promise<OperatorRecord | undefined> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row;
}

export function listOperators(db: DbOrTx): Promise<OperatorRecord[]> {
  return db.select().from(operators).orderBy(asc(operators.id));
}

/** Inserts an operator; undefined when the address is taken (the unique index decides). */
export async function insertOperator(
  db: DbOrTx,
  values: { mail: string; name: string; role: string; passHash: string },
): Promise<OperatorRecord | undefined> {
  const [row] = await db.insert(operators).values(values).onConflictDoNothing({ target: operators.mail }).returning();
  return row;
}

export async function updateOperator(
  db: DbOrTx,
  id: number,
  values: Partial<Pick<OperatorRecord, 'role' | 'disabledAt' | 'passHash' | 'mustChangePassword' | 'totpSecret' | 'totpLastStep' | 'lastLoginAt'>>,
): Promise<OperatorRecord | undefined> {
  const [row] = await db.update(operators).set(values).where(eq(operators.id, id)).returning();
  return row;
}

/**
 * Accepts a TOTP time step for an operator only when it is later than the last one accepted, in
 * one statement: the same code (or an older one) never signs in twice, even in parallel.
 */
export async function takeTotpStep(db: DbOrTx, id: number, step: number): Promise<boolean> {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, id), sql`coalesce(${operators.totpLastStep}, -1) < ${step}`))
    .returning({ id: operators.id });
  return rows.length === 1;
}

/** Active owners other than `exceptId`: the console never loses its last owner. */
export async function countOtherActiveOwners(db: DbOrTx, exceptId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operators)
    .where(and(eq(operators.role, 'owner'), isNull(operators.disabledAt), ne(operators.id, exceptId)));
  return row?.n ?? 0;
}

/**
 * Locks every owner row and the rows of `ids` in one statement, in id order, and answers them as
 * they are once locked (an owner demoted meanwhile is left out unless named). Two owners demoting
 * each other at once cannot both succeed, and every call takes its locks in the same order. With
 * the owners in one statement and the target in a second, parallel calls deadlocked: a call whose
 * list of owners was read before a demotion held the demoted row and waited for the other owner,
 * which a later call (no longer counting the demoted one an owner) held while asking for the
 * demoted one as its target. The caller is named too, as its audit entry's key needs its row.
 */
export function lockOwnersAnd(db: DbOrTx, ids: number[]): Promise<OperatorRecord[]> {
  return db
    .select()
    .from(operators)
    .where(ids.length > 0 ? or(eq(operators.role, 'owner'), inArray(operators.id, ids)) : eq(operators.role, 'owner'))
    .orderBy(asc(operators.id))
    .for('update');
}

// Sessions

export type SessionRecord = typeof operatorSessions.$inferSelect;

export async function insertSession(db: DbOrTx, values: typeof operatorSessions.$inferInsert): Promise<void> {
  await db.insert(operatorSessions).values(values);
}

/**
 * The live session of `id` with its operator, moving its idle expiry to `idleUntil` (never past
 * its absolute end) in the same statement. Disabled operators have no live session.
 */
export async function touchSession(db: DbOrTx, id: string, idleUntil: Date) {
  const [row] = await db
    .update(operatorSessions)
    .set({ expiresAt: sql`least(${idleUntil}::timestamptz, ${operatorSessions.endsAt})` })
    .where(
      and(
        eq(operatorSessions.id, id),
        gt(operatorSessions.expiresAt, sql`now()`),
        sql`exists (select 1 from ${operators} where ${operators.id} = ${operatorSessions.operatorId} and ${operators.disabledAt} is null)`,
      ),
    )
    .returning();
  if (!row) return undefined;
  const operator = await findOperator(db, row.operatorId);
  return operator ? { session: row, operator } : undefined;
}

export async function updateSession(
  db: DbOrTx,
  id: string,
  values: Partial<Pick<SessionRecord, 'step' | 'pendingSecret'>>,
): Promise<void> {
  await db.update(operatorSessions).set(values).where(eq(operatorSessions.id, id));
}

export async function deleteSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(operatorSessions).where(eq(operatorSessions.id, id));
}

export async function deleteSessionsOf(db: DbOrTx, operatorId: number, exceptId?: string): Promise<void> {
  await db
    .delete(operatorSessions)
    .where(exceptId ? and(eq(operatorSessions.operatorId, operatorId), ne(operatorSessions.id, exceptId)) : eq(operatorSessions.operatorId, operatorId));
}

export async function deleteExpiredSessions(db: DbOrTx, now: Date): Promise<number> {
  const gone = await db.delete(operatorSessions).where(sql`${operatorSessions.expiresAt} <= ${now}`).returning({ id: operatorSessions.id });
  return gone.length;
}
