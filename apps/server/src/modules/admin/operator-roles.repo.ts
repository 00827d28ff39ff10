import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { operatorRoles } from '../../db/schema/admin.ts';

export type OperatorRoleRecord = typeof operatorRoles.$inferSelect;

export async function findRoleRow(db: DbOrTx, role: string): Promise<OperatorRoleRecord | undefined> {
  const [row] = await db.select().from(operatorRoles).where(eq(operatorRoles.role, role)).limit(1);
  return row;
}

export function roleRows(db: DbOrTx): Promise<OperatorRoleRecord[]> {
  return db.select().from(operatorRoles);
}

/** Locks a role's row for a change, creating it first if it is missing (two owners saving at once wait for each other). */
export async function lockRoleRow(
  tx: DbOrTx,
  role: string,
  defaults: { compensationPoints: number; compensationCoins: string },
): Promise<OperatorRoleRecord> {
  await tx.insert(operatorRoles).values({ role, ...defaults }).onConflictDoNothing({ target: operatorRoles.role });
  const [row] = await tx.select().from(operatorRoles).where(eq(operatorRoles.role, role)).for('update');
  return row!;
}

export async function saveRoleRow(
  tx: DbOrTx,
  role: string,
  values: { granted: string[]; revoked: string[]; compensationPoints: number; compensationCoins: string; updatedBy: number | null },
): Promise<void> {
  await tx
    .update(operatorRoles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(operatorRoles.role, role));
}
