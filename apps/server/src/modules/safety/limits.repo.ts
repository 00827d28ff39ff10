import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberLimitChanges, memberLimits } from '../../db/schema/play-safety.ts';

/** The safety module's SQL of the member's own limits (decision 043). */

export type MemberLimitsRow = typeof memberLimits.$inferSelect;
export type NewLimitChange = typeof memberLimitChanges.$inferInsert;
export type LimitChangeRow = typeof memberLimitChanges.$inferSelect;

/** How many history rows the member's page and the console show, newest first. */
export const HISTORY_SHOWN = 100;

export async function findLimits(db: DbOrTx, userId: number): Promise<MemberLimitsRow | undefined> {
  const [row] = await db.select().from(memberLimits).where(eq(memberLimits.userId, userId));
  return row;
}

/**
 * The member's limits row, created empty if missing and locked until the transaction ends: two
 * changes at once (two tabs, the member and support) apply one after the other, each to what the
 * other left.
 */
export async function lockLimits(tx: DbOrTx, userId: number, now: Date): Promise<MemberLimitsRow> {
  await tx.insert(memberLimits).values({ userId, updatedAt: now }).onConflictDoNothing();
  const [row] = await tx.select().from(memberLimits).where(eq(memberLimits.userId, userId)).for('update');
  if (!row) throw new Error(`member_limits row of ${userId} vanished`);
  return row;
}

export async function saveLimits(tx: DbOrTx, row: MemberLimitsRow): Promise<void> {
  const { userId, ...values } = row;
  await tx.update(memberLimits).set(values).where(eq(memberLimits.userId, userId));
}

export async function insertLimitChanges(tx: DbOrTx, rows: NewLimitChange[]): Promise<void> {
  if (rows.length > 0) await tx.insert(memberLimitChanges).values(rows);
}

export async function limitChanges(db: DbOrTx, userId: number): Promise<LimitChangeRow[]> {
  return db
    .select()
    .from(memberLimitChanges)
    .where(eq(memberLimitChanges.userId, userId))
    .orderBy(desc(memberLimitChanges.id))
    .limit(HISTORY_SHOWN);
}
