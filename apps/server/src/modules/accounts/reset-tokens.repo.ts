import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { passwordResetTokens } from '../../db/schema/accounts.ts';

export async function insertResetToken(
  db: DbOrTx,
  row: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await db.insert(passwordResetTokens).values(row);
}

/** Reset mails sent to the member since `since`. */
export async function countResetTokensSince(db: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** The member of a token that is unused and unexpired at `now`. */
export async function findUsableToken(db: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .limit(1);
  return row?.userId;
}

/**
 * Uses a token: one statement marks it used only while it is unused and unexpired, so of two
 * concurrent uses exactly one gets the member id.
 */
export async function consumeToken(tx: DbOrTx, tokenHash: string, now: Date): Promise<number | undefined> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}

/** Makes every other open token of the member void. */
export async function voidTokensOfUser(tx: DbOrTx, userId: number, now: Date): Promise<void> {
  await tx
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}

/** Drops tokens expired or used before `before`. */
export async function deleteTokensBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, before), lt(passwordResetTokens.usedAt, before)))
    .returning({ id: passwordResetTokens.id });
  return gone.length;
}
