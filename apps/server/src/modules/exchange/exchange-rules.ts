import { EXCHANGE_RESULT, type ExchangeResult } from '@oripa/contract/exchange';
import type { MessageParams } from '@oripa/contract/messages';
import type { ErrorCode } from '../../kernel/errors.ts';
import { fromCents, toCents } from '../../lib/coin-amount.ts';

/** What the exchange rule needs to know of a card and of the member. */
export interface ExchangeTerms {
  active: boolean;
  stock: number;
  subCoin: string;
  limitPerMember: number;
}

export interface ExchangeRefusal {
  result: ExchangeResult;
  code: ErrorCode;
  params?: MessageParams;
}

/**
 * The rule of the exchange shop, in one place: may a member with `balance` coins who has taken
 * `exchanged` of this card take one more? Null when yes, else the refusal (result code and the
 * message under `count`). The exchange's conditional updates mirror it (exchange.repo.ts:
 * takeStock, and the coin debit never below zero) under the member's row lock.
 */
export function exchangeRefusal(card: ExchangeTerms | undefined, exchanged: number, balance: string): ExchangeRefusal | null {
  if (!card || !card.active) return { result: EXCHANGE_RESULT.refused, code: 'exchange.not_found' };
  if (card.stock < 1) return { result: EXCHANGE_RESULT.soldOut, code: 'exchange.sold_out' };
  if (card.limitPerMember > 0 && exchanged >= card.limitPerMember) {
    return {
      result: EXCHANGE_RESULT.limit,
      code: 'exchange.limit_reached',
      params: { limit: card.limitPerMember, done: exchanged },
    };
  }
  if (toCents(balance) < toCents(card.subCoin)) {
    return {
      result: EXCHANGE_RESULT.insufficient,
      code: 'exchange.coins_short',
      params: { cost: fromCents(toCents(card.subCoin)), balance: fromCents(toCents(balance)) },
    };
  }
  return null;
}
