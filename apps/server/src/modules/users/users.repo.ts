import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ranks } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';

/** Balances and rank of one member, for the header. */
export async function findBalances(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      point: users.pointBalance,
      coin: users.coinBalance,
      rankCode: ranks.code,
      rankName: ranks.name,
      rankNameEn: ranks.nameEn,
    })
    .from(users)
    .leftJoin(ranks, eq(ranks.id, users.rankId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}
