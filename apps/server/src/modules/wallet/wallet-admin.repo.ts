import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { coinLedger, pointLedger, pointLots } from '../../db/schema/wallet.ts';

/** The member's latest point ledger rows, newest first (balance_after is the running balance). */
export function pointLedgerRows(db: DbOrTx, userId: number, limit: number) {
  return db.select().from(pointLedger).where(eq(pointLedger.userId, userId)).orderBy(desc(pointLedger.seq), desc(pointLedger.id)).limit(limit);
}

export function coinLedgerRows(db: DbOrTx, userId: number, limit: number) {
  return db.select().from(coinLedger).where(eq(coinLedger.userId, userId)).orderBy(desc(coinLedger.seq), desc(coinLedger.id)).limit(limit);
}

/** Lots with points left, soonest expiry first. */
export function openPointLots(db: DbOrTx, userId: number) {
  return db
    .select()
    .from(pointLots)
    .where(and(eq(pointLots.userId, userId), gt(pointLots.remaining, 0)))
    .orderBy(pointLots.expiresAt, pointLots.id);
}
