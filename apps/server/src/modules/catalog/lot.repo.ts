import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { packPrizes, packs } from '../../db/schema/catalog.ts';

/** What the public side of a lot shows and recomputes: its terms, commitment and (secret) seed. */
const lotColumns = {
  id: packs.id,
  name: packs.name,
  nameEn: packs.nameEn,
  totalPackCount: packs.totalPackCount,
  drawnCount: packs.drawnCount,
  endAt: packs.endAt,
  seedSecret: packs.seedSecret,
  seedHash: packs.seedHash,
  committedAt: packs.committedAt,
  drawAlgorithm: packs.drawAlgorithm,
  commitmentHash: packs.commitmentHash,
  revealDeadline: packs.revealDeadline,
};
export type LotRow = { [K in keyof typeof lotColumns]: (typeof packs.$inferSelect)[K] };
export type LotPrizeRow = typeof packPrizes.$inferSelect;

/** A published lot, also after its sale ended (its reveal stays public), or undefined. */
export async function findPublishedLot(db: DbOrTx, packId: number): Promise<LotRow | undefined> {
  const [row] = await db
    .select(lotColumns)
    .from(packs)
    .where(and(eq(packs.id, packId), eq(packs.published, true)))
    .limit(1);
  return row;
}

/** A lot's prizes in lineup order (sort, then id): the order the draw function numbers slots. */
export function lineupInOrder(db: DbOrTx, packId: number): Promise<LotPrizeRow[]> {
  return db
    .select()
    .from(packPrizes)
    .where(eq(packPrizes.packId, packId))
    .orderBy(asc(packPrizes.sort), asc(packPrizes.id));
}
