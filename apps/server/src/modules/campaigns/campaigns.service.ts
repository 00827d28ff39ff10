import {
  CAMPAIGN_GRANTS_SHOWN,
  campaignBonusPoints,
  type ActiveCampaign,
  type CampaignRow,
  type CampaignStatus,
  type CreateCampaign,
} from '@oripa/contract/campaigns';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { inLang } from '../../kernel/language.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';
import { formatJst } from '../../lib/time.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { coinBackCents, rankTable } from '../ranks/ranks.service.ts';
import { creditCoins, creditPoints, takeBackGrant } from '../wallet/wallet.service.ts';
import * as repo from './campaigns.repo.ts';

/**
 * Campaigns (decision 060): extra free points on a point purchase (`point_bonus`) or its rank
 * coin-back multiplied (`coinback_multiplier`), for purchases whose order was created in the
 * campaign's period, granted in the transaction that credits the purchase from a budget taken by
 * one conditional UPDATE, once per payment; taken back with the payment's points on a refund.
 */

/** What the grants need of a payment (the payments module's row has it all). */
export interface CampaignPayment {
  id: number;
  userId: number;
  /** The points the purchase credits (the course's points, its own bonus included). */
  point: number;
  /** Yen paid. */
  amount: number;
  /** When the order was created: the campaign is the one whose period holds it. */
  createdAt: Date;
}

/** The ledger key of a payment's campaign grant (points in the point ledger, coins in the coin ledger). */
export const campaignKey = (paymentId: number) => `campaign:payment:${paymentId}`;
const campaignRef = (campaignId: number) => `campaign:${campaignId}`;

/** Points of a budget are whole; coins have two places. */
const points = (amount: string) => Number(toCents(amount) / 100n);

export function campaignStatus(c: repo.CampaignRecord, now: Date): CampaignStatus {
  if (c.paused) return 'paused';
  if (now < c.startsAt) return 'scheduled';
  if (now >= c.endsAt) return 'ended';
  if (toCents(c.remaining) <= 0n) return 'exhausted';
  return 'active';
}

/**
 * Takes `amount` from the campaign's budget for the payment and records the grant, or nothing:
 * the grant row first (its unique index lets one transaction per payment and kind through; the
 * others find it), then the conditional UPDATE. A budget that cannot cover it (or a paused
 * campaign) grants nothing and leaves no row.
 */
async function claim(tx: DbOrTx, campaign: repo.CampaignRecord, payment: CampaignPayment, amount: string, now: Date): Promise<boolean> {
  const grantId = await repo.insertGrant(tx, { campaignId: campaign.id, paymentId: payment.id, userId: payment.userId, kind: campaign.kind, amount, now });
  if (grantId === undefined) return false;
  if (await repo.takeFromBudget(tx, campaign.id, amount)) return true;
  await repo.deleteGrant(tx, grantId);
  return false;
}

/**
 * The point bonus of a purchase, inside the transaction that credits it (payment-state.ts
 * creditPurchase): floor(points × percent / 100) free points, reason `campaign`, their own ledger
 * row and free lot, keyed `campaign:payment:<id>`. Answers the points given (0: none).
 */
export async function grantCampaignPoints(tx: DbOrTx, payment: CampaignPayment, now: Date): Promise<number> {
  const campaign = await repo.findForOrder(tx, 'point_bonus', payment.createdAt);
  if (!campaign || campaign.percent === null) return 0;
  const bonus = campaignBonusPoints(payment.point, campaign.percent);
  if (bonus <= 0) return 0;
  if (!(await claim(tx, campaign, payment, String(bonus), now))) return 0;
  const credit = await creditPoints(tx, {
    userId: payment.userId,
    amount: bonus,
    reason: 'campaign',
    ref: campaignRef(campaign.id),
    memo: `キャンペーン ${campaign.name}（+${campaign.percent}%）`,
    idempotencyKey: campaignKey(payment.id),
    now,
  });
  return credit.applied ? bonus : 0;
}

/**
 * The coin-back campaign of a purchase, right after its rank coin-back (`baseCents` hundredths of
 * a coin) in the same transaction: the extra (× multiplier − 1) is a coin ledger row of its own,
 * reason `campaign_coinback`, keyed `campaign:payment:<id>`; the budget counts the extra only.
 * Answers the extra coins in hundredths (0n: none).
 */
export async function grantCampaignCoinBack(tx: DbOrTx, payment: CampaignPayment, baseCents: bigint, now: Date): Promise<bigint> {
  if (baseCents <= 0n) return 0n;
  const campaign = await repo.findForOrder(tx, 'coinback_multiplier', payment.createdAt);
  if (!campaign || campaign.multiplier === null) return 0n;
  const extra = baseCents * BigInt(campaign.multiplier - 1);
  const amount = fromCents(extra);
  if (!(await claim(tx, campaign, payment, amount, now))) return 0n;
  const credit = await creditCoins(tx, {
    userId: payment.userId,
    amount,
    reason: 'campaign_coinback',
    ref: campaignRef(campaign.id),
    memo: `キャンペーン ${campaign.name}（コインバック×${campaign.multiplier}）`,
    idempotencyKey: campaignKey(payment.id),
  });
  return credit.applied ? extra : 0n;
}

/**
 * A refund's share of the payment's campaign points, taken back in the refund's transaction as
 * the payment's own points are (refunds.service.ts takeBackForRefund): in proportion to the yen
 * given back, counted cumulatively, never more than is unspent of the bonus's lot (points the
 * member spent stay spent), one ledger row keyed by the refund. Answers the points taken.
 */
export async function takeBackCampaignPoints(
  tx: DbOrTx,
  payment: { id: number; userId: number; amount: number },
  refund: { id: number; amount: number },
  refundedBefore: number,
  now: Date,
): Promise<number> {
  const grant = await repo.findGrant(tx, payment.id, 'point_bonus');
  if (!grant || payment.amount <= 0) return 0;
  const bonus = points(grant.amount);
  const upTo = (yen: number) => Math.floor((bonus * Math.min(yen, payment.amount)) / payment.amount);
  const wanted = upTo(refundedBefore + refund.amount) - upTo(refundedBefore);
  if (wanted <= 0) return 0;
  const { taken } = await takeBackGrant(tx, {
    userId: payment.userId,
    reason: 'refund',
    ref: campaignRef(grant.campaignId),
    memo: `キャンペーンポイント返還（お支払い #${payment.id} の返金）`,
    idempotencyKey: `refund:${refund.id}:campaign`,
    grantKey: campaignKey(payment.id),
    points: wanted,
    free: true,
    now,
  });
  return taken;
}

// Shop

/**
 * GET /user/campaigns: the campaigns running now, in the visitor's language. `budget_left` says
 * whether the next purchase could still get something: the smallest grant a purchase of a course
 * on sale now would take still fits the remaining budget (a grant is all or nothing, claim()).
 * - point_bonus: the smallest positive bonus of the courses on sale (their credited points ×
 *   percent, as grantCampaignPoints computes it). No course with a positive bonus: none left.
 * - coinback_multiplier: the smallest positive extra, (× multiplier − 1) of the rank coin-back of
 *   a course's price at a rank rate above 0, i.e. the cheapest course at the lowest positive rate
 *   (rounded as grantCoinBack rounds). A course-discount coupon (decision 061) lowers the yen paid
 *   and so the extra; that is not counted: the banner speaks of the price on the course list.
 *   With no positive rate or no course on sale the smallest extra is ill-defined: then any
 *   remaining budget counts as left, as before.
 */
export async function activeCampaigns(db: DbOrTx, lang: Lang, now = new Date()): Promise<{ campaigns: ActiveCampaign[] }> {
  const rows = await repo.running(db, now);
  const courses = rows.length > 0 ? await repo.coursesOnSale(db) : [];
  const rates = rows.some((c) => c.kind === 'coinback_multiplier')
    ? (await rankTable(db)).map((r) => toCents(r.coin_back_rate)).filter((rate) => rate > 0n)
    : [];
  return {
    campaigns: rows.map((c) => ({
      kind: c.kind,
      name: inLang(c.name, c.nameEn, lang),
      percent: c.percent,
      multiplier: c.multiplier,
      ends_at: c.endsAt.toISOString(),
      budget_left: budgetLeft(c, courses, rates),
    })),
  };
}

/** Whether the smallest grant a purchase on sale now could get fits `c`'s remaining budget (see activeCampaigns). */
function budgetLeft(c: repo.CampaignRecord, courses: readonly { price: number; credited: number }[], rates: readonly bigint[]): boolean {
  const remaining = toCents(c.remaining);
  if (remaining <= 0n) return false;
  if (c.kind === 'point_bonus') {
    if (c.percent === null) return false;
    const percent = c.percent;
    const bonuses = courses.map((course) => campaignBonusPoints(course.credited, percent)).filter((b) => b > 0);
    return bonuses.length > 0 && remaining >= BigInt(Math.min(...bonuses)) * 100n;
  }
  if (c.multiplier === null) return false;
  const multiplier = BigInt(c.multiplier - 1);
  const extras = courses.flatMap((course) => rates.map((rate) => coinBackCents(rate, course.price) * multiplier)).filter((e) => e > 0n);
  if (extras.length === 0) return true;
  return remaining >= extras.reduce((a, b) => (b < a ? b : a));
}

// Console

export function campaignView(c: repo.CampaignRecord, payments: number, now: Date): CampaignRow {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    name_en: c.nameEn,
    percent: c.percent,
    multiplier: c.multiplier,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    budget: fromCents(toCents(c.budget)),
    remaining: fromCents(toCents(c.remaining)),
    used: fromCents(toCents(c.budget) - toCents(c.remaining)),
    paused: c.paused,
    payments,
    status: campaignStatus(c, now),
    created_by: c.createdBy,
    created_at: c.createdAt.toISOString(),
  };
}

function audited(c: repo.CampaignRecord) {
  return {
    kind: c.kind,
    name: c.name,
    name_en: c.nameEn,
    percent: c.percent,
    multiplier: c.multiplier,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    budget: c.budget,
    paused: c.paused,
  };
}

/**
 * A new campaign, audited in its transaction. Refused when its period overlaps a campaign of the
 * same kind (whatever that one's state: a paused one may be resumed), under a table lock so two
 * creations at once cannot both pass.
 */
export async function createCampaign(db: Db, spec: CreateCampaign, actor: Actor, now = new Date()): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    const startsAt = new Date(spec.starts_at);
    const endsAt = new Date(spec.ends_at);
    await repo.lockForCreate(tx);
    const overlap = await repo.findOverlap(tx, spec.kind, startsAt, endsAt);
    if (overlap) {
      throw AppError.field('starts_at', 'campaigns.overlap', { name: overlap.name, from: formatJst(overlap.startsAt), to: formatJst(overlap.endsAt) });
    }
    const budget = fromCents(toCents(spec.budget));
    const campaign = await repo.insertCampaign(tx, {
      kind: spec.kind,
      name: spec.name,
      nameEn: spec.name_en,
      percent: spec.percent,
      multiplier: spec.multiplier,
      startsAt,
      endsAt,
      budget,
      remaining: budget,
      createdBy: actor.name,
      createdAt: now,
    });
    await recordAudit(tx, actor, { action: 'campaigns.create', target: `campaign:${campaign.id}`, after: audited(campaign) });
    return campaignView(campaign, 0, now);
  });
}

/** Pauses or resumes a campaign, audited. A paused campaign grants nothing and is not shown; its budget is kept. */
export async function pauseCampaign(db: Db, id: number, paused: boolean, actor: Actor, now = new Date()): Promise<CampaignRow> {
  return db.transaction(async (tx) => {
    const before = await repo.findById(tx, id);
    if (!before) throw AppError.field('id', 'campaigns.not_found');
    const after = await repo.setPaused(tx, id, paused);
    if (!after) throw AppError.field('id', 'campaigns.not_found');
    await recordAudit(tx, actor, { action: paused ? 'campaigns.pause' : 'campaigns.resume', target: `campaign:${id}`, before: { paused: before.paused }, after: { paused } });
    return campaignView(after, await repo.paymentsOfCampaign(tx, id), now);
  });
}

/** GET /admin/campaigns: every campaign, newest first, with its state, budget used and payments. */
export async function listCampaigns(db: DbOrTx, now = new Date()): Promise<{ campaigns: CampaignRow[] }> {
  const rows = await repo.listAll(db);
  return { campaigns: rows.map((r) => campaignView(r.campaign, r.payments, now)) };
}

/** GET /admin/campaigns/grants/:id: the payments that got the campaign and what they got. */
export async function campaignGrants(db: DbOrTx, id: number, now = new Date()) {
  const campaign = await repo.findById(db, id);
  if (!campaign) throw AppError.field('id', 'campaigns.not_found');
  const [grants, payments] = await Promise.all([repo.grantsOf(db, id, CAMPAIGN_GRANTS_SHOWN), repo.paymentsOfCampaign(db, id)]);
  return {
    campaign: campaignView(campaign, payments, now),
    grants: grants.map((g) => ({ payment_id: g.paymentId, user_id: g.userId, amount: fromCents(toCents(g.amount)), granted_at: g.grantedAt.toISOString() })),
  };
}
