import type { PackSort, PackState } from '@oripa/contract/admin-catalog';
import { and, asc, count, desc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import { publishChange } from '../../db/change-feed.ts';
import type { DbOrTx } from '../../db/client.ts';
import { cardTypes, packPrizes, packs, ranks } from '../../db/schema/catalog.ts';

// The console's reads and writes of card types, packs and prizes. No query here selects
// packs.seed_secret: the seed stays secret until the reveal (decision 014).

export function cardTypesWithPackCounts(db: DbOrTx) {
  return db
    .select({ id: cardTypes.id, name: cardTypes.name, nameEn: cardTypes.nameEn, sort: cardTypes.sort, packs: count(packs.id) })
    .from(cardTypes)
    .leftJoin(packs, eq(packs.cardTypeId, cardTypes.id))
    .groupBy(cardTypes.id)
    .orderBy(asc(cardTypes.sort), asc(cardTypes.id));
}

export async function cardTypeNamed(db: DbOrTx, name: string): Promise<{ id: number } | undefined> {
  const [row] = await db.select({ id: cardTypes.id }).from(cardTypes).where(eq(cardTypes.name, name)).limit(1);
  return row;
}

type CardTypeValues = { name: string; nameEn: string; sort: number };

export async function cardTypeById(db: DbOrTx, id: number, lock = false) {
  const query = db.select().from(cardTypes).where(eq(cardTypes.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCardType(tx: DbOrTx, values: CardTypeValues) {
  const [row] = await tx.insert(cardTypes).values(values).returning();
  return row as typeof cardTypes.$inferSelect;
}

export async function updateCardType(tx: DbOrTx, id: number, values: CardTypeValues) {
  const [row] = await tx.update(cardTypes).set(values).where(eq(cardTypes.id, id)).returning();
  return row as typeof cardTypes.$inferSelect;
}

/**
 * A pack's state for an operator, in SQL, the same order of questions as the shop's sale rule
 * (gacha/sale-rule.ts): hidden, sold out, ended, not started, else on sale.
 */
function stateOf(now: Date): SQL<PackState> {
  const at = now.toISOString();
  return sql<PackState>`case when not ${packs.published} then 'hidden'
    when ${packs.drawnCount} >= ${packs.totalPackCount} then 'sold_out'
    when ${packs.endAt} is not null and ${packs.endAt} <= ${at}::timestamptz then 'ended'
    when ${packs.startAt} > ${at}::timestamptz then 'scheduled'
    else 'on_sale' end`;
}

const remaining = sql<number>`(${packs.totalPackCount} - ${packs.drawnCount})`;

const SORT_COLUMNS = {
  id: packs.id,
  name: packs.name,
  point: packs.price,
  remaining,
  start_at: packs.startAt,
  end_at: packs.endAt,
  sort: packs.sort,
} as const satisfies Record<PackSort, unknown>;

export interface PackFilter {
  /** Part of the name, matched literally. */
  name?: string | undefined;
  cardTypeId?: number | undefined;
  state?: PackState | undefined;
}

const contains = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

function where(filter: PackFilter, now: Date): SQL | undefined {
  return and(
    filter.name ? ilike(packs.name, contains(filter.name)) : undefined,
    filter.cardTypeId ? eq(packs.cardTypeId, filter.cardTypeId) : undefined,
    filter.state ? sql`${stateOf(now)} = ${filter.state}` : undefined,
  );
}

/** One page of packs and the count of all that match; ties in the sort go by id, newest first. */
export async function packPage(
  db: DbOrTx,
  filter: PackFilter,
  sort: { by: PackSort; dir: 'asc' | 'desc' },
  page: { offset: number; limit: number },
  now: Date,
) {
  const column = SORT_COLUMNS[sort.by];
  const rows = await db
    .select({
      id: packs.id,
      name: packs.name,
      cardTypeId: packs.cardTypeId,
      cardType: cardTypes.name,
      price: packs.price,
      paymentMethod: packs.paymentMethod,
      total: packs.totalPackCount,
      remaining,
      startAt: packs.startAt,
      endAt: packs.endAt,
      published: packs.published,
      sort: packs.sort,
      state: stateOf(now),
    })
    .from(packs)
    .innerJoin(cardTypes, eq(cardTypes.id, packs.cardTypeId))
    .where(where(filter, now))
    .orderBy(sort.dir === 'asc' ? sql`${column} asc nulls last` : sql`${column} desc nulls last`, desc(packs.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(packs).where(where(filter, now));
  return { rows, total: total?.n ?? 0 };
}

const packColumns = (now: Date) => ({
  id: packs.id,
  name: packs.name,
  nameEn: packs.nameEn,
  cardTypeId: packs.cardTypeId,
  price: packs.price,
  paymentMethod: packs.paymentMethod,
  startAt: packs.startAt,
  endAt: packs.endAt,
  maxBuyCount: packs.maxBuyCount,
  limitPerMember: packs.limitPerMember,
  limitMessage: packs.limitMessage,
  minRankId: packs.minRankId,
  firstPurchaseOnly: packs.firstPurchaseOnly,
  smsVerifiedOnly: packs.smsVerifiedOnly,
  freeDaily: packs.freeDaily,
  showCardlist: packs.showCardlist,
  movieStyle: packs.movieStyle,
  images: packs.images,
  detailHtml: packs.detailHtml,
  detailHtmlEn: packs.detailHtmlEn,
  sort: packs.sort,
  published: packs.published,
  total: packs.totalPackCount,
  drawn: packs.drawnCount,
  seedHash: packs.seedHash,
  committedAt: packs.committedAt,
  revealDeadline: packs.revealDeadline,
  state: stateOf(now),
});
export type ConsolePackRow = NonNullable<Awaited<ReturnType<typeof packForConsole>>>;

/** A pack's terms for the console (never its seed); `lock` takes the row for an update. */
export async function packForConsole(db: DbOrTx, id: number, now: Date, lock = false) {
  const query = db.select(packColumns(now)).from(packs).where(eq(packs.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export function prizesOf(db: DbOrTx, packId: number) {
  return db.select().from(packPrizes).where(eq(packPrizes.packId, packId)).orderBy(asc(packPrizes.sort), asc(packPrizes.id));
}

/** The pack's own terms (not the lot's: the commitment triggers refuse those). */
export type PackTerms = Pick<
  typeof packs.$inferInsert,
  | 'name'
  | 'nameEn'
  | 'cardTypeId'
  | 'price'
  | 'paymentMethod'
  | 'startAt'
  | 'endAt'
  | 'maxBuyCount'
  | 'limitPerMember'
  | 'limitMessage'
  | 'minRankId'
  | 'firstPurchaseOnly'
  | 'smsVerifiedOnly'
  | 'freeDaily'
  | 'showCardlist'
  | 'movieStyle'
  | 'images'
  | 'detailHtml'
  | 'detailHtmlEn'
  | 'sort'
  | 'published'
>;

/** Changes a pack's terms; every instance re-reads its pack snapshots when the change commits. */
export async function updatePackTerms(tx: DbOrTx, id: number, terms: Partial<PackTerms>): Promise<void> {
  await tx.update(packs).set(terms).where(eq(packs.id, id));
  await publishChange(tx, 'packs');
}

/** A prize's conversion terms (the shop's offer for a won card) and English name: outside the commitment. */
export async function updatePrizeTerms(
  tx: DbOrTx,
  packId: number,
  prizeId: number,
  terms: { buyPoint: number; actionType: string; num: number; nameEn: string; costYen: number | null },
): Promise<void> {
  await tx
    .update(packPrizes)
    // Only these columns: setting any other, even to its own value, fires the commitment trigger.
    .set({ buyPoint: terms.buyPoint, actionType: terms.actionType, num: terms.num, nameEn: terms.nameEn, costYen: terms.costYen })
    .where(and(eq(packPrizes.id, prizeId), eq(packPrizes.packId, packId)));
}

/** Whether the rank exists (a member-only pack's minimum rank, decision 056). */
export async function rankExists(db: DbOrTx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: ranks.id }).from(ranks).where(eq(ranks.id, id));
  return row !== undefined;
}
