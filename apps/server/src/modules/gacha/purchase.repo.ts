import { asc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { perDatabase } from '../../db/per-database.ts';
import { queryRows } from '../../db/rows.ts';
import { packPrizes, packs } from '../../db/schema/catalog.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { liveSession } from '../../http/session.ts';
import type { PendingCheck } from './pending-check.ts';

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
 * session's pack. No row: no live session.
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

/** Remembers an approved check (and the pack it is for) in the member's session. */
const saveCheckQuery = perDatabase((db: Db) =>
  db
    .update(sessions)
    .set({ data: sql`${sessions.data} || ${sql.placeholder('patch')}::jsonb` })
    .where(eq(sessions.id, sql.placeholder('key')))
    .prepare('purchase_save_check'),
);

export async function saveCheck(db: Db, sessionKey: string, check: PendingCheck): Promise<void> {
  await saveCheckQuery(db).execute({ key: sessionKey, patch: JSON.stringify({ packId: check.packId, check }) });
}

/** Packs this member bought of this pack so far. */
export async function packsBoughtBy(tx: DbOrTx, userId: number, packId: number): Promise<number> {
  const rows = await queryRows<{ n: number }>(tx, sql`select ${packsBought(userId, packId)} as n`);
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
