import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { packPrizes } from '../../db/schema/catalog.ts';

/**
 * A lot's prizes in lineup order (the order the draw function numbers slots in), lot prizes and
 * last-one/milestone prizes alike (their kind says which); read once per lot by the batch.
 */
export function lotLineup(db: DbOrTx, packId: number) {
  return db
    .select({
      id: packPrizes.id,
      count: packPrizes.count,
      kind: packPrizes.kind,
      milestoneAt: packPrizes.milestoneAt,
      milestoneEvery: packPrizes.milestoneEvery,
    })
    .from(packPrizes)
    .where(eq(packPrizes.packId, packId))
    .orderBy(asc(packPrizes.sort), asc(packPrizes.id));
}
