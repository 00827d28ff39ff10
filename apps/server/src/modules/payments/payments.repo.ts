import type { PaymentState } from '@oripa/contract/payments';
import { and, desc, eq, gte, ilike, inArray, isNotNull, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;

/** States a payment can still leave. */
export const OPEN_STATES: PaymentState[] = ['pending', 'requires_action'];

export async function insertPayment(db: DbOrTx, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not inserted');
  return row;
}

export async function findPayment(db: DbOrTx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

/** The payment if it is this member's (another member's id reads as not found). */
export async function findMemberPayment(db: DbOrTx, userId: number, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.id, id), eq(payments.userId, userId)));
  return row;
}

/** The member's newest payment, optionally of one method and/or in some states. */
export async function latestMemberPayment(
  db: DbOrTx,
  userId: number,
  filter: { payId?: number; states?: PaymentState[] } = {},
): Promise<PaymentRow | undefined> {
  const where: SQL[] = [eq(payments.userId, userId)];
  if (filter.payId !== undefined) where.push(eq(payments.payId, filter.payId));
  if (filter.states) where.push(inArray(payments.state, filter.states));
  const [row] = await db.select().from(payments).where(and(...where)).orderBy(desc(payments.id)).limit(1);
  return row;
}

export async function findByProviderRef(db: DbOrTx, provider: string, ref: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  return row;
}

/** Unpaid slips (convenience store, bank transfer) the member has open. */
export async function countOpenSlips(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.payId, [2, 4, 9]), eq(payments.state, 'pending')));
  return row?.n ?? 0;
}

/**
 * The guarded state change: moves the payment only while it is in one of `from`, and answers
 * the row after the change — or undefined when another request (or the sweeper) moved it first.
 */
export async function transition(
  tx: DbOrTx,
  id: number,
  from: PaymentState[],
  patch: Partial<Pick<PaymentRow, 'state' | 'providerRef' | 'receiptNumber' | 'actionUrl' | 'errorCode' | 'dueAt' | 'completedAt'>>,
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(payments.id, id), inArray(payments.state, from)))
    .returning();
  return row;
}

/** Open payments of one state whose deadline has passed, oldest deadline first. */
export function duePayments(db: DbOrTx, state: 'pending' | 'requires_action', now: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.state, state), isNotNull(payments.dueAt), lte(payments.dueAt, now)))
    .orderBy(payments.dueAt, payments.id)
    .limit(limit);
}

/**
 * Open payments waiting at their provider — every requires_action, and pending ones except
 * slips and transfers (which wait for the member's money, for days) — last touched before
 * `before`, soonest deadline first.
 */
export function paymentsWaitingAtProvider(db: DbOrTx, before: Date, limit: number): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(
      and(
        inArray(payments.state, OPEN_STATES),
        sql`not (${payments.state} = 'pending' and ${payments.payId} in (2, 4))`,
        lte(payments.updatedAt, before),
      ),
    )
    .orderBy(payments.dueAt, payments.id)
    .limit(limit);
}

export interface PaymentSearch {
  userId?: number | undefined;
  /** Part of the member's address (the console). */
  mail?: string | undefined;
  /** The member's whole address, any case (`ops payment:list`). */
  mailIs?: string | undefined;
  payId?: number | undefined;
  state?: string | undefined;
  from?: Date | undefined;
  /** Exclusive. */
  until?: Date | undefined;
  limit: number;
}

/** Payments with their member's address, newest first, filtered: the console's search and `ops payment:list`. */
export function searchPayments(db: DbOrTx, f: PaymentSearch) {
  const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
  const where: SQL[] = [];
  if (f.userId !== undefined) where.push(eq(payments.userId, f.userId));
  if (f.mail !== undefined) where.push(ilike(users.mail, contains(f.mail)));
  if (f.mailIs !== undefined) where.push(eq(users.mail, f.mailIs.trim().toLowerCase()));
  if (f.payId !== undefined) where.push(eq(payments.payId, f.payId));
  if (f.state !== undefined) where.push(eq(payments.state, f.state));
  if (f.from !== undefined) where.push(gte(payments.createdAt, f.from));
  if (f.until !== undefined) where.push(lt(payments.createdAt, f.until));
  return db
    .select({ payment: payments, mail: users.mail })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(desc(payments.id))
    .limit(f.limit);
}

/** `ops payment:list`: by the member's whole address, state and method. */
export function listPayments(db: DbOrTx, filter: { mail?: string; state?: PaymentState; payId?: number; limit: number }) {
  return searchPayments(db, { mailIs: filter.mail, state: filter.state, payId: filter.payId, limit: filter.limit });
}

/** States whose amount counts as spent: open orders (the money may still come) and paid ones. */
const SPENDING_STATES: PaymentState[] = ['pending', 'requires_action', 'succeeded'];

/** Yen of the member's payments created in [from, to) that are open or paid (spending limits, decision 037). */
export async function spendingBetween(db: DbOrTx, userId: number, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.state, SPENDING_STATES), gte(payments.createdAt, from), lt(payments.createdAt, to)));
  return Number(row?.total ?? 0);
}
