import type { MemberSort } from '@oripa/contract/admin-members';
import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { memberSuspensions } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';

/** `%…%` with the text's own wildcards escaped. */
const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

const columns = {
  id: users.id,
  mail: users.mail,
  lastName: users.lastName,
  middleName: users.middleName,
  firstName: users.firstName,
  tel: users.tel,
  point: users.pointBalance,
  coin: users.coinBalance,
  createdAt: users.createdAt,
  suspended: sql<boolean>`${memberSuspensions.userId} is not null`,
};

/** The console's member row (with the suspension flag) of every member. */
const memberRows = (db: DbOrTx) => db.select(columns).from(users).leftJoin(memberSuspensions, eq(memberSuspensions.userId, users.id));

/** Members whose id is `q`, or whose address, name (family and given, either order) or phone contains it; everyone for ''. */
function matching(q: string): SQL | undefined {
  if (q === '') return undefined;
  const digits = q.replace(/[-\s]/g, '');
  const conditions: (SQL | undefined)[] = [
    ilike(users.mail, contains(q)),
    ilike(sql`${users.lastName} || ${users.firstName}`, contains(q.replace(/\s/g, ''))),
    ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, contains(q)),
  ];
  if (/^\d+$/.test(digits)) conditions.push(ilike(users.tel, contains(digits)));
  if (/^\d{1,9}$/.test(q)) conditions.push(eq(users.id, Number(q)));
  return or(...conditions);
}

const SORT_COLUMNS = { id: users.id, created_at: users.createdAt, point: users.pointBalance, coin: users.coinBalance } as const;

/** A page of the members matching `q` (all for ''), sorted on the database, and how many match. */
export async function memberPage(db: DbOrTx, q: string, sort: { by: MemberSort; dir: 'asc' | 'desc' }, page: { offset: number; limit: number }) {
  const column = SORT_COLUMNS[sort.by];
  const rows = await memberRows(db)
    .where(matching(q))
    .orderBy(sort.dir === 'asc' ? asc(column) : desc(column), sort.dir === 'asc' ? asc(users.id) : desc(users.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(users).where(matching(q));
  return { rows, total: total?.n ?? 0 };
}

/** One member's console row; the rest of the member page comes from the users repo's `findMember`. */
export async function memberRow(db: DbOrTx, userId: number) {
  const [row] = await memberRows(db).where(eq(users.id, userId)).limit(1);
  return row;
}

/** The friends who registered with the member's referral code, oldest first (at most 25 by the rule, more if an operator linked them). */
export function referredFriends(db: DbOrTx, referrerId: number) {
  return db
    .select({
      id: users.id,
      mail: users.mail,
      lastName: users.lastName,
      middleName: users.middleName,
      firstName: users.firstName,
      endSms: users.endSms,
      rewardedAt: users.referralRewardedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.referredBy, referrerId))
    .orderBy(asc(users.id))
    .limit(200);
}

const referrer = alias(users, 'referrer');

/** Who referred the member (id and address), and when their bonus was granted; undefined without a referrer. */
export async function referrerOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: referrer.id, mail: referrer.mail, rewardedAt: users.referralRewardedAt })
    .from(users)
    .innerJoin(referrer, eq(referrer.id, users.referredBy))
    .where(eq(users.id, userId));
  return row;
}
