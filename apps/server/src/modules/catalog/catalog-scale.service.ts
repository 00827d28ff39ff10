import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { PackAdmin, packCreatePayload } from '@oripa/contract/admin-catalog';
import type { LineupPrize, PackCopy, packBulkSalePayload, packRestockPayload } from '@oripa/contract/admin-catalog-scale';
import type { OperatorRole } from '@oripa/contract/admin';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { message } from '@oripa/contract/messages';
import type { Lang } from '@oripa/contract/states';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { decodeCsvUpload, type CsvEncoding } from '../../lib/csv-file.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { IMAGE_TYPES, contentTypeOf } from '../media/media-types.ts';
import { saveMediaFile } from '../media/media.service.ts';
import type { Fairness } from '../transparency/fairness.ts';
import * as repo from './catalog-admin.repo.ts';
import { createPackFromConsole, saleChangeIn } from './catalog-admin.service.ts';
import { lineupFile, parseLineupFile } from './lineup-file.ts';
import { packSnapshots } from './pack-snapshots.ts';

/** The catalogue at scale (issue 27 point 4, decision 050): lineup files, copies, restocks, bulk sale actions. */

type PrizeRow = Awaited<ReturnType<typeof repo.prizesOf>>[number];

async function packOrRefuse(db: DbOrTx, id: number, now: Date, lock = false): Promise<repo.ConsolePackRow> {
  const row = await repo.packForConsole(db, id, now, lock);
  if (!row) throw AppError.field('id', 'pack.not_found');
  return row;
}

/** GET /admin/packs/lineup_file: a pack's lineup as a CSV file. */
export async function exportLineup(db: Db, id: number, encoding: CsvEncoding) {
  await packOrRefuse(db, id, new Date());
  const prizes = await repo.prizesOf(db, id);
  return { filename: `lineup-${id}.csv`, content_base64: lineupFile(prizes, encoding).toString('base64'), rows: prizes.length };
}

/**
 * POST /admin/packs/lineup_import: a lineup file read for the console's new-pack draft. Every
 * line is checked (fields, kinds, counts, images that exist); any problem answers every bad line
 * with its number and nothing is taken. A good file is audited and answered; the draft's lineup
 * is replaced by it in the browser, and the lot is committed only when the pack is created,
 * through the same checks (prize caps, margin confirmation) as a lineup typed by hand.
 */
export async function importLineup(db: Db, fairness: Fairness, file: Buffer, paymentMethod: string, actor: Actor, lang: Lang) {
  const parsed = parseLineupFile(decodeCsvUpload(file), paymentMethod, lang);
  const refuse = (errors: { line: number; reason: string }[]) =>
    AppError.field('file_base64', 'catalog_admin.import_refused', { count: errors.length }, { lineup: [], line_errors: errors });
  if (!parsed.ok) throw refuse(parsed.errors);
  if (!parsed.lineup.some((p) => p.kind === 'lot')) throw AppError.field('file_base64', 'catalog_admin.import_empty');
  const missing = await missingImages(db, fairness, parsed.lineup);
  if (missing.length > 0) {
    throw refuse(missing.map((i) => ({ line: parsed.lines[i] ?? 0, reason: message('catalog_admin.line_field', lang, { column: 'image', reason: message('common.not_found', lang) }) })));
  }
  await db.transaction((tx) =>
    recordAudit(tx, actor, {
      action: 'pack.lineup.import',
      target: 'pack:draft',
      after: { prizes: parsed.lineup.length, packs: parsed.lineup.reduce((sum, p) => sum + p.count, 0), bytes: file.length },
    }),
  );
  return { lineup: parsed.lineup, line_errors: [] };
}

/** Indexes (in file order) of prizes whose image names no stored medium. */
async function missingImages(db: Db, fairness: Fairness, lineup: readonly LineupPrize[]): Promise<number[]> {
  const found = new Map<string, boolean>();
  for (const url of new Set(lineup.map((p) => p.image).filter((u) => u !== ''))) found.set(url, (await fairness.imageBytes(db, url)) !== undefined);
  return lineup.flatMap((p, i) => (p.image !== '' && !found.get(p.image) ? [i] : []));
}

/**
 * A copy of a stored image under a new media id, so the copy and the original never share a
 * medium (removing or replacing one leaves the other whole).
 */
async function copyImage(db: DbOrTx, fairness: Fairness, url: string, id: string): Promise<string> {
  const bytes = await fairness.imageBytes(db, url);
  const ext = path.extname(url).toLowerCase();
  const type = contentTypeOf(url, IMAGE_TYPES);
  if (!bytes || !type) return url;
  await saveMediaFile(db, `${id}${ext}`, type, bytes);
  return `/media/${id}${ext}`;
}

const asLineup = (p: PrizeRow): LineupPrize => ({
  kind: p.kind === 'last_one' || p.kind === 'milestone' ? p.kind : 'lot',
  name: p.name,
  name_en: p.nameEn,
  rarity: p.rarity,
  count: p.kind === 'lot' ? p.count : 0,
  buy_point: p.buyPoint,
  cost_yen: p.costYen,
  image: p.imageUrl,
  model_number: p.modelNumber,
  num: p.num,
  action_type: p.actionType === ACTION_TYPE.shipOnly ? ACTION_TYPE.shipOnly : ACTION_TYPE.choose,
  at: p.milestoneAt,
  every: p.milestoneEvery,
});

/** The pack's images and lineup with every image copied under fresh ids (`prefix-<tag>-…`). */
async function copyOf(tx: DbOrTx, fairness: Fairness, row: repo.ConsolePackRow, prizes: PrizeRow[], prefix: string) {
  const tag = randomBytes(4).toString('hex');
  const images: string[] = [];
  for (const [i, url] of row.images.entries()) images.push(await copyImage(tx, fairness, url, `${prefix}-${tag}-p${i + 1}`));
  const lineup: LineupPrize[] = [];
  for (const [i, p] of prizes.entries()) lineup.push({ ...asLineup(p), image: await copyImage(tx, fairness, p.imageUrl, `${prefix}-${tag}-c${i + 1}`) });
  return { images, lineup };
}

/** The sale terms a duplicate and a restock carry over from the pack, with the copied images. */
function carriedTerms(row: repo.ConsolePackRow, images: string[]) {
  return {
    card_type_id: row.cardTypeId,
    point: row.price,
    payment_method: row.paymentMethod === PAYMENT_METHOD.coins ? PAYMENT_METHOD.coins : PAYMENT_METHOD.points,
    end_at: null,
    max_buy_count: row.maxBuyCount,
    limit_per_member: row.limitPerMember,
    limit_message: row.limitMessage,
    min_rank_id: row.minRankId,
    first_purchase_only: row.firstPurchaseOnly,
    sms_verified_only: row.smsVerifiedOnly,
    free_daily: row.freeDaily,
    show_cardlist: row.showCardlist,
    movie_style: row.movieStyle,
    images,
    detail: row.detailHtml,
    detail_en: row.detailHtmlEn,
    sort: row.sort,
  };
}

/**
 * POST /admin/packs/duplicate: the pack as a new draft for the editor: its name marked as a copy,
 * its terms and lineup, unpublished, no sales (nothing is committed until the draft is created),
 * its images copied so that the two packs share none. Audited.
 */
export async function duplicatePack(db: Db, fairness: Fairness, id: number, actor: Actor, now = new Date()): Promise<{ draft: PackCopy; source_id: number }> {
  const row = await packOrRefuse(db, id, now);
  const prizes = await repo.prizesOf(db, id);
  const draft = await db.transaction(async (tx) => {
    const { images, lineup } = await copyOf(tx, fairness, row, prizes, 'copy');
    const copy: PackCopy = {
      name: copyName(row.name, '（コピー）', 120),
      name_en: row.nameEn === '' ? '' : copyName(row.nameEn, ' (copy)', 120),
      ...carriedTerms(row, images),
      lineup,
    };
    await recordAudit(tx, actor, { action: 'pack.duplicate', target: `pack:${id}`, after: { name: copy.name, images: copy.images, prizes: lineup.length } });
    return copy;
  });
  return { draft, source_id: id };
}

/** A name with the copy's mark, cut so that it still fits the field. */
function copyName(name: string, mark: string, max: number): string {
  return `${[...name].slice(0, max - mark.length).join('')}${mark}`;
}

/**
 * POST /admin/packs/restock: a new lot of a sold-out or ended pack — the same terms and lineup,
 * the images copied — created and committed by the same path as any new pack (createPack: a
 * fresh seed, a new commitment published ahead of the sale, the prize caps). Audited as
 * `pack.restock` naming the pack it repeats.
 */
export async function restockPack(
  db: Db,
  fairness: Fairness,
  input: z.output<typeof packRestockPayload>,
  actor: Actor,
  role: OperatorRole,
  now = new Date(),
): Promise<PackAdmin> {
  const row = await packOrRefuse(db, input.id, now);
  const over = row.drawn >= row.total || (row.endAt !== null && row.endAt <= now);
  if (!over) throw AppError.field('id', 'catalog_admin.restock_not_ended');
  const prizes = await repo.prizesOf(db, input.id);
  // The copies are made first: should the creation fail, they stay unused, like an unused upload.
  const { images, lineup } = await db.transaction((tx) => copyOf(tx, fairness, row, prizes, 'restock'));
  const terms = (p: LineupPrize) => ({
    name: p.name,
    name_en: p.name_en,
    rarity: p.rarity,
    buy_point: p.buy_point,
    model_number: p.model_number,
    num: p.num,
    action_type: p.action_type,
    cost_yen: p.cost_yen,
    ...(p.image ? { image: p.image } : {}),
  });
  const lastOne = lineup.find((p) => p.kind === 'last_one');
  const spec: z.output<typeof packCreatePayload> = {
    name: row.name,
    name_en: row.nameEn,
    ...carriedTerms(row, images),
    start_at: input.start_at ?? new Date(now.getTime() + fairness.publishLeadMs).toISOString(),
    published: true,
    lineup: lineup.filter((p) => p.kind === 'lot').map((p) => ({ ...terms(p), count: p.count })),
    ...(lastOne ? { last_one: terms(lastOne) } : {}),
    milestones: lineup.filter((p) => p.kind === 'milestone').map((p) => ({ ...terms(p), at: p.at, every: p.every })),
    prize_cap_reason: input.prize_cap_reason,
  };
  return createPackFromConsole(db, fairness, spec, actor, role, now, input.id);
}

/**
 * POST /admin/packs/sale_bulk: one sale action on many packs in one transaction, each pack
 * through the single-pack path (its checks, its audit entry). All or nothing: when any pack
 * refuses, every refusal is answered with the pack's id and reason and nothing changes.
 */
export async function changeSaleOfMany(db: Db, input: z.output<typeof packBulkSalePayload>, actor: Actor, lang: Lang, now = new Date()) {
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  const refusals: { id: number; reason: string }[] = [];
  await db.transaction(async (tx) => {
    for (const id of ids) {
      try {
        // A savepoint each: a refusal raised by the database leaves the others checkable.
        await tx.transaction((sp) => saleChangeIn(sp, { id, action: input.action, start_at: input.start_at, end_at: input.end_at }, actor, now));
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const first = Object.values(error.fields)[0]?.[0];
        refusals.push({ id, reason: first ? message(first.code, lang, first.params) : String(error.state) });
      }
    }
    if (refusals.length > 0) throw AppError.field('ids', 'catalog_admin.bulk_refused', { count: refusals.length }, { changed: [], refusals });
  });
  for (const id of ids) packSnapshots(db).changed(id);
  return { changed: ids, refusals: [] };
}
