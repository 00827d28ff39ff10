import { and, count, countDistinct, desc, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ranks } from '../../db/schema/catalog.ts';
import { couponRedemptions, coupons } from '../../db/schema/coupons.ts';

export type CouponRecord = typeof coupons.$inferSelect;
export type NewCoupon = typeof coupons.$inferInsert;

export async function findByCode(db: DbOrTx, code: string): Promise<CouponRecord | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, code));
  return row;
}

export async function findById(db: DbOrTx, id: number): Promise<CouponRecord | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/**
 * Takes one use of the code from its budget: the conditional UPDATE that keeps the budget and the
 * use count from ever passing their limits under parallel redemptions (decision 059). It also
 * locks the code's row until the transaction ends, so the per-member count read after it sees
 * every redemption committed before. False when the code is paused, outside its period, or its
 * budget or uses are spent.
 */
export async function takeFromBudget(tx: DbOrTx, id: number, points: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ remaining: sql`${coupons.remaining} - ${points}`, uses: sql`${coupons.uses} + 1` })
    .where(
      and(
        eq(coupons.id, id),
        sql`${coupons.remaining} >= ${points}`,
        or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`),
        eq(coupons.paused, false),
        lte(coupons.startsAt, now),
        gt(coupons.endsAt, now),
      ),
    )
    .returning({ id: coupons.id });
  return rows.length > 0;
}

/** The member's redemptions of the code, but those given back with their failed, cancelled or lapsed payment. */
export async function countMemberUses(db: DbOrTx, couponId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), eq(couponRedemptions.userId, userId), isNull(couponRedemptions.releasedAt)));
  return row?.n ?? 0;
}

/** A discount's redemption, tied to the payment it was taken off (decision 061). */
export async function insertDiscountRedemption(tx: DbOrTx, row: { couponId: number; userId: number; paymentId: number; discountYen: number; now: Date }): Promise<number> {
  const [inserted] = await tx
    .insert(couponRedemptions)
    .values({ couponId: row.couponId, userId: row.userId, points: 0, paymentId: row.paymentId, discountYen: row.discountYen, redeemedAt: row.now })
    .returning({ id: couponRedemptions.id });
  if (!inserted) throw new Error('coupon redemption not inserted');
  return inserted.id;
}

/**
 * Marks the payment's redemption given back, once (the guard `released_at is null`: of two
 * callers only one gets the row), and answers what to put back in the budget.
 */
export async function releaseRedemption(tx: DbOrTx, paymentId: number, now: Date): Promise<{ couponId: number; discountYen: number } | undefined> {
  const [row] = await tx
    .update(couponRedemptions)
    .set({ releasedAt: now })
    .where(and(eq(couponRedemptions.paymentId, paymentId), isNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId, discountYen: couponRedemptions.discountYen });
  return row;
}

/** Undoes a release (a lapsed transfer confirmed late), once. */
export async function unreleaseRedemption(tx: DbOrTx, paymentId: number): Promise<{ couponId: number; discountYen: number } | undefined> {
  const [row] = await tx
    .update(couponRedemptions)
    .set({ releasedAt: null })
    .where(and(eq(couponRedemptions.paymentId, paymentId), isNotNull(couponRedemptions.releasedAt)))
    .returning({ couponId: couponRedemptions.couponId, discountYen: couponRedemptions.discountYen });
  return row;
}

/** Puts a released discount back in the code's budget and use count. */
export async function giveBackToBudget(tx: DbOrTx, id: number, yen: number): Promise<void> {
  await tx
    .update(coupons)
    .set({ remaining: sql`${coupons.remaining} + ${yen}`, uses: sql`greatest(${coupons.uses} - 1, 0)` })
    .where(eq(coupons.id, id));
}

/** Takes a late-confirmed payment's discount from the budget again if it still covers it (no period or pause check: the member already paid). */
export async function retakeFromBudget(tx: DbOrTx, id: number, yen: number): Promise<boolean> {
  const rows = await tx
    .update(coupons)
    .set({ remaining: sql`${coupons.remaining} - ${yen}`, uses: sql`${coupons.uses} + 1` })
    .where(and(eq(coupons.id, id), sql`${coupons.remaining} >= ${yen}`, or(isNull(coupons.maxUses), sql`${coupons.uses} < ${coupons.maxUses}`)))
    .returning({ id: coupons.id });
  return rows.length > 0;
}

export async function insertRedemption(tx: DbOrTx, row: { couponId: number; userId: number; points: number; now: Date }): Promise<number> {
  const [inserted] = await tx
    .insert(couponRedemptions)
    .values({ couponId: row.couponId, userId: row.userId, points: row.points, redeemedAt: row.now })
    .returning({ id: couponRedemptions.id });
  if (!inserted) throw new Error('coupon redemption not inserted');
  return inserted.id;
}

/** The member's rank order against the code's minimum: as the member-only packs read it (no rank: the lowest). */
export async function rankCheck(db: DbOrTx, userId: number, minRankId: number) {
  const [row] = await queryRows<{ member_sort: number; min_sort: number | null; name: string | null; name_en: string | null }>(
    db,
    sql`select coalesce((select r.sort from ranks r join users u on u.rank_id = r.id where u.id = ${userId}), (select min(sort) from ranks), 0)::int as member_sort,
               m.sort as min_sort, m.name, m.name_en
          from (select 1) one left join ranks m on m.id = ${minRankId}`,
  );
  return row;
}

export async function rankExists(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.select({ id: ranks.id }).from(ranks).where(eq(ranks.id, id));
  return rows.length > 0;
}

/** Inserts codes; undefined when one of them is already taken (nothing inserted). */
export async function insertCoupons(tx: DbOrTx, rows: readonly NewCoupon[]): Promise<CouponRecord[] | undefined> {
  const inserted = await tx.insert(coupons).values([...rows]).onConflictDoNothing({ target: coupons.code }).returning();
  return inserted.length === rows.length ? inserted : undefined;
}

export async function setPaused(tx: DbOrTx, id: number, paused: boolean): Promise<CouponRecord | undefined> {
  const [row] = await tx.update(coupons).set({ paused }).where(eq(coupons.id, id)).returning();
  return row;
}

// Spelled out: inside a subquery a bare column reference would name the subquery's table.
const membersOf = sql<number>`(select count(distinct r.user_id)::int from coupon_redemptions r where r.coupon_id = "coupons"."id")`;

/** A page of codes, newest first, with how many members redeemed each; a batch's codes when `batch` is set. */
export async function couponPage(db: DbOrTx, q: { page: number; per: number; batch: string }) {
  const where = q.batch ? eq(coupons.batch, q.batch) : isNull(coupons.batch);
  const [rows, [total]] = await Promise.all([
    db
      .select({ coupon: coupons, members: membersOf })
      .from(coupons)
      .where(where)
      .orderBy(desc(coupons.id))
      .limit(q.per)
      .offset((q.page - 1) * q.per),
    db.select({ n: count() }).from(coupons).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The batches of single-use codes, newest first. */
export function batchSummaries(db: DbOrTx) {
  return db
    .select({
      batch: sql<string>`${coupons.batch}`,
      name: sql<string>`min(${coupons.name})`,
      kind: sql<CouponRecord['kind']>`min(${coupons.kind})`,
      codes: count(),
      used: sql<number>`count(*) filter (where ${coupons.uses} > 0)::int`,
      pointsGiven: sql<number>`coalesce(sum(${coupons.budget} - ${coupons.remaining}), 0)::int`,
      createdAt: sql<Date>`min(${coupons.createdAt})`,
    })
    .from(coupons)
    .where(isNotNull(coupons.batch))
    .groupBy(coupons.batch)
    .orderBy(desc(sql`min(${coupons.createdAt})`))
    .limit(100);
}

export function batchCodes(db: DbOrTx, batch: string) {
  return db
    .select({ coupon: coupons, members: countDistinct(couponRedemptions.userId) })
    .from(coupons)
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
    .where(eq(coupons.batch, batch))
    .groupBy(coupons.id)
    .orderBy(coupons.id);
}

export async function membersOfCoupon(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: countDistinct(couponRedemptions.userId) }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id));
  return row?.n ?? 0;
}

export function usesOf(db: DbOrTx, id: number, limit: number) {
  return db
    .select({
      userId: couponRedemptions.userId,
      points: couponRedemptions.points,
      discountYen: couponRedemptions.discountYen,
      paymentId: couponRedemptions.paymentId,
      releasedAt: couponRedemptions.releasedAt,
      redeemedAt: couponRedemptions.redeemedAt,
    })
    .from(couponRedemptions)
    .where(eq(couponRedemptions.couponId, id))
    .orderBy(desc(couponRedemptions.id))
    .limit(limit);
}
