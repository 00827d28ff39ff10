import { randomBytes } from 'node:crypto';
import { RARITY_LABELS } from '@oripa/contract/catalog';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';
import { cardArt } from '../../media/card-art.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { cardTypes } from '../catalog/catalog.service.ts';
import { cardTypeIdOf, PackSpecError, storeImage } from '../catalog/pack-admin.service.ts';
import { saveMedia } from '../media/media.service.ts';
import * as repo from './exchange.repo.ts';

/** The card type of a card that names none in a shop that has none yet. */
const DEFAULT_CARD_TYPE = 'その他';

/** A coin amount: a number or a decimal string with at most two places, above zero. */
const coinAmount = z
  .union([z.number(), z.string()])
  .transform(String)
  .pipe(z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, 'a coin amount such as 120 or "120.50" (at most two decimals)'))
  // Runs also when the pattern failed (zod checks on): only a well-formed amount is measured.
  .refine((v) => !/^\d{1,12}(\.\d{1,2})?$/.test(v) || toCents(v) > 0n, 'must be above 0');

/** The JSON of `ops exchange:create FILE.json` (docs/exchange-file.md). */
export const exchangeSpecSchema = z.object({
  name: z.string().trim().min(1).max(120),
  /** English name and series for English mode ('' shows the Japanese ones). */
  name_en: z.string().trim().max(120).default(''),
  card_name: z.string().trim().max(120).optional(),
  card_name_en: z.string().trim().max(120).default(''),
  sub_coin: coinAmount,
  stock: z.number().int().min(0).max(1_000_000),
  model_number: z.string().max(60).default(''),
  rarity: z.number().int().min(1).max(7).default(1),
  image: z.string().min(1).max(500).optional(),
  limit_per_member: z.number().int().min(0).default(0),
  /** A card type id, or a name (created when new); default the first card type. */
  card_type: z.union([z.number().int().min(1), z.string().min(1).max(60)]).optional(),
  sort: z.number().int().default(0),
  published: z.boolean().default(true),
});
export type ExchangeSpec = z.infer<typeof exchangeSpecSchema>;

/** A mistake in an exchange file or command (unknown card type, missing image, unknown id). */
export class ExchangeSpecError extends Error {}

/** A card as the operator commands print it: the repository's row with its rarity label, `active` named as the console names it. */
export type OperatorExchangeCard = Omit<repo.OperatorCardRow, 'active'> & { rarity_label: string; published: boolean };

/**
 * Creates an exchange card from an operator's spec; without an image, art is generated. From the
 * console (`actor`), the creation is audited in its transaction.
 */
export async function createExchangeCard(db: Db, spec: ExchangeSpec, baseDir: string, actor?: Actor): Promise<OperatorExchangeCard> {
  const tag = randomBytes(4).toString('hex');
  // No card_type: the shop's first one (read before the transaction: PGlite has one connection).
  const ref = spec.card_type ?? (await cardTypes(db))[0]?.id ?? DEFAULT_CARD_TYPE;
  const id = await db.transaction(async (tx) => {
    const mediaId = `exchange-${tag}`;
    let type: { id: number; name: string };
    let image: string;
    try {
      type = await cardTypeIdOf(tx, ref);
      image = spec.image ? await storeImage(tx, spec.image, baseDir, mediaId) : '';
    } catch (error) {
      if (error instanceof PackSpecError) throw new ExchangeSpecError(error.message);
      throw error;
    }
    if (!image) {
      const art = cardArt({ name: spec.name, rarity: spec.rarity, cardType: type.name, modelNumber: spec.model_number, seed: tag });
      await saveMedia(tx, `${mediaId}.svg`, 'image/svg+xml', art);
      image = `/media/${mediaId}.svg`;
    }
    const cardId = await repo.insertCard(tx, {
      cardTypeId: type.id,
      image,
      cardName: spec.card_name ?? type.name,
      cardNameEn: spec.card_name_en,
      name: spec.name,
      nameEn: spec.name_en,
      modelNumber: spec.model_number,
      rarity: spec.rarity,
      subCoin: fromCents(toCents(spec.sub_coin)),
      stock: spec.stock,
      limitPerMember: spec.limit_per_member,
      active: spec.published,
      sort: spec.sort,
    });
    if (actor) await recordAudit(tx, actor, { action: 'exchange.create', target: `exchange_card:${cardId}`, after: { ...spec, image } });
    return cardId;
  });
  const [card] = await listExchangeCardsForOperator(db, id);
  return card!;
}

/** Every exchange card (or one), with how many were exchanged, for `ops exchange:list`. */
export async function listExchangeCardsForOperator(db: Db, onlyId?: number): Promise<OperatorExchangeCard[]> {
  const rows = await repo.operatorCards(db, onlyId);
  return rows.map(({ active, ...r }) => ({ ...r, rarity_label: RARITY_LABELS[r.rarity] ?? '', published: active }));
}

/**
 * Sets a card's stock (`ops exchange:stock ID N`) and writes the change, before and after, to
 * the append-only audit log in the same transaction.
 */
export async function setExchangeStock(db: Db, cardId: number, stock: number, actor: Actor): Promise<{ before: number; after: number }> {
  return db.transaction(async (tx) => {
    const before = await repo.lockStock(tx, cardId);
    if (before === undefined) throw new ExchangeSpecError(`exchange card ${cardId} does not exist`);
    await repo.setStock(tx, cardId, stock);
    await recordAudit(tx, actor, { action: 'exchange.stock', target: `exchange_card:${cardId}`, before: { stock: before }, after: { stock } });
    return { before, after: stock };
  });
}

/** The fields of a card the console edits (its stock moves only by adjustExchangeStock). */
export interface ExchangeCardEdit {
  name: string;
  name_en: string;
  card_name: string;
  card_name_en: string;
  model_number: string;
  rarity: number;
  sub_coin: string;
  limit_per_member: number;
  image: string;
  sort: number;
  published: boolean;
}

/** Not found, as the console answers it. */
const notFound = () => AppError.field('card_id', 'shop_settings.not_found');

/**
 * Edits a card from the console; audited with before and after. A price change takes effect at
 * once: a member's check made at the old price is refused at exchange ('price changed').
 */
export async function updateExchangeCard(db: Db, cardId: number, edit: ExchangeCardEdit, actor: Actor): Promise<OperatorExchangeCard> {
  const [before] = await listExchangeCardsForOperator(db, cardId);
  if (!before) throw notFound();
  await db.transaction(async (tx) => {
    if ((await repo.lockStock(tx, cardId)) === undefined) throw notFound();
    await repo.updateCard(tx, cardId, {
      name: edit.name,
      nameEn: edit.name_en,
      cardName: edit.card_name || before.card_name,
      cardNameEn: edit.card_name_en,
      modelNumber: edit.model_number,
      rarity: edit.rarity,
      subCoin: fromCents(toCents(edit.sub_coin)),
      limitPerMember: edit.limit_per_member,
      image: edit.image || before.image,
      sort: edit.sort,
      active: edit.published,
    });
    const { exchanged: _exchanged, stock: _stock, rarity_label: _label, ...kept } = before;
    await recordAudit(tx, actor, { action: 'exchange.update', target: `exchange_card:${cardId}`, before: kept, after: edit });
  });
  const [card] = await listExchangeCardsForOperator(db, cardId);
  return card!;
}

/**
 * Adds stock to a card, or takes it away with a negative change, relative to the stock at that
 * moment: the card's row is locked (exchanges take stock with a conditional update of the same
 * row, so they wait), so an exchange made while the operator typed is never given back and the
 * stock never goes below zero. Before and after go to the audit log in the same transaction.
 */
export async function adjustExchangeStock(db: Db, cardId: number, change: number, actor: Actor): Promise<OperatorExchangeCard> {
  await db.transaction(async (tx) => {
    const before = await repo.lockStock(tx, cardId);
    if (before === undefined) throw notFound();
    if (before + change < 0) throw AppError.field('change', 'shop_settings.stock_short', { stock: before });
    await repo.setStock(tx, cardId, before + change);
    await recordAudit(tx, actor, { action: 'exchange.stock', target: `exchange_card:${cardId}`, before: { stock: before }, after: { stock: before + change, change } });
  });
  const [card] = await listExchangeCardsForOperator(db, cardId);
  return card!;
}
