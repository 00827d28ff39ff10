import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';

/** The member's name, address, phone and mail, as stored. */
export interface MemberInfo {
  lastName: string;
  middleName: string;
  firstName: string;
  tel: string;
  mail: string;
  zipcode: string;
  prefId: number;
  country: string;
  shiku: string;
  address: string;
  building: string;
}

export async function mailTaken(db: DbOrTx, mail: string, exceptUserId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(exceptUserId === undefined ? eq(users.mail, mail) : and(eq(users.mail, mail), ne(users.id, exceptUserId)))
    .limit(1);
  return row !== undefined;
}

/** What a login needs of the member with this address. */
export async function findLogin(db: DbOrTx, mail: string) {
  const [row] = await db
    .select({ id: users.id, passHash: users.passHash, lang: users.lang })
    .from(users)
    .where(eq(users.mail, mail))
    .limit(1);
  return row;
}

export async function insertMember(
  tx: DbOrTx,
  values: MemberInfo & { passHash: string; referralCode: string; referredBy: number | null; rankId: number | null; lang: string },
): Promise<number> {
  const [row] = await tx.insert(users).values(values).returning({ id: users.id });
  if (!row) throw new Error('member not inserted');
  return row.id;
}

/** The member's row locked for a change of their information or phone. */
export async function lockMember(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ id: users.id, tel: users.tel, endSms: users.endSms, mail: users.mail, prefId: users.prefId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

export async function updateMemberInfo(tx: DbOrTx, userId: number, info: MemberInfo): Promise<void> {
  await tx.update(users).set({ ...info, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function updatePassHash(tx: DbOrTx, userId: number, passHash: string): Promise<void> {
  await tx.update(users).set({ passHash, updatedAt: sql`now()` }).where(eq(users.id, userId));
}

/** Marks the phone verified; false when the member was verified already. */
export async function markPhoneVerified(tx: DbOrTx, userId: number, tel: string): Promise<boolean> {
  const rows = await tx
    .update(users)
    .set({ tel, endSms: 1, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), eq(users.endSms, 0)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Whether `tel` is verified on a member other than `userId`. */
export async function telVerifiedElsewhere(db: DbOrTx, tel: string, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.tel, tel), eq(users.endSms, 1), ne(users.id, userId)))
    .limit(1);
  return row !== undefined;
}

export async function findMemberContact(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ mail: users.mail, tel: users.tel, endSms: users.endSms, prefId: users.prefId })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
