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

/**
 * Inserts a payment an operator recorded for money received outside the site; undefined when
 * its reference is taken (the provider and reference are unique): a double or parallel submit
 * inserts once, the others wait for the first to commit and insert nothing.
 */
export async function insertOutsidePayment(tx: DbOrTx, values: typeof payments.$inferInsert) {
  const [row] = await tx.insert(payments).values(values).onConflictDoNothing({ target: [payments.provider, payments.providerRef] }).returning();
  return row;
}
