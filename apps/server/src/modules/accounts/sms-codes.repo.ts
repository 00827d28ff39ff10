import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { smsCodes } from '../../db/schema/accounts.ts';

export async function insertSmsCode(
  db: DbOrTx,
  row: { userId: number; tel: string; codeHash: string; salt: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(smsCodes).values(row);
}

/** Send times of the member's codes since `since`, newest first. */
export async function memberSendTimes(db: DbOrTx, userId: number, since: Date): Promise<Date[]> {
  const rows = await db
    .select({ at: smsCodes.createdAt })
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), gt(smsCodes.createdAt, since)))
    .orderBy(desc(smsCodes.createdAt));
  return rows.map((r) => r.at);
}

/** Codes sent to a number since `since`, by any member. */
export async function countSendsToTel(db: DbOrTx, tel: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsCodes)
    .where(and(eq(smsCodes.tel, tel), gt(smsCodes.createdAt, since)));
  return row?.n ?? 0;
}

/** Makes the member's open codes void (a new code replaces them). */
export async function voidOpenCodes(db: DbOrTx, userId: number, now: Date): Promise<void> {
  await db.update(smsCodes).set({ usedAt: now }).where(and(eq(smsCodes.userId, userId), isNull(smsCodes.usedAt)));
}

/** The member's latest unused code, locked so concurrent checks of it run one after another. */
export async function lockLatestOpenCode(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.userId, userId), isNull(smsCodes.usedAt)))
    .orderBy(desc(smsCodes.id))
    .limit(1)
    .for('update');
  return row;
}

export async function countAttempt(tx: DbOrTx, id: number): Promise<void> {
  await tx.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` }).where(eq(smsCodes.id, id));
}

export async function markCodeUsed(tx: DbOrTx, id: number, now: Date): Promise<void> {
  await tx.update(smsCodes).set({ usedAt: now }).where(eq(smsCodes.id, id));
}

/** Drops codes created before `before` (the throttle looks back an hour at most). */
export async function deleteCodesBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(smsCodes).where(lt(smsCodes.createdAt, before)).returning({ id: smsCodes.id });
  return gone.length;
}
