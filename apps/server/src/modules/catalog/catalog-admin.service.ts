import type {
  CardTypeAdmin,
  PackAdmin,
  PackAdminRow,
  packCreatePayload,
  packListQuery,
  packSalePayload,
  packUpdatePayload,
  cardTypeSavePayload,
} from '@oripa/contract/admin-catalog';
import type { OperatorRole } from '@oripa/contract/admin';
import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { freeDrawPrizes, type ChancePrize } from '@oripa/contract/prize-caps';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { formatJst } from '../../lib/time.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './catalog-admin.repo.ts';
import { isCommitmentRefusal, refuseCommittedChange } from './lot.service.ts';
import { isWithdrawn, withdrawLot } from './lot-commitment.ts';
import { createPack, packSpecSchema, PublishLeadError } from './pack-admin.service.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { packSnapshots } from './pack-snapshots.ts';
import { auditPrizeCapOverride, guardPrizeCaps, lotChancePrizes } from './prize-cap-guard.ts';
import { findCardType } from './pack-admin.repo.ts';
import { sanitizeDetail } from './sanitize-detail.ts';

// Card types

const toCardType = (r: { id: number; name: string; nameEn: string; sort: number }, packs: number): CardTypeAdmin => ({
  id: r.id,
  name: r.name,
  name_en: r.nameEn,
  sort: r.sort,
  packs,
});

export async function cardTypesForConsole(db: Db): Promise<CardTypeAdmin[]> {
  const rows = await repo.cardTypesWithPackCounts(db);
  return rows.map((r) => toCardType(r, r.packs));
}

/** Creates a card type (no id) or changes one; names are unique (the CLI finds types by name). */
export async function saveCardType(db: Db, input: z.output<typeof cardTypeSavePayload>, actor: Actor): Promise<CardTypeAdmin> {
  return db.transaction(async (tx) => {
    const values = { name: input.name, nameEn: input.name_en, sort: input.sort };
    const same = await repo.cardTypeNamed(tx, input.name);
    if (same && same.id !== input.id) throw AppError.field('name', 'catalog_admin.card_type_taken');
    if (input.id === undefined) {
      const created = await repo.insertCardType(tx, values);
      await recordAudit(tx, actor, { action: 'card_type.create', target: `card_type:${created.id}`, after: values });
      return toCardType(created, 0);
    }
    const before = await repo.cardTypeById(tx, input.id, true);
    if (!before) throw AppError.field('id', 'card_type.not_found');
    const after = await repo.updateCardType(tx, input.id, values);
    await recordAudit(tx, actor, {
      action: 'card_type.update',
      target: `card_type:${input.id}`,
      before: { name: before.name, nameEn: before.nameEn, sort: before.sort },
      after: values,
    });
    return toCardType(after, 0);
  });
}

// Packs

export async function browsePacks(db: Db, q: z.output<typeof packListQuery>, now = new Date()) {
  const { rows, total } = await repo.packPage(
    db,
    { name: q.q || undefined, cardTypeId: q.card_type, state: q.state },
    { by: q.sort, dir: q.dir },
    { offset: (q.page - 1) * q.per, limit: q.per },
    now,
  );
  const packs: PackAdminRow[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    card_type_id: r.cardTypeId,
    card_type: r.cardType,
    point: r.price,
    payment_method: r.paymentMethod === PAYMENT_METHOD.coins ? PAYMENT_METHOD.coins : PAYMENT_METHOD.points,
    total: r.total,
    remaining: Number(r.remaining),
    start_at: r.startAt.toISOString(),
    end_at: r.endAt?.toISOString() ?? null,
    published: r.published,
    sort: r.sort,
    state: r.state,
  }));
  return { packs, total, page: q.page, per: q.per };
}

type PrizeRow = Awaited<ReturnType<typeof repo.prizesOf>>[number];

function toPackAdmin(row: repo.ConsolePackRow, prizes: PrizeRow[]): PackAdmin {
  return {
    id: row.id,
    name: row.name,
    name_en: row.nameEn,
    card_type_id: row.cardTypeId,
    point: row.price,
    payment_method: row.paymentMethod === PAYMENT_METHOD.coins ? PAYMENT_METHOD.coins : PAYMENT_METHOD.points,
    start_at: row.startAt.toISOString(),
    end_at: row.endAt?.toISOString() ?? null,
    max_buy_count: row.maxBuyCount,
    limit_per_member: row.limitPerMember,
    limit_message: row.limitMessage,
    min_rank_id: row.minRankId,
    first_purchase_only: row.firstPurchaseOnly,
    sms_verified_only: row.smsVerifiedOnly,
    free_daily: row.freeDaily,
    show_cardlist: row.showCardlist,
    movie_style: row.movieStyle,
    images: row.images,
    detail: row.detailHtml,
    detail_en: row.detailHtmlEn,
    sort: row.sort,
    published: row.published,
    state: row.state,
    total: row.total,
    drawn: row.drawn,
    seed_hash: row.seedHash,
    committed_at: row.committedAt.toISOString(),
    lineup: prizes.map((p) => ({
      id: p.id,
      kind: p.kind === 'last_one' || p.kind === 'milestone' ? p.kind : 'lot',
      name: p.name,
      name_en: p.nameEn,
      image_url: p.imageUrl,
      model_number: p.modelNumber,
      rarity: p.rarity,
      num: p.num,
      buy_point: p.buyPoint,
      action_type: p.actionType === ACTION_TYPE.shipOnly ? ACTION_TYPE.shipOnly : ACTION_TYPE.choose,
      count: p.count,
      at: p.milestoneAt,
      every: p.milestoneEvery,
      cost_yen: p.costYen,
    })),
  };
}

export async function packDetailForConsole(db: Db, id: number, now = new Date()): Promise<PackAdmin> {
  const row = await repo.packForConsole(db, id, now);
  if (!row) throw AppError.field('id', 'pack.not_found');
  return toPackAdmin(row, await repo.prizesOf(db, id));
}

async function requireCardType(db: Db, id: number): Promise<void> {
  if (!(await findCardType(db, id))) throw AppError.field('card_type_id', 'card_type.not_found');
}

/** A member-only pack's minimum rank must exist (decision 056). */
async function requireRank(db: Db, id: number | null): Promise<void> {
  if (id !== null && !(await repo.rankExists(db, id))) throw AppError.field('min_rank_id', 'catalog_admin.rank_unknown');
}

/**
 * Creates a pack and commits its lot through the pack file's own service (createPack, as
 * `ops pack:create`), with the audit entry in the same transaction. Images are media the console
 * uploaded; prizes without one get generated art, as in a pack file.
 */
export async function createPackFromConsole(
  db: Db,
  fairness: Fairness,
  input: z.output<typeof packCreatePayload>,
  actor: Actor,
  role: OperatorRole,
  now = new Date(),
  /** A restock names the pack it repeats: the audit entry says so (decision 050). */
  restockOf?: number,
): Promise<PackAdmin> {
  await requireCardType(db, input.card_type_id);
  await requireRank(db, input.min_rank_id);
  const { prize_cap_reason: capReason, ...lot } = input;
  const capOverride = guardPrizeCaps({
    price: input.point,
    packs: input.lineup.reduce((sum, p) => sum + p.count, 0),
    prizes: lotChancePrizes(input),
    reason: capReason,
    role,
  });
  const parsed = packSpecSchema.safeParse({
    ...lot,
    card_type: input.card_type_id,
    point: input.point,
    end_at: input.end_at,
  });
  // The contract already checked each field; what is left is the lot as a whole (milestone
  // numbers within the lot).
  if (!parsed.success) throw AppError.field('lineup', 'catalog_admin.lineup_invalid');
  const made = await createPack(db, fairness, parsed.data, '/', async (tx, created) => {
    await recordAudit(tx, actor, {
      action: restockOf === undefined ? 'pack.create' : 'pack.restock',
      target: `pack:${created.id}`,
      after: { ...(restockOf === undefined ? {} : { restock_of: restockOf }), ...lot, detail: sanitizeDetail(input.detail), detail_en: sanitizeDetail(input.detail_en), total: created.total, seed_hash: created.seedHash },
    });
    if (capOverride) await auditPrizeCapOverride(tx, actor, created.id, capOverride, capReason);
  }, now).catch((error: unknown) => {
    // The commitment is published now; the sale may start only LOT_PUBLISH_LEAD_MS later.
    if (error instanceof PublishLeadError) {
      throw AppError.field('start_at', 'fairness.publish_lead', { hours: error.leadMs / 3_600_000, earliest: formatJst(error.earliest) });
    }
    throw error;
  });
  return packDetailForConsole(db, made.id, now);
}

const frozenDiffers = (stored: PrizeRow, sent: NonNullable<z.output<typeof packUpdatePayload>['lineup']>[number]) =>
  stored.name !== sent.name ||
  stored.imageUrl !== sent.image_url ||
  stored.modelNumber !== sent.model_number ||
  stored.rarity !== sent.rarity ||
  stored.count !== sent.count;

/** A lot whose sale ended has published its seed: selling from it again would sell known packs. */
function refuseReopening(before: repo.ConsolePackRow, next: { endAt?: Date | null | undefined }, now: Date): void {
  const ended = before.endAt !== null && before.endAt <= now;
  if (!ended) return;
  const reopens = !next.endAt || next.endAt > now;
  if (reopens) throw AppError.field('end_at', 'catalog_admin.sale_ended');
}

/**
 * The sale's end for a lot with a reveal deadline: no later than the deadline, since the seed is
 * revealed then whatever else happens, and packs sold after it could be computed by anyone
 * (decision 027). No end means "until the deadline"; a later end is refused.
 */
function endWithinReveal(before: repo.ConsolePackRow, endAt: Date | null): Date | null {
  const deadline = before.revealDeadline;
  if (deadline === null) return endAt;
  if (endAt === null) return deadline;
  if (endAt <= deadline) return endAt;
  throw AppError.field('end_at', 'catalog_admin.end_after_reveal', { deadline: formatJst(deadline) });
}

/**
 * Changes a pack's own terms, and of its prizes only the conversion terms (buy_point,
 * action_type, num). Any change of the lot itself (prizes added, removed or altered, counts) is
 * refused with pack.committed: the lot was committed when it was created (decision 014).
 */
export async function updatePackFromConsole(db: Db, input: z.output<typeof packUpdatePayload>, actor: Actor, role: OperatorRole, now = new Date()): Promise<PackAdmin> {
  await requireCardType(db, input.card_type_id);
  await requireRank(db, input.min_rank_id);
  try {
    await db.transaction(async (tx) => {
      const before = await repo.packForConsole(tx, input.id, now, true);
      if (!before) throw AppError.field('id', 'pack.not_found');
      const prizes = await repo.prizesOf(tx, input.id);
      const changedPrizes: { id: number; buyPoint: number; actionType: string; num: number; nameEn: string; costYen: number | null }[] = [];
      if (input.lineup) {
        const sent = new Map(input.lineup.map((p) => [p.id, p]));
        if (sent.size !== prizes.length || input.lineup.length !== prizes.length) refuseCommittedChange(input.id);
        for (const stored of prizes) {
          const next = sent.get(stored.id);
          if (!next || frozenDiffers(stored, next)) refuseCommittedChange(input.id);
          if (
            next.buy_point !== stored.buyPoint ||
            next.action_type !== stored.actionType ||
            next.num !== stored.num ||
            next.name_en !== stored.nameEn ||
            next.cost_yen !== stored.costYen
          ) {
            changedPrizes.push({ id: stored.id, buyPoint: next.buy_point, actionType: next.action_type, num: next.num, nameEn: next.name_en, costYen: next.cost_yen });
          }
        }
      }
      const actionTypes = prizes.map((p) => changedPrizes.find((c) => c.id === p.id)?.actionType ?? p.actionType);
      if (input.payment_method === PAYMENT_METHOD.coins && actionTypes.some((a) => a !== ACTION_TYPE.shipOnly)) {
        throw AppError.field('payment_method', 'catalog_admin.coin_ship_only');
      }
      const terms: repo.PackTerms = {
        name: input.name,
        nameEn: input.name_en,
        cardTypeId: input.card_type_id,
        price: input.point,
        paymentMethod: input.payment_method,
        startAt: new Date(input.start_at),
        endAt: endWithinReveal(before, input.end_at ? new Date(input.end_at) : null),
        maxBuyCount: input.max_buy_count,
        limitPerMember: input.limit_per_member,
        limitMessage: input.limit_message,
        minRankId: input.min_rank_id,
        firstPurchaseOnly: input.first_purchase_only,
        smsVerifiedOnly: input.sms_verified_only,
        freeDaily: input.free_daily,
        showCardlist: input.show_cardlist,
        movieStyle: input.movie_style,
        images: input.images,
        detailHtml: sanitizeDetail(input.detail),
        detailHtmlEn: sanitizeDetail(input.detail_en),
        sort: input.sort,
        published: input.published,
      };
      refuseReopening(before, terms, now);
      const capOverride = changedCaps(before, prizes, changedPrizes, input.point, input.free_daily)
        ? guardPrizeCaps({ price: input.point, packs: before.total, prizes: chancePrizes(prizes, changedPrizes, input.free_daily), reason: input.prize_cap_reason, role })
        : undefined;
      await repo.updatePackTerms(tx, input.id, terms);
      if (capOverride) await auditPrizeCapOverride(tx, actor, input.id, capOverride, input.prize_cap_reason);
      for (const c of changedPrizes) await repo.updatePrizeTerms(tx, input.id, c.id, c);
      await recordAudit(tx, actor, {
        action: 'pack.update',
        target: `pack:${input.id}`,
        before: { ...termsOf(before), prizes: changedPrizes.map((c) => pick(prizes.find((p) => p.id === c.id))) },
        after: { ...terms, prizes: changedPrizes },
      });
    });
  } catch (error) {
    // The triggers are the last word on the lot; their refusal reads as the console's message.
    if (isCommitmentRefusal(error)) refuseCommittedChange(input.id);
    throw error;
  }
  // This instance at once; the others when the change feed tells them (updatePackTerms).
  packSnapshots(db).changed(input.id);
  return packDetailForConsole(db, input.id, now);
}

type ChangedPrize = { id: number; buyPoint: number };

/**
 * The lot's last-one and milestone prizes with the values the change gives them, and for a free
 * daily lot its lineup prizes too (decision 056).
 */
function chancePrizes(prizes: PrizeRow[], changed: ChangedPrize[], freeDaily: boolean): ChancePrize[] {
  const valueOf = (p: PrizeRow) => changed.find((c) => c.id === p.id)?.buyPoint ?? p.buyPoint;
  return prizes.flatMap((p) =>
    p.kind === 'last_one' || p.kind === 'milestone'
      ? [{ name: p.name, kind: p.kind, at: p.milestoneAt, every: p.milestoneEvery, value: valueOf(p) }]
      : freeDaily
        ? freeDrawPrizes([{ name: p.name, value: valueOf(p), count: p.count }])
        : [],
  );
}

/**
 * Whether a change touches what the prize caps weigh (the price, a chance prize's value): a
 * change of anything else leaves a lot the owner already let beyond the caps as it was.
 */
function changedCaps(before: repo.ConsolePackRow, prizes: PrizeRow[], changed: ChangedPrize[], price: number, freeDaily: boolean): boolean {
  if (price !== before.price) return true;
  // Making a lot free daily puts its whole lineup under the caps.
  if (freeDaily && !before.freeDaily) return true;
  return changed.some((c) => {
    const stored = prizes.find((p) => p.id === c.id);
    return (freeDaily || stored?.kind === 'last_one' || stored?.kind === 'milestone') && stored?.buyPoint !== c.buyPoint;
  });
}

const pick = (p: PrizeRow | undefined) => p && { id: p.id, buyPoint: p.buyPoint, actionType: p.actionType, num: p.num, nameEn: p.nameEn, costYen: p.costYen };

function termsOf(row: repo.ConsolePackRow): repo.PackTerms {
  return {
    name: row.name,
    nameEn: row.nameEn,
    cardTypeId: row.cardTypeId,
    price: row.price,
    paymentMethod: row.paymentMethod,
    startAt: row.startAt,
    endAt: row.endAt,
    maxBuyCount: row.maxBuyCount,
    limitPerMember: row.limitPerMember,
    limitMessage: row.limitMessage,
    minRankId: row.minRankId,
    firstPurchaseOnly: row.firstPurchaseOnly,
    smsVerifiedOnly: row.smsVerifiedOnly,
    freeDaily: row.freeDaily,
    showCardlist: row.showCardlist,
    movieStyle: row.movieStyle,
    images: row.images,
    detailHtml: row.detailHtml,
    detailHtmlEn: row.detailHtmlEn,
    sort: row.sort,
    published: row.published,
  };
}

/** Publish, hide, schedule or stop a pack's sale (audited). */
export async function changeSale(db: Db, input: z.output<typeof packSalePayload>, actor: Actor, now = new Date()): Promise<PackAdmin> {
  await db.transaction((tx) => saleChangeIn(tx, input, actor, now));
  packSnapshots(db).changed(input.id);
  return packDetailForConsole(db, input.id, now);
}

/**
 * One pack's sale action inside the caller's transaction (one pack, or many at once), audited;
 * a refusal is the AppError the console shows.
 */
export async function saleChangeIn(tx: Tx, input: z.output<typeof packSalePayload>, actor: Actor, now: Date): Promise<void> {
  try {
    const before = await repo.packForConsole(tx, input.id, now, true);
    if (!before) throw AppError.field('id', 'pack.not_found');
    let change: Partial<repo.PackTerms>;
    switch (input.action) {
      case 'publish':
        change = { published: true };
        break;
      case 'hide':
        change = { published: false };
        break;
      case 'schedule':
        change = { published: true, startAt: new Date(input.start_at ?? now), endAt: endWithinReveal(before, input.end_at ? new Date(input.end_at) : null) };
        break;
      case 'stop':
        // Ending the sale reveals the seed (decision 014); an already ended sale keeps its end.
        change = { endAt: before.endAt !== null && before.endAt <= now ? before.endAt : now };
        break;
    }
    if (input.action !== 'stop') {
      refuseReopening(before, { endAt: change.endAt === undefined ? before.endAt : change.endAt }, now);
    }
    // A withdrawn v2 lot's seed is on its way out: it never sells again (decision 027).
    if ((input.action === 'publish' || input.action === 'schedule') && (await isWithdrawn(tx, input.id))) {
      throw AppError.field('end_at', 'catalog_admin.sale_ended');
    }
    if (input.action === 'hide' || input.action === 'stop') {
      await withdrawLot(tx, input.id, input.action === 'hide' ? 'hidden' : 'stopped', now);
    }
    await repo.updatePackTerms(tx, input.id, change);
    const shown = (t: Partial<repo.PackTerms>) => ({ published: t.published, startAt: t.startAt, endAt: t.endAt });
    await recordAudit(tx, actor, { action: `pack.sale.${input.action}`, target: `pack:${input.id}`, before: shown(before), after: { ...shown(before), ...change } });
  } catch (error) {
    // A v2 lot's sale start is part of its commitment (migration 0029's trigger).
    if (isCommitmentRefusal(error)) refuseCommittedChange(input.id);
    throw error;
  }
}
