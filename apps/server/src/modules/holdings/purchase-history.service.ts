import { HISTORY_STATUS, PAYMENT_METHOD } from '@oripa/contract/constants';
import { HISTORY_PER_PAGE, type PackHistory, SEND_STATE } from '@oripa/contract/gacha';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import type { Lang } from '@oripa/contract/states';
import { formatJst } from '../../lib/time.ts';
import { inLang } from '../../kernel/language.ts';
import type { MemberShipment } from '@oripa/contract/shipping';
import type { PurchaseCards } from '../gacha/results.service.ts';
import { cardsOfPurchase, historyPageRows, historyRowOf, packNameEn, type HistoryRow } from './history.repo.ts';
import { toWonCard } from './won-card.ts';

function sendStateOf(r: HistoryRow): PackHistory['send_state'] {
  if (r.pending > 0) return SEND_STATE.undecided;
  if (r.ship === 0) return SEND_STATE.none;
  // Shipped once every live request has left (cancelled ones do not count; a purchase whose
  // requests were all cancelled without converting its cards waits for the operator: preparing).
  return r.requests > 0 && r.shipped_requests === r.requests ? SEND_STATE.shipped : SEND_STATE.preparing;
}

function toHistory(r: HistoryRow, lang: Lang): PackHistory {
  return {
    id: r.id,
    created: formatJst(new Date(r.created_at)),
    pack_name: inLang(r.pack_name, r.pack_name_en, lang),
    send_state: sendStateOf(r),
    point: r.cost,
    is_buy_coin: r.payment_method === PAYMENT_METHOD.coins ? 1 : 0,
    count: r.count,
    status: r.pending === 0 ? HISTORY_STATUS.decided : HISTORY_STATUS.choosing,
    delivery_code: r.delivery_code,
    send_card: r.ship,
    reduction_card: r.converted,
    reduction_point: r.converted_point,
  };
}

/** POST /user/history/list/{page}: the member's purchases, newest first, filtered by mode. */
export async function historyPage(db: Db, userId: number, mode: string, page: number, lang: Lang = 'ja'): Promise<{ list: PackHistory[]; page: PageInfo }> {
  const { rows, total } = await historyPageRows(db, userId, mode, HISTORY_PER_PAGE, (page - 1) * HISTORY_PER_PAGE);
  return { list: rows.map((r) => toHistory(r, lang)), page: pageInfo(page, total, HISTORY_PER_PAGE) };
}

/**
 * The member's parcels of a purchase. Shipping sits above holdings in the layers (decision 038):
 * app.ts gives its reader as AppContext.memberShipments.
 */
export type MemberShipments = (db: DbOrTx, userId: number, of: { purchaseId: number }) => Promise<MemberShipment[]>;

declare module '../../http/context.ts' {
  interface AppContext {
    /** A purchase's parcels as its member sees them (purchase-history.service.ts). */
    memberShipments: MemberShipments;
  }
}

/** GET /user/history/detail/{id}: one purchase of this member's with its cards (owner only). */
export async function historyDetail(db: Db, userId: number, purchaseId: number, lang: Lang, memberShipments: MemberShipments) {
  const row = await historyRowOf(db, userId, purchaseId);
  if (!row) throw AppError.field('history', 'gacha.history_not_found');
  const [cards, shipments] = await Promise.all([cardsOfPurchase(db, purchaseId, { userId, english: lang === 'en' }), memberShipments(db, userId, { purchaseId })]);
  return { history: toHistory(row, lang), cards: cards.map((c) => toWonCard(c, lang)), shipments };
}

/** A purchase's cards and title for its result (the reveal and the card choice; gacha's PurchaseCards). */
export const purchaseCards: PurchaseCards = {
  async cards(db, purchaseId, onlyPending, lang) {
    const rows = await cardsOfPurchase(db, purchaseId, { onlyPending, english: lang === 'en' });
    return rows.map((row) => ({ card: toWonCard(row, lang), prizeId: row.prizeId, pending: row.state === 'pending', deadlineAt: row.deadlineAt }));
  },
  title: purchaseTitle,
};

/** The name a purchase's pack goes by in the requester's language (the reveal's title). */
async function purchaseTitle(db: DbOrTx, packId: number, packName: string, lang: Lang): Promise<string> {
  return lang === 'en' ? inLang(packName, await packNameEn(db, packId), lang) : packName;
}
