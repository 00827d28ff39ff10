import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { sandboxCheckoutSessions, sandboxPayTransactions } from '../../../db/schema/payments.ts';

export type SandboxTransaction = typeof sandboxPayTransactions.$inferSelect;
export type NewSandboxTransaction = typeof sandboxPayTransactions.$inferInsert;

export async function findByOrder(db: Db, orderId: number): Promise<SandboxTransaction | undefined> {
  const [row] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.orderId, String(orderId)));
  return row;
}

export async function findTransaction(db: Db, id: string): Promise<SandboxTransaction | undefined> {
  const [row] = await db.select().from(sandboxPayTransactions).where(eq(sandboxPayTransactions.id, id));
  return row;
}

/** Inserts an order's transaction unless the order has one; answers the inserted row, or undefined. */
export async function insertUnlessOrdered(db: Db, values: NewSandboxTransaction): Promise<SandboxTransaction | undefined> {
  const [row] = await db
    .insert(sandboxPayTransactions)
    .values(values)
    .onConflictDoNothing({ target: sandboxPayTransactions.orderId })
    .returning();
  return row;
}

/** Binds an open checkout session to an order, once; answers whether it did. */
export async function bindCheckoutSession(db: Db, id: string, orderId: number, now: Date): Promise<boolean> {
  const [bound] = await db
    .update(sandboxCheckoutSessions)
    .set({ status: 'bound', orderId: String(orderId), updatedAt: now })
    .where(and(eq(sandboxCheckoutSessions.id, id), eq(sandboxCheckoutSessions.status, 'open')))
    .returning({ id: sandboxCheckoutSessions.id });
  return bound !== undefined;
}

/** Approves or declines a transaction that waits for the member; the changed row, if it waited. */
export async function decideWaiting(db: Db, id: string, decision: 'approve' | 'decline', now: Date) {
  const [changed] = await db
    .update(sandboxPayTransactions)
    .set(
      decision === 'approve'
        ? { status: 'succeeded', updatedAt: now }
        : { status: 'failed', errorCode: sql`case when ${sandboxPayTransactions.kind} = 'card' then '3DS' else 'DECLINED' end`, updatedAt: now },
    )
    .where(and(eq(sandboxPayTransactions.id, id), eq(sandboxPayTransactions.status, 'requires_action')))
    .returning();
  return changed;
}

/** Marks a pending slip paid while it is before its deadline; the changed row, if it was. */
export async function paySlip(db: Db, id: string, now: Date) {
  const [changed] = await db
    .update(sandboxPayTransactions)
    .set({ status: 'succeeded', updatedAt: now })
    .where(
      and(
        eq(sandboxPayTransactions.id, id),
        inArray(sandboxPayTransactions.kind, ['combini', 'remittance']),
        eq(sandboxPayTransactions.status, 'pending'),
        gt(sandboxPayTransactions.dueAt, now),
      ),
    )
    .returning();
  return changed;
}

/** Closes an order's unpaid transaction; the changed row, if it was open. */
export async function closeOpenOrder(db: Db, orderId: number, reason: 'expired' | 'canceled', now: Date) {
  const [changed] = await db
    .update(sandboxPayTransactions)
    .set({ status: reason, updatedAt: now })
    .where(and(eq(sandboxPayTransactions.orderId, String(orderId)), inArray(sandboxPayTransactions.status, ['pending', 'requires_action'])))
    .returning();
  return changed;
}

export async function markNotified(db: Db, id: string, now: Date): Promise<void> {
  await db.update(sandboxPayTransactions).set({ notifiedAt: now }).where(eq(sandboxPayTransactions.id, id));
}

export async function insertCheckoutSession(db: Db, id: string, payload: Record<string, unknown>, payMethod: string, now: Date): Promise<void> {
  await db.insert(sandboxCheckoutSessions).values({ id, status: 'open', payload, payMethod, createdAt: now, updatedAt: now });
}

export async function findCheckoutSession(db: Db, id: string) {
  const [row] = await db.select().from(sandboxCheckoutSessions).where(eq(sandboxCheckoutSessions.id, id));
  return row;
}
