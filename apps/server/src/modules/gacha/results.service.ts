import { PURCHASE_RESULT, type PurchaseResult, type WonCard } from '@oripa/contract/gacha';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { Lang } from '@oripa/contract/states';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Fairness } from '../transparency/fairness.ts';
import { awaitCards, purchaseReceipt } from './purchase-receipt.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Session } from '../sessions/sessions.service.ts';
import { formatJst } from '../../lib/time.ts';
import { cardTypeOfPack } from '../catalog/catalog.service.ts';
import { extraPrizeRules } from './draw-log.repo.ts';
import { awardNumbers } from '../catalog/extra-prizes.ts';
import { memberPurchase } from './purchase.repo.ts';

/** A card of a purchase as the result needs it: as the member sees it, its prize and its choice. */
export interface ResultCard {
  card: WonCard;
  prizeId: number;
  /** Still waiting for the member's choice. */
  pending: boolean;
  deadlineAt: Date;
}

/**
 * A purchase's cards and its pack's name in the member's language. The cards are the holdings
 * module's rows, above gacha in the layers (decision 038): app.ts gives holdings' reader as
 * AppContext.purchaseCards.
 */
export interface PurchaseCards {
  /** The purchase's cards in id order; only the undecided ones with `onlyPending`. */
  cards(db: DbOrTx, purchaseId: number, onlyPending: boolean, lang: Lang): Promise<ResultCard[]>;
  title(db: DbOrTx, packId: number, packName: string, lang: Lang): Promise<string>;
}

declare module '../../http/context.ts' {
  interface AppContext {
    /** A purchase's cards for its result (results.service.ts, PurchaseCards). */
    purchaseCards: PurchaseCards;
  }
}

/**
 * The won cards, a last-one or milestone card marked with its kind (and a milestone card with the
 * pack number that won it: a purchase's cards of one milestone prize are stored in pack-number
 * order, so the n-th of them is its n-th number in the purchase's range).
 */
async function withPrizeKinds(
  db: DbOrTx,
  purchase: { drawFrom: number; count: number },
  rows: ResultCard[],
): Promise<WonCard[]> {
  const rules = await extraPrizeRules(db, rows.map((r) => r.prizeId));
  const numbers = new Map<number, number[]>();
  for (const [id, rule] of rules) numbers.set(id, awardNumbers(rule, rule.total, purchase.drawFrom, purchase.count));
  const seen = new Map<number, number>();
  return rows.map(({ card, prizeId }) => {
    const rule = rules.get(prizeId);
    if (!rule) return card;
    if (rule.kind === 'last_one') return { ...card, kind: rule.kind };
    const nth = seen.get(prizeId) ?? 0;
    seen.set(prizeId, nth + 1);
    const number = numbers.get(prizeId)?.[nth];
    return number === undefined ? { ...card, kind: rule.kind } : { ...card, kind: rule.kind, milestone_number: number };
  });
}

/** The member's purchase the result calls mean: the one named, else the session's latest. */
function purchaseIdOf(session: Session, requested: number | undefined): number {
  const id = requested ?? (session.data.lastPurchaseId as number | undefined);
  if (!id)
    throw AppError.field('result', 'gacha.no_result', undefined, { result: PURCHASE_RESULT.refused, cards: [] });
  return id;
}

/**
 * The result of a purchase of this member's (never another's): all its cards for the reveal
 * (`only` all), or the cards still waiting for a decision (`only` undecided; a coin purchase,
 * which ships everything, shows all its cards).
 */
export async function purchaseResult(
  db: Db,
  fairness: Fairness,
  purchaseCards: PurchaseCards,
  session: Session,
  userId: number,
  requested: number | undefined,
  only: 'all' | 'undecided',
  lang: Lang = 'ja',
): Promise<PurchaseResult> {
  const purchaseId = purchaseIdOf(session, requested);
  let purchase = await memberPurchase(db, purchaseId, userId);
  // oripa-draw-v2: recorded at once, its cards follow the beacon round (bounded wait).
  if (purchase && purchase.drawnAt === null) {
    await awaitCards(db, fairness, purchase.id);
    purchase = await memberPurchase(db, purchaseId, userId);
  }
  const cardTypeId = purchase && (await cardTypeOfPack(db, purchase.packId));
  if (!purchase || cardTypeId === undefined)
    throw AppError.field('result', 'gacha.no_result', undefined, { result: PURCHASE_RESULT.refused, cards: [] });
  const isCoin = purchase.paymentMethod === PAYMENT_METHOD.coins;
  const rows = await purchaseCards.cards(db, purchaseId, only === 'undecided' && !isCoin, lang);
  const deadline = rows.find((r) => r.pending)?.deadlineAt;
  const cards = await withPrizeKinds(db, purchase, rows);
  return {
    result: PURCHASE_RESULT.ok,
    pack_history_id: purchase.id,
    pack_id: purchase.packId,
    cards,
    card_type: cardTypeId,
    movie_style: purchase.movieStyle,
    is_buy_coin: isCoin ? 1 : 0,
    title: await purchaseCards.title(db, purchase.packId, purchase.packName, lang),
    created: formatJst(purchase.createdAt),
    deadline: deadline ? deadline.toISOString() : '',
    // The share link's code (/api/user/share/<code>): random, the purchase's own; the page shows
    // its best card, never who won it.
    twitter_code: purchase.shareCode,
    ...(purchase.seq !== null && purchase.buyerTag !== null
      ? { receipt: await purchaseReceipt(db, fairness, { ...purchase, seq: purchase.seq, buyerTag: purchase.buyerTag }) }
      : {}),
  };
}
