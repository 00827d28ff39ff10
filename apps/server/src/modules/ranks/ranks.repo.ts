import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ranks } from '../../db/schema/catalog.ts';

/** Every rank, lowest first. */
export function listRanks(db: DbOrTx) {
  return db
    .select({
      id: ranks.id,
      code: ranks.code,
      name: ranks.name,
      nameEn: ranks.nameEn,
      sort: ranks.sort,
      thresholdPrice: ranks.thresholdPrice,
      maintainCoin: ranks.maintainCoin,
    })
    .from(ranks)
    .orderBy(asc(ranks.sort), asc(ranks.id));
}
