import {
  EXCHANGE_CHANGE_NUM,
  EXCHANGE_PER_PAGE,
  EXCHANGE_RESULT,
  type ExchangeCard,
  type ExchangeCheckResponse,
  type ExchangeResponse,
  type ExchangeSort,
} from '@oripa/contract/exchange';
import { RARITY_LABELS } from '@oripa/contract/catalog';
import type { Lang } from '@oripa/contract/states';
import { pageInfo, type PageInfo } from '@oripa/contract/wire';
import type { Db, DbOrTx } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { InsufficientBalanceError } from '../wallet/wallet.errors.ts';
import { debitCoins } from '../wallet/wallet.service.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';
import { exchangeRefusal, type ExchangeRefusal, type ExchangeTerms } from './exchange-rules.ts';
import { inLang } from '../../kernel/language.ts';
import { rememberCheck, spendCheck } from '../sessions/pending-checks.ts';
import * as repo from './exchange.repo.ts';

/** An exchange check is good for this long; the exchange must follow it. */
export const EXCHANGE_CHECK_TTL_MS = 10 * 60 * 1000;

/** A card as the shop shows it, named in the requester's language (Japanese where no English was written). */
function cardView(row: repo.ExchangeCardRow, lang: Lang): ExchangeCard {
  return {
    id: row.id,
    image: row.image,
    card_name: inLang(row.card_name, row.card_name_en, lang),
    name: inLang(row.name, row.name_en, lang),
    model_number: row.model_number,
    rarity: row.rarity,
    rarity_label: RARITY_LABELS[row.rarity] ?? '',
    sub_coin: row.sub_coin,
    stock: row.stock,
    change_num: EXCHANGE_CHANGE_NUM,
    limit_per_member: row.limit_per_member,
    exchanged: row.exchanged,
  };
}

function termsOf(row: repo.ExchangeCardRow | undefined): ExchangeTerms | undefined {
  return row && { active: row.active, stock: row.stock, subCoin: row.sub_coin, limitPerMember: row.limit_per_member };
}

/** A refused check or exchange: state 400, the result code, the message under `count`. */
function refusalError(refusal: ExchangeRefusal): AppError {
  return AppError.field('count', refusal.code, refusal.params, { result: refusal.result });
}

const checkFirst = () => refusalError({ result: EXCHANGE_RESULT.refused, code: 'exchange.check_first' });

/** POST /user/exchange_card/list/{page}: published cards matching the search, in the chosen order. */
export async function listExchangeCards(
  db: Db,
  options: { page: number; search: string; sort: ExchangeSort; userId: number | null; lang: Lang },
): Promise<{ list: ExchangeCard[]; page: PageInfo }> {
  const offset = (options.page - 1) * EXCHANGE_PER_PAGE;
  const { rows, total } = await repo.listCards(db, { ...options, limit: EXCHANGE_PER_PAGE, offset });
  return { list: rows.map((row) => cardView(row, options.lang)), page: pageInfo(options.page, total, EXCHANGE_PER_PAGE) };
}

/**
 * POST /user/exchange_card/check: may the member take the card now? On yes the session
 * remembers the check (card and price) for the exchange; otherwise the refusal.
 */
export async function checkExchange(db: Db, sessionKey: string, userId: number, cardId: number, now: Date, lang: Lang = 'ja'): Promise<ExchangeCheckResponse> {
  const found = await repo.cardForMember(db, cardId, userId);
  if (!found) throw AppError.loginRequired();
  const { card, balance } = found;
  const refusal = exchangeRefusal(termsOf(card), card?.exchanged ?? 0, balance);
  if (refusal || !card) throw refusalError(refusal ?? { result: EXCHANGE_RESULT.refused, code: 'exchange.not_found' });
  const check: repo.ExchangeCheck = { cardId, subCoin: card.sub_coin, at: now.getTime() };
  await rememberCheck(db, sessionKey, 'exchangeCheck', check);
  return {
    result: EXCHANGE_RESULT.ok,
    card: cardView(card, lang),
    balance: fromCents(toCents(balance)),
    balance_after: fromCents(toCents(balance) - toCents(card.sub_coin)),
  };
}

/**
 * POST /user/exchange_card/exchange: spends the session's check of the card and, in one
 * transaction, takes one from stock, debits its coins through the ledger and creates the
 * shipping request with the member's address. A double post or retry finds the check spent.
 */
export async function exchangeCard(db: Db, sessionKey: string, userId: number, cardId: number, now: Date, lang: Lang = 'ja'): Promise<ExchangeResponse> {
  try {
    return await db.transaction(async (tx) => {
      // Lock order as in pack purchases: the session, then the member, then the card.
      const spent = await spendCheck<repo.ExchangeCheck>(tx, sessionKey, userId, 'exchangeCheck', repo.checkApproves(cardId, now.getTime() - EXCHANGE_CHECK_TTL_MS));
      const checkedPrice = spent?.subCoin;
      if (checkedPrice === undefined) throw checkFirst();
      const balance = await repo.lockMemberCoins(tx, userId);
      if (balance === undefined) throw AppError.loginRequired();
      const exchanged = await repo.exchangedCount(tx, userId, cardId);
      const taken = await repo.takeStock(tx, cardId, checkedPrice);
      if (!taken) throw await whyNotTaken(tx, userId, cardId, checkedPrice);
      // The card as it was before this exchange took it, for the rule.
      const refusal = exchangeRefusal(termsOf({ ...taken, stock: taken.stock + 1 }), exchanged, balance);
      if (refusal) throw refusalError(refusal);
      const exchangeId = await repo.insertExchange(tx, userId, cardId, taken.sub_coin, now);
      const debit = await debitCoins(tx, {
        userId,
        reason: 'exchange',
        amount: taken.sub_coin,
        ref: `exchange:${exchangeId}`,
        memo: `カード交換 ${taken.name}`,
        idempotencyKey: `exchange:${exchangeId}`,
      });
      return {
        result: EXCHANGE_RESULT.ok,
        exchange_id: exchangeId,
        card: cardView({ ...taken, exchanged: exchanged + 1 }, lang),
        balance_after: debit.balance ?? '0.00',
      };
    });
  } catch (error) {
    // The debit is conditional as well; with the member locked it cannot fall short, but if it
    // does, the transaction is rolled back and the member hears why.
    if (error instanceof InsufficientBalanceError) {
      const found = await repo.cardForMember(db, cardId, userId);
      throw refusalError(
        exchangeRefusal(termsOf(found?.card), found?.card?.exchanged ?? 0, found?.balance ?? '0') ?? {
          result: EXCHANGE_RESULT.insufficient,
          code: 'exchange.coins_short',
          params: { cost: found?.card?.sub_coin ?? '', balance: found?.balance ?? '' },
        },
      );
    }
    throw error;
  }
}

/** Why the stock update took nothing: gone, unpublished, sold out, or repriced since the check. */
async function whyNotTaken(tx: DbOrTx, userId: number, cardId: number, checkedPrice: string): Promise<AppError> {
  const found = await repo.cardForMember(tx, cardId, userId);
  const card = found?.card;
  if (card && card.active && card.stock > 0 && toCents(card.sub_coin) !== toCents(checkedPrice)) return checkFirst();
  return refusalError(
    exchangeRefusal(termsOf(card), card?.exchanged ?? 0, found?.balance ?? '0') ?? {
      result: EXCHANGE_RESULT.refused,
      code: 'exchange.not_found',
    },
  );
}
