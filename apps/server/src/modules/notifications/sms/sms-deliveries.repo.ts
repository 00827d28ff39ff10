import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { smsDeliveries } from '../../../db/schema/sms-deliveries.ts';

export type SmsDelivery = typeof smsDeliveries.$inferSelect;

export async function insertDelivery(db: DbOrTx, to: string, provider: string): Promise<number> {
  const [row] = await db.insert(smsDeliveries).values({ to, provider }).returning({ id: smsDeliveries.id });
  if (!row) throw new Error('sms delivery not recorded');
  return row.id;
}

export async function findDelivery(db: DbOrTx, id: number): Promise<SmsDelivery | undefined> {
  const [row] = await db.select().from(smsDeliveries).where(eq(smsDeliveries.id, id));
  return row;
}

/** Counts an attempt of a queued delivery; undefined when it is no longer queued (sent already). */
export async function startAttempt(db: DbOrTx, id: number): Promise<SmsDelivery | undefined> {
  const [row] = await db
    .update(smsDeliveries)
    .set({ attempts: sql`${smsDeliveries.attempts} + 1`, updatedAt: new Date() })
    .where(sql`${smsDeliveries.id} = ${id} and ${smsDeliveries.state} = 'queued'`)
    .returning();
  return row;
}

export async function markSent(db: DbOrTx, id: number, providerMessageId: string): Promise<void> {
  await db.update(smsDeliveries).set({ state: 'sent', providerMessageId, lastError: '', updatedAt: new Date() }).where(eq(smsDeliveries.id, id));
}

/** Records a failed attempt; `final` when no retry is left. */
export async function markAttemptFailed(db: DbOrTx, id: number, error: string, final: boolean): Promise<void> {
  await db
    .update(smsDeliveries)
    .set({ lastError: error.slice(0, 300), ...(final ? { state: 'failed' as const } : {}), updatedAt: new Date() })
    .where(eq(smsDeliveries.id, id));
}
