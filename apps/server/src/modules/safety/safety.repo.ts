import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberAges } from '../../db/schema/play-safety.ts';

export type MemberAgeRow = typeof memberAges.$inferSelect;

export async function findMemberAge(db: DbOrTx, userId: number): Promise<MemberAgeRow | undefined> {
  const [row] = await db.select().from(memberAges).where(eq(memberAges.userId, userId));
  return row;
}

/**
 * The member's age row, locked until the transaction ends: a payment start takes it before it
 * sums the month's purchases, so parallel starts of one member run one after the other.
 */
export async function lockMemberAge(db: DbOrTx, userId: number): Promise<MemberAgeRow | undefined> {
  const [row] = await db.select().from(memberAges).where(eq(memberAges.userId, userId)).for('update');
  return row;
}

/** Records the first birth date of a member; false when one is already recorded (it is not changed). */
export async function insertMemberAge(
  db: DbOrTx,
  values: { userId: number; birthDate: string; guardianConsentAt: Date | null; now: Date },
): Promise<boolean> {
  const rows = await db
    .insert(memberAges)
    .values({ userId: values.userId, birthDate: values.birthDate, guardianConsentAt: values.guardianConsentAt, source: 'member', createdAt: values.now, updatedAt: values.now })
    .onConflictDoNothing()
    .returning({ userId: memberAges.userId });
  return rows.length === 1;
}

/** Support's correction: writes the date whether one was recorded or not. */
export async function upsertMemberAgeByOperator(db: DbOrTx, userId: number, birthDate: string, now: Date): Promise<void> {
  await db
    .insert(memberAges)
    .values({ userId, birthDate, source: 'operator', createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: memberAges.userId, set: { birthDate, source: 'operator', updatedAt: sql`excluded.updated_at` } });
}
