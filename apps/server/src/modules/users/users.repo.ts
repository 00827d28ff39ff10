import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { prefectures, ranks } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';

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
