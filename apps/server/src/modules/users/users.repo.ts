import { eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { liveSessions } from '../../db/live-session.ts';
import { perDatabase } from '../../db/per-database.ts';
import { prefectures, ranks } from '../../db/schema/catalog.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { keyedReads } from '../../db/tick-batcher.ts';

/**
 * The header's figures of the member of a live session (GET /user/point), the session read in
 * the same statement: every open tab asks for them, so one prepared statement, shared by the
 * requests of one event-loop turn. No row: no live session; userId null: a visitor's session.
 */
const headerQuery = perDatabase((db) =>
  db
    .select({
      key: sessions.id,
      userId: sessions.userId,
      rankCode: ranks.code,
      rankName: ranks.name,
      rankNameEn: ranks.nameEn,
      pointBalance: users.pointBalance,
      coinBalance: users.coinBalance,
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(ranks, eq(ranks.id, users.rankId))
    .where(liveSessions(sql.placeholder('keys')))
    .prepare('session_member_headers'),
);

type HeaderRow = Awaited<ReturnType<ReturnType<typeof headerQuery>['execute']>>[number];

const headerReads = perDatabase((db) => keyedReads((keys) => headerQuery(db).execute({ keys }), (row: HeaderRow) => row.key));

export function findSessionMemberHeader(db: Db, sessionKey: string): Promise<HeaderRow | undefined> {
  return headerReads(db).submit(sessionKey);
}

/**
 * One member as stored: name, contact, address with its prefecture, balances and rank. The one
 * read of a member's row for the header (/user/point), GET /user/detail and the console, so
 * each picks its fields instead of writing its own query.
 */
export async function findMember(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      lastName: users.lastName,
      middleName: users.middleName,
      firstName: users.firstName,
      tel: users.tel,
      mail: users.mail,
      zipcode: users.zipcode,
      prefId: users.prefId,
      prefName: prefectures.name,
      prefNameEn: prefectures.nameEn,
      country: users.country,
      shiku: users.shiku,
      address: users.address,
      building: users.building,
      pointBalance: users.pointBalance,
      coinBalance: users.coinBalance,
      endSms: users.endSms,
      referralCode: users.referralCode,
      rankId: users.rankId,
      rankCode: ranks.code,
      rankName: ranks.name,
      rankNameEn: ranks.nameEn,
    })
    .from(users)
    .leftJoin(prefectures, eq(prefectures.id, users.prefId))
    .leftJoin(ranks, eq(ranks.id, users.rankId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
