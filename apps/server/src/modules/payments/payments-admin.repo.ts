import { eq, getTableColumns } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { latestOfMember } from '../../db/member-rows.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

/** The member's latest payments, newest first. */
export function memberPayments(db: DbOrTx, userId: number, limit: number) {
  return latestOfMember(db, payments, getTableColumns(payments), userId, limit);
}

export async function paymentWithMail(db: DbOrTx, id: number) {
  const [row] = await db.select({ payment: payments, mail: users.mail }).from(payments).innerJoin(users, eq(users.id, payments.userId)).where(eq(payments.id, id)).limit(1);
  return row;
}
