import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_PURCHASE_COUNT, MOVIE_STYLES } from '@oripa/contract/catalog';
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { cardTypes, packPrizes, packs } from '../../db/schema/catalog.ts';
import { cardArt } from '../../media/card-art.ts';
import { packArt } from '../../media/pack-art.ts';
import { putMedia } from '../media/media.repo.ts';
import { newLotSeed } from './lot-seed.ts';
import { sanitizeDetail } from './sanitize-detail.ts';

const IMAGE_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

const isoTime = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'an ISO time such as 2026-12-01T10:00:00+09:00');
/** An image: an existing /media/… URL, or a path (relative to the JSON file) of an image file. */
const imageRef = z.string().min(1).max(500);

const prizeSpec = z.object({
  name: z.string().min(1).max(120),
  image: imageRef.optional(),
  model_number: z.string().max(60).default(''),
  rarity: z.number().int().min(1).max(7),
  num: z.number().int().min(1).default(1),
  buy_point: z.number().int().min(0),
  action_type: z.enum(['0', '2']).default('0'),
  count: z.number().int().min(1),
});

/** The JSON of `ops pack:create FILE.json`. */
export const packSpecSchema = z
  .object({
    name: z.string().min(1).max(120),
    /** A card type id, or a name (created when new). */
    card_type: z.union([z.number().int().min(1), z.string().min(1).max(60)]),
    point: z.number().int().min(1),
    payment_method: z.enum(['1', '2']),
    start_at: isoTime.optional(),
    end_at: isoTime.nullable().optional(),
    max_buy_count: z.number().int().min(0).max(MAX_PURCHASE_COUNT).default(0),
    limit_per_member: z.number().int().min(0).default(0),
    limit_message: z.string().max(200).default(''),
    show_cardlist: z.boolean().default(true),
    detail: z.string().max(50_000).default(''),
    movie_style: z.number().int().refine((v) => (MOVIE_STYLES as readonly number[]).includes(v), 'one of the movie styles').default(0),
    images: z.array(imageRef).max(5).default([]),
    sort: z.number().int().default(0),
    published: z.boolean().default(true),
    lineup: z.array(prizeSpec).min(1).max(500),
  })
  .superRefine((spec, ctx) => {
    if (spec.end_at && spec.start_at && Date.parse(spec.end_at) <= Date.parse(spec.start_at)) {
      ctx.addIssue({ code: 'custom', path: ['end_at'], message: 'must be after start_at' });
    }
    if (spec.payment_method === '2' && spec.lineup.some((p) => p.action_type !== '2')) {
      ctx.addIssue({ code: 'custom', path: ['lineup'], message: 'coin packs ship only: every prize needs action_type "2"' });
    }
    if (spec.limit_per_member > 0 && !spec.limit_message) {
      ctx.addIssue({ code: 'custom', path: ['limit_message'], message: 'is required with limit_per_member' });
    }
  });
export type PackSpec = z.infer<typeof packSpecSchema>;

/** A mistake in a pack file, with the path of the offending field. */
export class PackSpecError extends Error {}

async function storeImage(tx: DbOrTx, ref: string, baseDir: string, id: string): Promise<string> {
  if (ref.startsWith('/media/')) return ref;
  const file = path.resolve(baseDir, ref);
  const type = IMAGE_TYPES[path.extname(file).toLowerCase()];
  if (!type) throw new PackSpecError(`${ref}: images must be .svg, .png, .jpg, .webp or .gif`);
  if (!fs.existsSync(file)) throw new PackSpecError(`${ref}: no such file`);
  const data = fs.readFileSync(file);
  // SVG is stored as text; other images as base64 (the media route decodes them).
  await putMedia(tx, `${id}${path.extname(file).toLowerCase()}`, type, type === 'image/svg+xml' ? data.toString('utf8') : data.toString('base64'));
  return `/media/${id}${path.extname(file).toLowerCase()}`;
}

async function cardTypeIdOf(tx: DbOrTx, ref: number | string): Promise<{ id: number; name: string }> {
  const [found] =
    typeof ref === 'number'
      ? await tx.select().from(cardTypes).where(eq(cardTypes.id, ref))
      : await tx.select().from(cardTypes).where(eq(cardTypes.name, ref));
  if (found) return found;
  if (typeof ref === 'number') throw new PackSpecError(`card_type ${ref} does not exist`);
  const [created] = await tx.insert(cardTypes).values({ name: ref }).returning();
  return created as { id: number; name: string };
}

/**
 * Creates a pack — a finite lot with its lineup — from an operator's spec, with a fresh committed
 * seed. Images are files next to the spec or existing media; missing art is generated.
 */
export async function createPack(db: Db, spec: PackSpec, baseDir: string): Promise<{ id: number; total: number; seedHash: string }> {
  const total = spec.lineup.reduce((sum, p) => sum + p.count, 0);
  const seed = newLotSeed();
  const tag = randomBytes(4).toString('hex');
  return db.transaction(async (tx) => {
    const type = await cardTypeIdOf(tx, spec.card_type);
    const priceLabel = `${spec.point.toLocaleString('en-US')}${spec.payment_method === '2' ? 'C' : 'P'}`;
    const images: string[] = [];
    for (const [i, ref] of spec.images.entries()) images.push(await storeImage(tx, ref, baseDir, `pack-${tag}-${i + 1}`));
    if (images.length === 0) {
      await putMedia(tx, `pack-${tag}-1.svg`, 'image/svg+xml', packArt({ title: spec.name, priceLabel, variant: 0, seed: tag }));
      images.push(`/media/pack-${tag}-1.svg`);
    }
    const [pack] = await tx
      .insert(packs)
      .values({
        cardTypeId: type.id,
        name: spec.name,
        point: spec.point,
        paymentMethod: spec.payment_method,
        totalPackCount: total,
        startAt: spec.start_at ? new Date(spec.start_at) : new Date(),
        endAt: spec.end_at ? new Date(spec.end_at) : null,
        maxBuyCount: spec.max_buy_count,
        limitPerMember: spec.limit_per_member,
        limitMessage: spec.limit_message,
        showCardlist: spec.show_cardlist,
        detailHtml: sanitizeDetail(spec.detail),
        images,
        movieStyle: spec.movie_style,
        seedSecret: seed.secret,
        seedHash: seed.hash,
        sort: spec.sort,
        published: spec.published,
      })
      .returning({ id: packs.id });
    const packId = (pack as { id: number }).id;
    const prizes = [];
    for (const [i, p] of spec.lineup.entries()) {
      const id = `card-${tag}-${i + 1}`;
      let imageUrl: string;
      if (p.image) {
        imageUrl = await storeImage(tx, p.image, baseDir, id);
      } else {
        await putMedia(tx, `${id}.svg`, 'image/svg+xml', cardArt({ name: p.name, rarity: p.rarity, cardType: type.name, modelNumber: p.model_number, seed: `${tag}-${i}` }));
        imageUrl = `/media/${id}.svg`;
      }
      prizes.push({
        packId,
        name: p.name,
        imageUrl,
        modelNumber: p.model_number,
        rarity: p.rarity,
        num: p.num,
        buyPoint: p.buy_point,
        actionType: p.action_type,
        count: p.count,
        sort: i,
      });
    }
    await tx.insert(packPrizes).values(prizes);
    return { id: packId, total, seedHash: seed.hash };
  });
}

/** Every pack with its sale state, for `ops pack:list`. */
export async function listPacksForOperator(db: Db) {
  const rows = await db
    .select({
      id: packs.id,
      name: packs.name,
      point: packs.point,
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
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    card_type: r.cardType,
    price: `${r.point}${r.paymentMethod === '2' ? 'C' : 'P'}`,
    remaining: r.total - r.drawn,
    total: r.total,
    start_at: r.startAt.toISOString(),
    end_at: r.endAt?.toISOString() ?? null,
    published: r.published,
    seed_hash: r.seedHash,
  }));
}
