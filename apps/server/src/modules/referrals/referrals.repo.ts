import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The member owning a referral code; locked (FOR UPDATE) so friend counts cannot race. */
export async function lockCodeOwner(tx: DbOrTx, code: string) {
  const [row] = await tx
    .select({ id: users.id, endSms: users.endSms })
    .from(users)
    .where(eq(users.referralCode, code))
    .for('update');
  return row;
}

/** The referrer's row, locked while a bonus is granted. */
export async function lockReferrer(tx: DbOrTx, referrerId: number): Promise<boolean> {
  const rows = await tx.select({ id: users.id }).from(users).where(eq(users.id, referrerId)).for('update');
  return rows.length > 0;
}

/** Friends registered with the member's code. */
export async function countFriends(db: DbOrTx, referrerId: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(eq(users.referredBy, referrerId));
  return row?.n ?? 0;
}

/** Friends whose bonus was granted. */
export async function countRewardedFriends(db: DbOrTx, referrerId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.referredBy, referrerId), isNotNull(users.referralRewardedAt)));
  return row?.n ?? 0;
}

export async function findReferrerOf(db: DbOrTx, friendId: number) {
  const [row] = await db
    .select({ referredBy: users.referredBy, rewardedAt: users.referralRewardedAt })
    .from(users)
    .where(eq(users.id, friendId));
  return row;
}

/** Marks the friend's referral rewarded; false when it was rewarded before. */
export async function markRewarded(tx: DbOrTx, friendId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ referralRewardedAt: now })
    .where(and(eq(users.id, friendId), isNull(users.referralRewardedAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}
