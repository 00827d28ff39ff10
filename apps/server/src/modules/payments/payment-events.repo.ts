import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { paymentEvents } from '../../db/schema/payment-events.ts';

export type PaymentEventRow = typeof paymentEvents.$inferSelect;
export type NewPaymentEvent = typeof paymentEvents.$inferInsert;

export async function insertPaymentEvent(tx: DbOrTx, values: NewPaymentEvent): Promise<void> {
  await tx.insert(paymentEvents).values(values);
}

/** A payment's events, oldest first (ids follow commit order: each is written under the payment's row lock). */
export function paymentEventsOf(db: DbOrTx, paymentId: number): Promise<PaymentEventRow[]> {
  return db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)).orderBy(asc(paymentEvents.id));
}
