import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { banners, cardTypes, packPrizes, packs, prefectures, ranks } from '../../db/schema/catalog.ts';

export type PackRow = typeof packs.$inferSelect;
export type PrizeRow = typeof packPrizes.$inferSelect;

export function listCardTypes(db: DbOrTx) {
  return db
    .select({ id: cardTypes.id, name: cardTypes.name, nameEn: cardTypes.nameEn })
    .from(cardTypes)
    .orderBy(asc(cardTypes.sort), asc(cardTypes.id));
}

export function listPrefectures(db: DbOrTx) {
  return db
    .select({ id: prefectures.id, name: prefectures.name, nameEn: prefectures.nameEn })
    .from(prefectures)
    .orderBy(asc(prefectures.id));
}

/** Published banners whose period holds `now` (an open start or end holds always), in the operator's order. */
export function listActiveBanners(db: DbOrTx, now: Date) {
  return db
    .select({ fileName: banners.fileName, url: banners.url })
    .from(banners)
    .where(
      and(
        eq(banners.active, true),
        or(isNull(banners.startAt), lte(banners.startAt, now)),
        or(isNull(banners.endAt), gt(banners.endAt, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
}

/** Packs a shopper may see: published and not past their end of sale. */
function visible(now: Date): SQL {
  return and(eq(packs.published, true), or(isNull(packs.endAt), gt(packs.endAt, now))) as SQL;
}

const packOrder = [asc(packs.sort), desc(packs.id)];

/**
 * The best lot prize of each pack in `packIds` (its highest rarity, then highest conversion value,
 * then the operator's order), for the pack tiles. One query for a whole list.
 */
export async function topLotPrizes(db: DbOrTx, packIds: readonly number[]): Promise<Map<number, PrizeRow>> {
  if (packIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([packPrizes.packId])
    .from(packPrizes)
    .where(and(eq(packPrizes.kind, 'lot'), inArray(packPrizes.packId, [...packIds])))
    .orderBy(asc(packPrizes.packId), desc(packPrizes.rarity), desc(packPrizes.buyPoint), asc(packPrizes.sort), asc(packPrizes.id));
  return new Map(rows.map((row) => [row.packId, row]));
}

export function listVisiblePacks(db: DbOrTx, now: Date, paymentMethod?: string) {
  const where = paymentMethod ? and(visible(now), eq(packs.paymentMethod, paymentMethod)) : visible(now);
  return db.select().from(packs).where(where).orderBy(...packOrder);
}

/** One page of visible packs, of one card type or (cardTypeId 0) of all. */
export async function pageVisiblePacks(
  db: DbOrTx,
  now: Date,
  cardTypeId: number,
  offset: number,
  limit: number,
): Promise<{ rows: PackRow[]; total: number }> {
  const where = cardTypeId > 0 ? and(visible(now), eq(packs.cardTypeId, cardTypeId)) : visible(now);
  const [rows, totals] = await Promise.all([
    db.select().from(packs).where(where).orderBy(...packOrder).limit(limit).offset(offset),
    db.select({ n: count() }).from(packs).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export async function findVisiblePack(db: DbOrTx, now: Date, packId: number): Promise<PackRow | undefined> {
  const [row] = await db
    .select()
    .from(packs)
    .where(and(visible(now), eq(packs.id, packId)))
    .limit(1);
  return row;
}

export async function packExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: packs.id }).from(packs).where(eq(packs.id, id));
  return row !== undefined;
}

/** The card type of a pack (its reveal's frame), or undefined when there is no such pack. */
export async function cardTypeOfPack(db: DbOrTx, id: number): Promise<number | undefined> {
  const [row] = await db.select({ cardTypeId: packs.cardTypeId }).from(packs).where(eq(packs.id, id));
  return row?.cardTypeId;
}

export async function cardTypeExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: cardTypes.id }).from(cardTypes).where(eq(cardTypes.id, id));
  return row !== undefined;
}

/** One page of a pack's lineup, the rarest first. */
export async function pagePackPrizes(
  db: DbOrTx,
  packId: number,
  offset: number,
  limit: number,
): Promise<{ rows: PrizeRow[]; total: number }> {
  // The lineup is the lot's prizes only: last-one and milestone prizes are not packs of the lot
  // (the pack page's trust panel shows them with their state).
  const ofLot = and(eq(packPrizes.packId, packId), eq(packPrizes.kind, 'lot'));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(packPrizes)
      .where(ofLot)
      .orderBy(desc(packPrizes.rarity), asc(packPrizes.sort), asc(packPrizes.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(packPrizes).where(ofLot),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

export interface RankName {
  name: string;
  nameEn: string;
}

/**
 * The names of the minimum ranks of these packs (member-only packs, decision 056); no read when
 * none of them has one.
 */
export async function rankNamesOf(db: DbOrTx, rows: readonly { minRankId: number | null }[]): Promise<Map<number, RankName>> {
  const ids = [...new Set(rows.flatMap((r) => (r.minRankId === null ? [] : [r.minRankId])))];
  if (ids.length === 0) return new Map();
  const found = await db.select({ id: ranks.id, name: ranks.name, nameEn: ranks.nameEn }).from(ranks).where(inArray(ranks.id, ids));
  return new Map(found.map((r) => [r.id, { name: r.name, nameEn: r.nameEn }]));
}
