import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { cardTypes, packPrizes, packs } from '../../db/schema/catalog.ts';

export type CardTypeRow = typeof cardTypes.$inferSelect;

/** A card type by id or by name. */
export async function findCardType(tx: DbOrTx, ref: number | string): Promise<CardTypeRow | undefined> {
  const [found] = await tx
    .select()
    .from(cardTypes)
    .where(typeof ref === 'number' ? eq(cardTypes.id, ref) : eq(cardTypes.name, ref));
  return found;
}

export async function insertCardType(tx: DbOrTx, name: string): Promise<CardTypeRow> {
  const [created] = await tx.insert(cardTypes).values({ name }).returning();
  return created as CardTypeRow;
}

/** Inserts a pack row; answers its id. */
export async function insertPack(tx: DbOrTx, values: typeof packs.$inferInsert): Promise<number> {
  const [pack] = await tx.insert(packs).values(values).returning({ id: packs.id });
  return (pack as { id: number }).id;
}

/** Inserts prizes in the order given; returns their ids in that order. */
export async function insertPrizes(tx: DbOrTx, prizes: (typeof packPrizes.$inferInsert)[]): Promise<number[]> {
  if (prizes.length === 0) return [];
  const rows = await tx.insert(packPrizes).values(prizes).returning({ id: packPrizes.id });
  return rows.map((r) => r.id);
}

/** Every pack with its card type's name, by id. */
export function listPacksWithType(db: DbOrTx) {
  return db
    .select({
      id: packs.id,
      name: packs.name,
      price: packs.price,
      paymentMethod: packs.paymentMethod,
      total: packs.totalPackCount,
      drawn: packs.drawnCount,
      startAt: packs.startAt,
      endAt: packs.endAt,
      published: packs.published,
      seedHash: packs.seedHash,
      cardType: cardTypes.name,
    })
    .from(packs)
    .innerJoin(cardTypes, eq(cardTypes.id, packs.cardTypeId))
    .orderBy(asc(packs.id));
}
