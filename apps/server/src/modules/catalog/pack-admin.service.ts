import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PURCHASE_COUNT, MOVIE_STYLES } from '@oripa/contract/catalog';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.ts';
import { cardArt } from '../../media/card-art.ts';
import { packArt } from '../../media/pack-art.ts';
import { IMAGE_TYPES, contentTypeOf } from '../media/media-types.ts';
import { saveMedia, saveMediaFile } from '../media/media.service.ts';
import { awardsUpTo } from './extra-prizes.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { signHeadIfGrown } from '../transparency/log.service.ts';
import { commitLot, DRAW_V2, earliestSaleStart, newV2Seed } from './lot-commitment.ts';
import { rankExists } from './catalog-admin.repo.ts';
import * as repo from './pack-admin.repo.ts';
import { sanitizeDetail } from './sanitize-detail.ts';

const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO time such as 2026-12-01T10:00:00+09:00');
/** An image: an existing /media/… URL, or a path (relative to the JSON file) of an image file. */
const imageRef = z.string().min(1).max(500);

const prizeSpec = z.object({
  name: z.string().min(1).max(120),
  /** English name for English mode; empty: the Japanese name. */
  name_en: z.string().max(120).default(''),
  image: imageRef.optional(),
  model_number: z.string().max(60).default(''),
  rarity: z.number().int().min(1).max(7),
  num: z.number().int().min(1).default(1),
  buy_point: z.number().int().min(0),
  action_type: z.enum([ACTION_TYPE.choose, ACTION_TYPE.shipOnly]).default(ACTION_TYPE.choose),
  count: z.number().int().min(1),
  /** What one card cost the shop, in yen (the reports' cost of prizes drawn); null: not known. */
  cost_yen: z.number().int().min(0).nullable().default(null),
});

/** A last-one prize: one card for whoever draws the lot's final pack (no count). */
const lastOneSpec = prizeSpec.omit({ count: true });
/** A milestone prize: a card for whoever draws pack number `at`, then every `every` packs (0: once). */
const milestoneSpec = prizeSpec.omit({ count: true }).extend({
  at: z.number().int().min(1),
  every: z.number().int().min(0).default(0),
});

/** The JSON of `ops pack:create FILE.json`. */
export const packSpecSchema = z
  .object({
    name: z.string().min(1).max(120),
    /** English name and description for English mode; empty: the Japanese ones. */
    name_en: z.string().max(120).default(''),
    detail_en: z.string().max(50_000).default(''),
    /** A card type id, or a name (created when new). */
    card_type: z.union([z.number().int().min(1), z.string().min(1).max(60)]),
    point: z.number().int().min(1),
    payment_method: z.enum([PAYMENT_METHOD.points, PAYMENT_METHOD.coins]),
    start_at: isoTime.optional(),
    end_at: isoTime.nullable().optional(),
    max_buy_count: z.number().int().min(0).max(MAX_PURCHASE_COUNT).default(0),
    limit_per_member: z.number().int().min(0).default(0),
    limit_message: z.string().max(200).default(''),
    /** Member-only pack and free daily draw (decision 056): minimum rank id (null: any). */
    min_rank_id: z.number().int().min(1).nullable().default(null),
    first_purchase_only: z.boolean().default(false),
    sms_verified_only: z.boolean().default(false),
    free_daily: z.boolean().default(false),
    show_cardlist: z.boolean().default(true),
    detail: z.string().max(50_000).default(''),
    movie_style: z.number().int().refine((v) => (MOVIE_STYLES as readonly number[]).includes(v), 'one of the movie styles').default(0),
    images: z.array(imageRef).max(5).default([]),
    sort: z.number().int().default(0),
    published: z.boolean().default(true),
    lineup: z.array(prizeSpec).min(1).max(500),
    // Extra prizes for pack numbers, never for collecting a set (complete gacha is prohibited).
    last_one: lastOneSpec.optional(),
    milestones: z.array(milestoneSpec).max(20).default([]),
  })
  .superRefine((spec, ctx) => {
    if (spec.end_at && spec.start_at && Date.parse(spec.end_at) <= Date.parse(spec.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'must be after start_at' });
    }
    if (spec.payment_method === PAYMENT_METHOD.coins && spec.lineup.some((p) => p.action_type !== ACTION_TYPE.shipOnly)) {
      ctx.addIssue({ code: 'custom', path: ['lineup'], message: 'coin packs ship only: every prize needs action_type "2"' });
    }
    const total = spec.lineup.reduce((sum, p) => sum + p.count, 0);
    spec.milestones.forEach((m, i) => {
      if (m.at > total) {
        ctx.addIssue({ code: 'custom', path: ['milestones', i, 'at'], message: `must be a pack number of the lot (1-${total})` });
      }
    });
    const extras = [...(spec.last_one ? [spec.last_one] : []), ...spec.milestones];
    if (spec.payment_method === PAYMENT_METHOD.coins && extras.some((p) => p.action_type !== ACTION_TYPE.shipOnly)) {
      ctx.addIssue({ code: 'custom', path: ['milestones'], message: 'coin packs ship only: every prize needs action_type "2"' });
    }
    if (spec.limit_per_member > 0 && !spec.limit_message) {
      ctx.addIssue({ code: 'custom', path: ['limit_message'], message: 'is required with limit_per_member' });
    }
  });
export type PackSpec = z.infer<typeof packSpecSchema>;

/** A mistake in a pack file, with the path of the offending field. */
export class PackSpecError extends Error {}

/** Stores an image file next to a spec as media (or keeps a /media/… URL); answers its URL. */
export async function storeImage(tx: DbOrTx, ref: string, baseDir: string, id: string): Promise<string> {
  if (ref.startsWith('/media/')) return ref;
  const file = path.resolve(baseDir, ref);
  const type = contentTypeOf(file, IMAGE_TYPES);
  if (!type) throw new PackSpecError(`${ref}: images must be .svg, .png, .jpg, .webp or .gif`);
  if (!fs.existsSync(file)) throw new PackSpecError(`${ref}: no such file`);
  await saveMediaFile(tx, `${id}${path.extname(file).toLowerCase()}`, type, fs.readFileSync(file));
  return `/media/${id}${path.extname(file).toLowerCase()}`;
}

/** The card type a spec names: by id, or by name (created when new). Exchange cards use it too. */
export async function cardTypeIdOf(tx: DbOrTx, ref: number | string): Promise<{ id: number; name: string }> {
  const found = await repo.findCardType(tx, ref);
  if (found) return found;
  if (typeof ref === 'number') throw new PackSpecError(`card_type ${ref} does not exist`);
  return repo.insertCardType(tx, ref);
}

/** How long after its creation a lot with no lead and no start of its own goes on sale. */
const PUBLISH_MARGIN_MS = 1500;

/**
 * Publishes a new lot's commitment at once (a signed head covers it, so the verifier sees it
 * signed before the sale starts) and, when its sale starts within the margin, waits for that
 * start, so a lot created for immediate sale is on sale when its creation returns.
 */
async function publishCommitment(db: Db, fairness: Fairness, saleStart: Date): Promise<void> {
  await signHeadIfGrown(db, fairness.signer);
  const wait = saleStart.getTime() - Date.now();
  if (wait > 0 && wait <= PUBLISH_MARGIN_MS) await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Creates a pack — a finite lot with its lineup — from an operator's spec, committed under
 * oripa-draw-v2 (decision 027): a fresh sealed seed, the commitment document appended to the
 * transparency log. The sale starts no earlier than LOT_PUBLISH_LEAD_MS from now (default: that
 * earliest time). Images are files next to the spec or existing media; missing art is generated.
 */
export async function createPack(
  db: Db,
  fairness: Fairness,
  spec: PackSpec,
  baseDir: string,
  /** Runs in the creating transaction (the console records its audit entry there). */
  onCreated?: (tx: Tx, created: { id: number; total: number; seedHash: string }) => Promise<void>,
  now = new Date(),
): Promise<{ id: number; total: number; seedHash: string }> {
  const total = spec.lineup.reduce((sum, p) => sum + p.count, 0);
  const earliest = earliestSaleStart(fairness, now);
  let saleStart = spec.start_at ? new Date(spec.start_at) : earliest;
  if (saleStart.getTime() < earliest.getTime()) throw new PublishLeadError(earliest, fairness.publishLeadMs);
  const endAt = spec.end_at ? new Date(spec.end_at) : null;
  const seed = newV2Seed();
  const tag = randomBytes(4).toString('hex');
  const created = await db.transaction(async (tx) => {
    const type = await cardTypeIdOf(tx, spec.card_type);
    // A free daily pack costs nothing (decision 056): its drawn image says FREE, not a price it never charges
    // (one image for both languages, hence the word used in Japanese shops too).
    const priceLabel = spec.free_daily ? 'FREE' : `${spec.point.toLocaleString('en-US')}${spec.payment_method === PAYMENT_METHOD.coins ? 'C' : 'P'}`;
    const images: string[] = [];
    for (const [i, ref] of spec.images.entries()) images.push(await storeImage(tx, ref, baseDir, `pack-${tag}-${i + 1}`));
    if (images.length === 0) {
      await saveMedia(tx, `pack-${tag}-1.svg`, 'image/svg+xml', packArt({ title: spec.name, priceLabel, variant: 0, seed: tag }));
      images.push(`/media/pack-${tag}-1.svg`);
    }
    // A member-only pack's minimum rank must exist (the console says so first, by field).
    if (spec.min_rank_id !== null && !(await rankExists(tx, spec.min_rank_id))) throw new Error(`min_rank_id ${spec.min_rank_id}: no such rank`);
    const packId = await repo.insertPack(tx, {
      cardTypeId: type.id,
      name: spec.name,
      nameEn: spec.name_en,
      price: spec.point,
      paymentMethod: spec.payment_method,
      totalPackCount: total,
      startAt: saleStart,
      endAt,
      maxBuyCount: spec.max_buy_count,
      limitPerMember: spec.limit_per_member,
      limitMessage: spec.limit_message,
      minRankId: spec.min_rank_id,
      firstPurchaseOnly: spec.first_purchase_only,
      smsVerifiedOnly: spec.sms_verified_only,
      freeDaily: spec.free_daily,
      showCardlist: spec.show_cardlist,
      detailHtml: sanitizeDetail(spec.detail),
      detailHtmlEn: sanitizeDetail(spec.detail_en),
      images,
      movieStyle: spec.movie_style,
      // v2 keeps no seed in plain text: it is sealed by commitLot below.
      seedSecret: '',
      seedHash: seed.hash,
      drawAlgorithm: DRAW_V2,
      sort: spec.sort,
      published: spec.published,
    });
    const prizes = [];
    // The lineup, then the last-one and milestone prizes: all part of the commitment.
    const entries = [
      ...spec.lineup.map((p) => ({ ...p, kind: 'lot' as const, at: 0, every: 0 })),
      ...(spec.last_one ? [{ ...spec.last_one, kind: 'last_one' as const, at: 0, every: 0, count: 1 }] : []),
      ...spec.milestones.map((m) => ({
        ...m,
        kind: 'milestone' as const,
        count: awardsUpTo({ kind: 'milestone', at: m.at, every: m.every }, total, total),
      })),
    ];
    for (const [i, p] of entries.entries()) {
      const id = `card-${tag}-${i + 1}`;
      let imageUrl: string;
      if (p.image) {
        imageUrl = await storeImage(tx, p.image, baseDir, id);
      } else {
        await saveMedia(tx, `${id}.svg`, 'image/svg+xml', cardArt({ name: p.name, rarity: p.rarity, cardType: type.name, modelNumber: p.model_number, seed: `${tag}-${i}` }));
        imageUrl = `/media/${id}.svg`;
      }
      prizes.push({
        packId,
        name: p.name,
        nameEn: p.name_en,
        imageUrl,
        modelNumber: p.model_number,
        rarity: p.rarity,
        num: p.num,
        buyPoint: p.buy_point,
        actionType: p.action_type,
        count: p.count,
        sort: i,
        kind: p.kind,
        milestoneAt: p.at,
        milestoneEvery: p.every,
        costYen: p.cost_yen,
      });
    }
    const ids = await repo.insertPrizes(tx, prizes);
    // With no lead (tests, a demo) the default start still leaves the commitment time to be
    // signed; it is fixed as late as possible, just before the document is.
    if (!spec.start_at) saleStart = new Date(Math.max(earliest.getTime(), Date.now() + PUBLISH_MARGIN_MS));
    // The seed is revealed by the end of the sale, or at the latest LOT_REVEAL_AFTER_MS after its start.
    const revealDeadline = endAt ?? new Date(saleStart.getTime() + fairness.revealAfterMs);
    await commitLot(
      tx,
      fairness,
      { id: packId, total, saleStart, revealDeadline, seed: seed.seed, seedHash: seed.hash },
      prizes.map((p, i) => ({
        id: ids[i] as number,
        kind: p.kind,
        name: p.name,
        nameEn: p.nameEn,
        rarity: p.rarity,
        buyPoint: p.buyPoint,
        count: p.count,
        at: p.milestoneAt,
        every: p.milestoneEvery,
        imageUrl: p.imageUrl,
      })),
    );
    const created = { id: packId, total, seedHash: seed.hash };
    await onCreated?.(tx, created);
    return created;
  });
  await publishCommitment(db, fairness, saleStart);
  return created;
}

/** A sale start earlier than the commitment's publication lead allows. */
export class PublishLeadError extends PackSpecError {
  constructor(
    readonly earliest: Date,
    readonly leadMs: number,
  ) {
    super(`start_at must be at least ${leadMs / 3_600_000} hours after the lot is published: ${earliest.toISOString()} or later (LOT_PUBLISH_LEAD_MS)`);
  }
}

/** Every pack with its sale state, for `ops pack:list`. */
export async function listPacksForOperator(db: Db) {
  const rows = await repo.listPacksWithType(db);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    card_type: r.cardType,
    price: `${r.price}${r.paymentMethod === PAYMENT_METHOD.coins ? 'C' : 'P'}`,
    remaining: r.total - r.drawn,
    total: r.total,
    start_at: r.startAt.toISOString(),
    end_at: r.endAt?.toISOString() ?? null,
    published: r.published,
    seed_hash: r.seedHash,
  }));
}
