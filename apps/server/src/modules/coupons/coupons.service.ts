import { randomInt } from 'node:crypto';
import {
  COUPON_BATCH_CODE_LENGTH,
  COUPON_USES_SHOWN,
  COUPONS_PER_PAGE,
  type CouponBatch,
  type CouponKind,
  type CouponRow,
  type CouponStatus,
  type CreateCoupon,
  type RedeemCouponResult,
} from '@oripa/contract/coupons';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { inLang } from '../../kernel/language.ts';
import { csvFile, type CsvEncoding } from '../../lib/csv-file.ts';
import { formatJst } from '../../lib/time.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { takeHit } from '../throttle/throttle.service.ts';
import { creditPoints, hasMadePayment } from '../wallet/wallet.service.ts';
import * as repo from './coupons.repo.ts';

/**
 * Coupons and promotion codes (decision 059): codes that give free points, redeemed atomically
 * against their budget, their per-member limit and their conditions; created, paused and listed
 * in the console and by the ops command, and generated in batches of single-use codes.
 */

/** Codes a member may try an hour: enough for typing mistakes, too few to guess single-use codes. */
const REDEEM_RULE = { scope: 'coupon-member', max: 20, windowMs: 60 * 60 * 1000 };

/** The ledger's key of a redemption's credit: one credit per redemption row, whatever retries. */
export function redemptionKey(redemptionId: number): string {
  return `coupon:${redemptionId}`;
}

/** The least one use takes from the budget: the points, the yen off, or 1 yen of a percentage. */
function oneUse(c: repo.CouponRecord): number {
  if (c.kind === 'points') return c.points;
  if (c.kind === 'yen_off') return c.discountYen ?? 1;
  return 1;
}

export function couponStatus(c: repo.CouponRecord, now: Date): CouponStatus {
  if (c.paused) return 'paused';
  if (now < c.startsAt) return 'scheduled';
  if (now >= c.endsAt) return 'ended';
  if (c.remaining < oneUse(c) || (c.maxUses !== null && c.uses >= c.maxUses)) return 'exhausted';
  return 'active';
}

/** Why a code that failed the conditional UPDATE cannot be used now (read after it, in the same transaction). */
export function unusable(c: repo.CouponRecord, now: Date, field = 'code', extra?: Record<string, unknown>): AppError {
  switch (couponStatus(c, now)) {
    case 'paused':
      return AppError.field(field, 'coupons.paused', undefined, extra);
    case 'scheduled':
      return AppError.field(field, 'coupons.not_started', { from: formatJst(c.startsAt) }, extra);
    case 'ended':
      return AppError.field(field, 'coupons.ended', undefined, extra);
    default:
      return AppError.field(field, 'coupons.exhausted', undefined, extra);
  }
}

/**
 * POST /user/coupon: redeems `code` for the member, in one transaction: the conditions (first
 * purchase, rank), the budget and use count taken by one conditional UPDATE (never below zero,
 * whatever runs in parallel), the per-member count read under that row's lock, the redemption row
 * and the free points' credit with its ledger row (keyed by the redemption). Any refusal rolls
 * all of it back.
 */
export async function redeemCoupon(db: Db, userId: number, code: string, lang: Lang, now = new Date()): Promise<RedeemCouponResult> {
  if (!(await takeHit(db, REDEEM_RULE, String(userId), now))) throw AppError.field('code', 'coupons.throttled');
  return db.transaction(async (tx) => {
    const coupon = await repo.findByCode(tx, code);
    if (!coupon) throw AppError.field('code', 'coupons.unknown');
    // A discount code belongs on /buy-point, where it takes money off a course (decision 061).
    if (coupon.kind !== 'points') throw AppError.field('code', 'coupons.discount_on_buy_point');
    if (couponStatus(coupon, now) !== 'active') throw unusable(coupon, now);
    await checkMember(tx, coupon, userId, lang);
    if (!(await repo.takeFromBudget(tx, coupon.id, coupon.points, now))) {
      throw unusable((await repo.findById(tx, coupon.id)) ?? coupon, now);
    }
    // The code's row is locked from here on: the count sees every redemption committed before.
    if ((await repo.countMemberUses(tx, coupon.id, userId)) >= coupon.perMemberLimit) {
      throw AppError.field('code', 'coupons.member_limit', { limit: coupon.perMemberLimit });
    }
    const redemptionId = await repo.insertRedemption(tx, { couponId: coupon.id, userId, points: coupon.points, now });
    const credit = await creditPoints(tx, {
      userId,
      amount: coupon.points,
      reason: 'coupon',
      ref: `coupon:${coupon.id}`,
      memo: `クーポン ${coupon.code}`,
      idempotencyKey: redemptionKey(redemptionId),
      now,
    });
    return { point: coupon.points, expires: credit.expires?.toISOString() ?? '', balance: credit.balance ?? 0, name: coupon.name };
  });
}

export async function checkMember(
  tx: DbOrTx,
  coupon: repo.CouponRecord,
  userId: number,
  lang: Lang,
  field = 'code',
  extra?: Record<string, unknown>,
): Promise<void> {
  if ((await repo.countMemberUses(tx, coupon.id, userId)) >= coupon.perMemberLimit) {
    throw AppError.field(field, 'coupons.member_limit', { limit: coupon.perMemberLimit }, extra);
  }
  if (coupon.firstPurchaseOnly && (await hasMadePayment(tx, userId))) throw AppError.field(field, 'coupons.first_purchase', undefined, extra);
  if (coupon.minRankId !== null) {
    const rank = await repo.rankCheck(tx, userId, coupon.minRankId);
    if (rank && rank.min_sort !== null && rank.member_sort < rank.min_sort) {
      throw AppError.field(field, 'coupons.rank', { rank: inLang(rank.name ?? '', rank.name_en ?? '', lang) }, extra);
    }
  }
}

// Console

export function couponView(c: repo.CouponRecord, members: number, now: Date): CouponRow {
  return {
    id: c.id,
    code: c.code,
    name: c.name,
    kind: c.kind,
    points: c.points,
    discount_percent: c.discountPercent,
    discount_yen: c.discountYen,
    budget: c.budget,
    remaining: c.remaining,
    uses: c.uses,
    max_uses: c.maxUses,
    members,
    per_member_limit: c.perMemberLimit,
    first_purchase_only: c.firstPurchaseOnly,
    min_rank_id: c.minRankId,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    paused: c.paused,
    batch: c.batch,
    status: couponStatus(c, now),
    created_at: c.createdAt.toISOString(),
  };
}

/** What an audit entry keeps of a code. */
function audited(c: repo.CouponRecord) {
  return {
    code: c.code,
    name: c.name,
    kind: c.kind,
    points: c.points,
    discount_percent: c.discountPercent,
    discount_yen: c.discountYen,
    budget: c.budget,
    remaining: c.remaining,
    per_member_limit: c.perMemberLimit,
    max_uses: c.maxUses,
    first_purchase_only: c.firstPurchaseOnly,
    min_rank_id: c.minRankId,
    starts_at: c.startsAt.toISOString(),
    ends_at: c.endsAt.toISOString(),
    paused: c.paused,
  };
}

async function checkRank(tx: DbOrTx, minRankId: number | null): Promise<void> {
  if (minRankId !== null && !(await repo.rankExists(tx, minRankId))) throw AppError.field('min_rank_id', 'coupons.rank_invalid');
}

/** The columns of what a code gives: only its own kind's amount is kept. */
function gives(spec: Pick<CreateCoupon, 'kind' | 'points' | 'discount_percent' | 'discount_yen'>) {
  return {
    kind: spec.kind,
    points: spec.kind === 'points' ? (spec.points ?? 0) : 0,
    discountPercent: spec.kind === 'percent_off' ? (spec.discount_percent ?? null) : null,
    discountYen: spec.kind === 'yen_off' ? (spec.discount_yen ?? null) : null,
  };
}

/** One single-use code's budget: its points, its yen off, or the yen given for a percentage. */
function batchCodeBudget(spec: CouponBatch): number {
  if (spec.kind === 'points') return spec.points ?? 0;
  if (spec.kind === 'yen_off') return spec.discount_yen ?? 0;
  return spec.budget ?? 0;
}

/** A new code, audited in its transaction; its whole budget is available. */
export async function createCoupon(db: Db, spec: CreateCoupon, actor: Actor, now = new Date()): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    await checkRank(tx, spec.min_rank_id);
    const inserted = await repo.insertCoupons(tx, [
      {
        code: spec.code,
        name: spec.name,
        ...gives(spec),
        budget: spec.budget,
        remaining: spec.budget,
        perMemberLimit: spec.per_member_limit,
        firstPurchaseOnly: spec.first_purchase_only,
        minRankId: spec.min_rank_id,
        startsAt: new Date(spec.starts_at),
        endsAt: new Date(spec.ends_at),
        createdBy: actor.name,
        createdAt: now,
      },
    ]);
    const coupon = inserted?.[0];
    if (!coupon) throw AppError.field('code', 'coupons.code_taken');
    await recordAudit(tx, actor, { action: 'coupons.create', target: `coupon:${coupon.id}`, after: audited(coupon) });
    return couponView(coupon, 0, now);
  });
}

/** Pauses or resumes a code, audited. A paused code refuses redemptions; its budget is kept. */
export async function pauseCoupon(db: Db, id: number, paused: boolean, actor: Actor, now = new Date()): Promise<CouponRow> {
  return db.transaction(async (tx) => {
    const before = await repo.findById(tx, id);
    if (!before) throw AppError.field('id', 'coupons.not_found');
    const after = await repo.setPaused(tx, id, paused);
    if (!after) throw AppError.field('id', 'coupons.not_found');
    await recordAudit(tx, actor, { action: paused ? 'coupons.pause' : 'coupons.resume', target: `coupon:${id}`, before: { paused: before.paused }, after: { paused } });
    return couponView(after, await repo.membersOfCoupon(tx, id), now);
  });
}

/** Letters and digits that cannot be mistaken for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const INSERT_CHUNK = 500;

export function randomCode(prefix: string): string {
  let code = prefix;
  for (let i = 0; i < COUPON_BATCH_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

class CodeCollision extends Error {}

/**
 * `count` single-use codes (each one use, its budget one use's points) under one batch label,
 * audited as one entry. A random code that happens to exist already makes the whole batch start
 * again (at most three times).
 */
export async function generateBatch(db: Db, spec: CouponBatch, actor: Actor, now = new Date()): Promise<{ batch: string; count: number }> {
  const batch = `${formatJst(now).slice(0, 10).replace(/\//g, '')}-${randomCode('').slice(0, 6)}`;
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        await checkRank(tx, spec.min_rank_id);
        const codes = new Set<string>();
        while (codes.size < spec.count) codes.add(randomCode(spec.prefix));
        const all = [...codes];
        for (let i = 0; i < all.length; i += INSERT_CHUNK) {
          const rows = all.slice(i, i + INSERT_CHUNK).map((code) => ({
            code,
            name: spec.name,
            ...gives(spec),
            budget: batchCodeBudget(spec),
            remaining: batchCodeBudget(spec),
            maxUses: 1,
            perMemberLimit: 1,
            firstPurchaseOnly: spec.first_purchase_only,
            minRankId: spec.min_rank_id,
            startsAt: new Date(spec.starts_at),
            endsAt: new Date(spec.ends_at),
            batch,
            createdBy: actor.name,
            createdAt: now,
          }));
          if (!(await repo.insertCoupons(tx, rows))) throw new CodeCollision();
        }
        const { count: _count, ...rest } = spec;
        await recordAudit(tx, actor, { action: 'coupons.batch', target: `coupon_batch:${batch}`, after: { ...rest, count: spec.count, batch } });
        return { batch, count: spec.count };
      });
    } catch (error) {
      if (!(error instanceof CodeCollision) || attempt >= 2) throw error;
    }
  }
}

/** GET /admin/coupons: a page of codes (or of one batch's codes) and the batches. */
export async function listCoupons(db: Db, q: { page: number; batch: string }, now = new Date()) {
  const [{ rows, total }, batches] = await Promise.all([repo.couponPage(db, { ...q, per: COUPONS_PER_PAGE }), repo.batchSummaries(db)]);
  return {
    coupons: rows.map((r) => couponView(r.coupon, r.members, now)),
    total,
    page: q.page,
    per: COUPONS_PER_PAGE,
    batches: batches.map((b) => ({ batch: b.batch, name: b.name, kind: b.kind, codes: b.codes, used: b.used, points_given: b.pointsGiven, created_at: new Date(b.createdAt).toISOString() })),
  };
}

/** GET /admin/coupons/uses/:id: who redeemed the code and when. */
export async function couponUses(db: Db, id: number, now = new Date()) {
  const coupon = await repo.findById(db, id);
  if (!coupon) throw AppError.field('id', 'coupons.not_found');
  const [uses, members] = await Promise.all([repo.usesOf(db, id, COUPON_USES_SHOWN), repo.membersOfCoupon(db, id)]);
  return {
    coupon: couponView(coupon, members, now),
    uses: uses.map((u) => ({
      user_id: u.userId,
      points: u.points,
      discount_yen: u.discountYen,
      payment_id: u.paymentId,
      released: u.releasedAt !== null,
      redeemed_at: u.redeemedAt.toISOString(),
    })),
  };
}

const STATUS_JA: Record<CouponStatus, string> = { active: '利用可', paused: '停止中', scheduled: '開始前', ended: '期間終了', exhausted: '使用済み' };
const KIND_JA: Record<CouponKind, string> = { points: 'ポイント付与', percent_off: '割引（%）', yen_off: '割引（円）' };

/** What one code gives, as the CSV file shows it: "100pt", "10%", "500円". */
function givesText(c: repo.CouponRecord): string {
  if (c.kind === 'percent_off') return `${c.discountPercent ?? 0}%`;
  if (c.kind === 'yen_off') return `${c.discountYen ?? 0}円`;
  return `${c.points}pt`;
}

/** A batch's codes as a CSV file for Excel: code, points, period, whether used. */
export async function batchFile(db: Db, batch: string, encoding: CsvEncoding, now = new Date()) {
  const rows = await repo.batchCodes(db, batch);
  if (rows.length === 0) throw AppError.field('batch', 'coupons.not_found');
  const content = csvFile(
    ['コード', '名前', '種類', '内容', '開始', '終了', '状態', '利用会員数'],
    rows.map(({ coupon: c, members }) => [c.code, c.name, KIND_JA[c.kind], givesText(c), formatJst(c.startsAt), formatJst(c.endsAt), STATUS_JA[couponStatus(c, now)], members]),
    encoding,
  );
  return { filename: `coupons-${batch}.csv`, content_base64: content.toString('base64'), rows: rows.length };
}
