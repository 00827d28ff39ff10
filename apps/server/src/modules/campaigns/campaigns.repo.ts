import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { CampaignKind } from '@oripa/contract/campaigns';
import type { DbOrTx } from '../../db/client.ts';
import { campaignGrants, campaigns } from '../../db/schema/campaigns.ts';
import { pointCourses } from '../../db/schema/catalog.ts';

export type CampaignRecord = typeof campaigns.$inferSelect;
export type NewCampaign = typeof campaigns.$inferInsert;
export type GrantRecord = typeof campaignGrants.$inferSelect;

export async function findById(db: DbOrTx, id: number): Promise<CampaignRecord | undefined> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

/** The campaign of `kind` whose period holds `at` (at most one: periods of one kind never overlap). */
export async function findForOrder(db: DbOrTx, kind: CampaignKind, at: Date): Promise<CampaignRecord | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.kind, kind), lte(campaigns.startsAt, at), gt(campaigns.endsAt, at)))
    .orderBy(campaigns.id)
    .limit(1);
  return row;
}

/**
 * Holds the campaigns table against other writers until the transaction ends, so two creations
 * racing cannot both find no overlap. Readers (the purchases' grants) are not blocked.
 */
export async function lockForCreate(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`lock table campaigns in share row exclusive mode`);
}

/** A campaign of `kind` whose period overlaps [from, to). */
export async function findOverlap(db: DbOrTx, kind: CampaignKind, from: Date, to: Date): Promise<CampaignRecord | undefined> {
  const [row] = await db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.kind, kind), sql`${campaigns.startsAt} < ${to}`, sql`${campaigns.endsAt} > ${from}`))
    .limit(1);
  return row;
}

export async function insertCampaign(tx: DbOrTx, row: NewCampaign): Promise<CampaignRecord> {
  const [inserted] = await tx.insert(campaigns).values(row).returning();
  if (!inserted) throw new Error('campaign not inserted');
  return inserted;
}

export async function setPaused(tx: DbOrTx, id: number, paused: boolean): Promise<CampaignRecord | undefined> {
  const [row] = await tx.update(campaigns).set({ paused }).where(eq(campaigns.id, id)).returning();
  return row;
}

/**
 * Takes `amount` (points or coins, a decimal string) from the campaign's budget: the conditional
 * UPDATE that keeps it from ever going below zero under parallel purchases (decision 060, as
 * coupons' decision 059). False when the campaign is paused or its budget cannot cover it.
 */
export async function takeFromBudget(tx: DbOrTx, id: number, amount: string): Promise<boolean> {
  const rows = await tx
    .update(campaigns)
    .set({ remaining: sql`${campaigns.remaining} - ${amount}::numeric` })
    .where(and(eq(campaigns.id, id), sql`${campaigns.remaining} >= ${amount}::numeric`, eq(campaigns.paused, false)))
    .returning({ id: campaigns.id });
  return rows.length > 0;
}

/**
 * The payment's grant row of `kind`, inserted unless one exists: its unique index makes a second
 * insert (a retry, a racing path) wait for the first transaction and then find it. Undefined: the
 * payment already has one.
 */
export async function insertGrant(
  tx: DbOrTx,
  row: { campaignId: number; paymentId: number; userId: number; kind: CampaignKind; amount: string; now: Date },
): Promise<number | undefined> {
  const [inserted] = await tx
    .insert(campaignGrants)
    .values({ campaignId: row.campaignId, paymentId: row.paymentId, userId: row.userId, kind: row.kind, amount: row.amount, grantedAt: row.now })
    .onConflictDoNothing({ target: [campaignGrants.paymentId, campaignGrants.kind] })
    .returning({ id: campaignGrants.id });
  return inserted?.id;
}

export async function deleteGrant(tx: DbOrTx, id: number): Promise<void> {
  await tx.delete(campaignGrants).where(eq(campaignGrants.id, id));
}

export async function findGrant(db: DbOrTx, paymentId: number, kind: CampaignKind): Promise<GrantRecord | undefined> {
  const [row] = await db
    .select()
    .from(campaignGrants)
    .where(and(eq(campaignGrants.paymentId, paymentId), eq(campaignGrants.kind, kind)));
  return row;
}

// Spelled out: inside a subquery a bare column reference would name the subquery's table.
const paymentsOf = sql<number>`(select count(*)::int from campaign_grants g where g.campaign_id = "campaigns"."id")`;

/** Every campaign, newest first, with how many payments got it. */
export function listAll(db: DbOrTx, limit = 200) {
  return db.select({ campaign: campaigns, payments: paymentsOf }).from(campaigns).orderBy(desc(campaigns.id)).limit(limit);
}

export async function paymentsOfCampaign(db: DbOrTx, id: number): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(campaignGrants).where(eq(campaignGrants.campaignId, id));
  return row?.n ?? 0;
}

/** Campaigns started and not ended at `now`, not paused. */
export function running(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(campaigns)
    .where(and(lte(campaigns.startsAt, now), gt(campaigns.endsAt, now), eq(campaigns.paused, false)))
    .orderBy(campaigns.kind, campaigns.id);
}

/**
 * The point courses on sale (active, not retired; payments/courses.repo.ts OFFERED), as the
 * banner's budget_left needs them: the yen price and the points a payment credits (points +
 * bonus, courses.service creditedPoints). Read here, not through the payments module, which
 * imports this module (the purchase's grants): a read of its table, no write.
 */
export function coursesOnSale(db: DbOrTx): Promise<{ price: number; credited: number }[]> {
  return db
    .select({ price: pointCourses.price, credited: sql<number>`(${pointCourses.point} + ${pointCourses.bonusPoint})::int` })
    .from(pointCourses)
    .where(and(eq(pointCourses.active, true), isNull(pointCourses.retiredAt)));
}

export function grantsOf(db: DbOrTx, id: number, limit: number) {
  return db
    .select({ paymentId: campaignGrants.paymentId, userId: campaignGrants.userId, amount: campaignGrants.amount, grantedAt: campaignGrants.grantedAt })
    .from(campaignGrants)
    .where(eq(campaignGrants.campaignId, id))
    .orderBy(desc(campaignGrants.id))
    .limit(limit);
}
