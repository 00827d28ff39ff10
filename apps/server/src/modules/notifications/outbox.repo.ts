import { desc, eq, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { outbox } from '../../db/schema/notifications.ts';

export type OutboxChannel = 'mail' | 'sms';

export async function insertOutbox(
  db: DbOrTx,
  row: { channel: OutboxChannel; recipient: string; subject: string; body: string; userId: number | null },
): Promise<void> {
  await db.insert(outbox).values(row);
}

/** The latest rows, newest first, optionally for one recipient. */
export function latestOutbox(db: DbOrTx, recipient: string | undefined, limit: number) {
  return db
    .select()
    .from(outbox)
    .where(recipient === undefined ? undefined : eq(outbox.recipient, recipient))
    .orderBy(desc(outbox.id))
    .limit(limit);
}

export async function deleteOutboxBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(outbox).where(lt(outbox.createdAt, before)).returning({ id: outbox.id });
  return gone.length;
}
