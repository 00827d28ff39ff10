import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { memberIdentities } from '../../db/schema/identities.ts';
import { users } from '../../db/schema/users.ts';

const live = (provider: 'line') => and(eq(memberIdentities.provider, provider), isNull(memberIdentities.unlinkedAt));

/** The member a LINE user is linked to. */
export async function findLinkedMember(db: DbOrTx, subject: string): Promise<number | undefined> {
  const [row] = await db
    .select({ userId: memberIdentities.userId })
    .from(memberIdentities)
    .where(and(live('line'), eq(memberIdentities.subject, subject)))
    .limit(1);
  return row?.userId;
}

/** The member's live LINE link and whether the member has a password (an argon2 hash). */
export async function findMemberLink(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      displayName: memberIdentities.displayName,
      linkedAt: memberIdentities.linkedAt,
      hasPassword: sql<boolean>`${users.passHash} like '$argon2%'`,
    })
    .from(users)
    .leftJoin(memberIdentities, and(eq(memberIdentities.userId, users.id), live('line')))
    .where(eq(users.id, userId))
    .limit(1);
  return row ? { linked: row.displayName !== null, displayName: row.displayName ?? '', linkedAt: row.linkedAt, hasPassword: row.hasPassword } : undefined;
}

/** Links; the partial unique indexes refuse a LINE user linked elsewhere and a second link of a member. */
export async function insertIdentity(tx: DbOrTx, values: { userId: number; subject: string; displayName: string; signedUp: boolean; now: Date }): Promise<void> {
  await tx.insert(memberIdentities).values({
    userId: values.userId,
    provider: 'line',
    subject: values.subject,
    displayName: values.displayName,
    signedUp: values.signedUp,
    linkedAt: values.now,
  });
}

/** Ends the member's live LINE link (the row stays: signed_up outlives it). Returns whether one ended. */
export async function markUnlinked(tx: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(memberIdentities)
    .set({ unlinkedAt: now })
    .where(and(eq(memberIdentities.userId, userId), live('line')))
    .returning({ id: memberIdentities.id });
  return rows.length > 0;
}

/** The member's row locked (unlink decides on the password under it, against a parallel reset). */
export async function lockMemberPassword(tx: DbOrTx, userId: number): Promise<boolean | undefined> {
  const [row] = await tx
    .select({ hasPassword: sql<boolean>`${users.passHash} like '$argon2%'` })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.hasPassword;
}

/** The member's row locked, with what support's unlink needs: password or not, address, language. */
export async function lockMemberForUnlink(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ hasPassword: sql<boolean>`${users.passHash} like '$argon2%'`, mail: users.mail, lang: users.lang })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}
