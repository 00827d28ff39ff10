import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from './client.ts';
import type { loginFailures } from './schema/accounts.ts';
import type { operatorLoginFailures } from './schema/admin.ts';

/**
 * The statements of a login-throttle failure table (members' `login_failures`, operators'
 * `operator_login_failures`): both gates count guesses the same way over tables of the same
 * columns, each in its own table so one side's guesses never lock the other.
 */
export function failureLog(table: typeof loginFailures | typeof operatorLoginFailures) {
  // The two tables have the same columns; the statements use the table given, whatever its name.
  const t = table as typeof loginFailures;
  return {
    async insertFailure(db: DbOrTx, mail: string, ip: string, at: Date): Promise<number> {
      const [row] = await db.insert(t).values({ mail, ip, createdAt: at }).returning({ id: t.id });
      if (!row) throw new Error('login failure not recorded');
      return row.id;
    },

    /** Times of the failures for an address or an IP since `since`, newest first (at most `limit`). */
    async failureTimes(db: DbOrTx, key: { mail: string } | { ip: string }, since: Date, limit: number): Promise<Date[]> {
      const column = 'mail' in key ? eq(t.mail, key.mail) : eq(t.ip, key.ip);
      const rows = await db
        .select({ at: t.createdAt })
        .from(t)
        .where(and(column, gt(t.createdAt, since)))
        .orderBy(desc(t.createdAt))
        .limit(limit);
      return rows.map((r) => r.at);
    },

    async clearFailuresOfMail(db: DbOrTx, mail: string): Promise<void> {
      await db.delete(t).where(eq(t.mail, mail));
    },

    async deleteFailuresBefore(db: DbOrTx, before: Date): Promise<number> {
      const gone = await db.delete(t).where(lt(t.createdAt, before)).returning({ id: t.id });
      return gone.length;
    },
  };
}
