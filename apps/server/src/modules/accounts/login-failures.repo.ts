import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { loginFailures } from '../../db/schema/accounts.ts';

export async function insertLoginFailure(db: DbOrTx, mail: string, ip: string, at: Date): Promise<void> {
  await db.insert(loginFailures).values({ mail, ip, createdAt: at });
}

/** Times of the failures for an address or an IP since `since`, newest first (at most `limit`). */
export async function failureTimes(
  db: DbOrTx,
  key: { mail: string } | { ip: string },
  since: Date,
  limit: number,
): Promise<Date[]> {
  const column = 'mail' in key ? eq(loginFailures.mail, key.mail) : eq(loginFailures.ip, key.ip);
  const rows = await db
    .select({ at: loginFailures.createdAt })
    .from(loginFailures)
    .where(and(column, gt(loginFailures.createdAt, since)))
    .orderBy(desc(loginFailures.createdAt))
    .limit(limit);
  return rows.map((r) => r.at);
}

export async function clearFailuresOfMail(db: DbOrTx, mail: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.mail, mail));
}

export async function deleteFailuresBefore(db: DbOrTx, before: Date): Promise<number> {
  const gone = await db.delete(loginFailures).where(lt(loginFailures.createdAt, before)).returning({ id: loginFailures.id });
  return gone.length;
}
