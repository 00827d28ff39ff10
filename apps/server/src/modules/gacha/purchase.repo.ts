import { asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { packPrizes } from '../../db/schema/catalog.ts';

/** Packs this member bought of this pack so far. */
export async function packsBoughtBy(tx: DbOrTx, userId: number, packId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`select coalesce(sum(count), 0)::int as n from purchases where user_id = ${userId} and pack_id = ${packId}`,
  );
  return rows[0]?.n ?? 0;
}

/** The lot's prizes in lineup order (the order the draw function numbers slots in). */
export function lotPrizes(db: DbOrTx, packId: number) {
  return db
    .select({ id: packPrizes.id, count: packPrizes.count })
    .from(packPrizes)
    .where(eq(packPrizes.packId, packId))
    .orderBy(asc(packPrizes.sort), asc(packPrizes.id));
}
