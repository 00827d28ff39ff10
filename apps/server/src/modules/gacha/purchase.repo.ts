import { and, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { queryRows } from '../../db/rows.ts';
import { packs } from '../../db/schema/catalog.ts';
import { purchases } from '../../db/schema/gacha.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { liveSession } from '../../db/live-session.ts';

/** SQL: how many packs of `packId` the member `userId` bought so far (the per-member limit). */
function packsBought(userId: SQLWrapper | number, packId: SQLWrapper | number) {
  return sql`(select coalesce(sum(count), 0)::int from purchases where user_id = ${userId} and pack_id = ${packId})`;
}

/** What a check or buy needs to know of a pack to say whether it sells `count` now. */
const saleTerms = {
  id: packs.id,
  name: packs.name,
  point: packs.point,
  paymentMethod: packs.paymentMethod,
  totalPackCount: packs.totalPackCount,
  drawnCount: packs.drawnCount,
  startAt: packs.startAt,
  endAt: packs.endAt,
  published: packs.published,
  maxBuyCount: packs.maxBuyCount,
  limitPerMember: packs.limitPerMember,
};

export type SaleTerms = { [K in keyof typeof saleTerms]: (typeof packs.$inferSelect)[K] };

/** A pack's sale terms, or undefined when there is no such pack. */
export async function findSaleTerms(db: DbOrTx, packId: number): Promise<SaleTerms | undefined> {
  const [row] = await db.select(saleTerms).from(packs).where(eq(packs.id, packId)).limit(1);
  return row;
}

/**
 * Everything a check decides on, in one prepared round trip: the live session (its member and
 * the pack it last opened), the pack's sale terms, the member's balances and, for a pack with a
 * per-member limit, the packs they bought of it. `pack_id` of the payload wins over the
 * session's pack. No row: no live session. Reading the sessions table here, not through the
 * sessions service, is the measured exception of the purchase hot path (decision 005: the
 * check in 2 round trips instead of 4).
 */
const checkContextQuery = perDatabase((db: Db) =>
  db
    .select({
      userId: sessions.userId,
      pack: saleTerms,
      point: users.pointBalance,
      coin: users.coinBalance,
      bought: sql<number>`case when ${packs.limitPerMember} > 0 then ${packsBought(sessions.userId, packs.id)} else 0 end`.mapWith(
        Number,
      ),
    })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      packs,
      eq(packs.id, sql`coalesce(${sql.placeholder('packId')}::int, (${sessions.data}->>'packId')::int)`),
    )
    .where(liveSession(sql.placeholder('key')))
    .limit(1)
    .prepare('purchase_check_context'),
);

export async function checkContext(db: Db, sessionKey: string, packId: number | undefined) {
  const [row] = await checkContextQuery(db).execute({ key: sessionKey, packId: packId ?? null });
  return row;
}

/** Packs this member bought of this pack so far. */
export async function packsBoughtBy(tx: DbOrTx, userId: number, packId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(tx, sql`select ${packsBought(userId, packId)} as n`);
  return rows[0]?.n ?? 0;
}

/** A purchase of this member's (never another's), or undefined. */
export async function memberPurchase(db: DbOrTx, purchaseId: number, userId: number) {
  const [row] = await db
    .select({
      id: purchases.id,
      packId: purchases.packId,
      packName: purchases.packName,
      paymentMethod: purchases.paymentMethod,
      movieStyle: purchases.movieStyle,
      createdAt: purchases.createdAt,
      drawFrom: purchases.drawFrom,
      count: purchases.count,
    })
    .from(purchases)
    .where(and(eq(purchases.id, purchaseId), eq(purchases.userId, userId)));
  return row;
}

export async function purchasePackName(db: DbOrTx, purchaseId: number): Promise<string> {
  const [row] = await db.select({ name: purchases.packName }).from(purchases).where(eq(purchases.id, purchaseId));
  return row?.name ?? '';
}
