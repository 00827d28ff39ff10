import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberNotes, memberSuspensions } from '../../db/schema/admin.ts';

export async function findSuspension(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(memberSuspensions).where(eq(memberSuspensions.userId, userId)).limit(1);
  return row;
}

/** Inserts the suspension; false when the member was suspended already. */
export async function insertSuspension(db: DbOrTx, values: typeof memberSuspensions.$inferInsert): Promise<boolean> {
  const rows = await db.insert(memberSuspensions).values(values).onConflictDoNothing().returning({ userId: memberSuspensions.userId });
  return rows.length === 1;
}

/** Deletes the suspension; returns it when there was one. */
export async function deleteSuspension(db: DbOrTx, userId: number) {
  const [row] = await db.delete(memberSuspensions).where(eq(memberSuspensions.userId, userId)).returning();
  return row;
}

export function notesOf(db: DbOrTx, userId: number) {
  return db.select().from(memberNotes).where(eq(memberNotes.userId, userId)).orderBy(asc(memberNotes.createdAt), asc(memberNotes.id));
}

export async function insertNote(db: DbOrTx, values: typeof memberNotes.$inferInsert) {
  const [row] = await db.insert(memberNotes).values(values).returning();
  if (!row) throw new Error('note not written');
  return row;
}
