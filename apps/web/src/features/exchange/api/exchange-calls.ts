import * as api from '@oripa/contract/api-paths';
import type { Pack } from '@oripa/contract/catalog';
import {
  EXCHANGE_CHANGE_NUM,
  EXCHANGE_RESULT,
  EXCHANGE_TYPE,
  type ExchangeSort,
  PAYMENT_METHOD,
} from '@oripa/contract/constants';
import type {
  ExchangeCard,
  ExchangeListResponse,
} from '@oripa/contract/exchange';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors, PageInfo } from '@oripa/contract/wire';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall, firstError } from '@/lib/api-client.ts';
import { getOk } from '@/lib/api-query.ts';

/** Query-cache key of everything the exchange shop lists; invalidated after an exchange. */
export const EXCHANGE_KEY = ['exchange'] as const;

const EMPTY_PAGE: PageInfo = { page: 1, all_page: 1, pages: [1] };

export interface ExchangeQuery {
  searchText: string;
  sort: ExchangeSort;
  page: number;
}

/** One page of the card tab (POST /user/exchange_card/list/{page} {type '2', searchText, sort}). */
export function useExchangeCards(query: ExchangeQuery, enabled: boolean) {
  return useQuery({
    queryKey: [...EXCHANGE_KEY, 'cards', query.searchText, query.sort, query.page],
    queryFn: async (): Promise<ExchangeListResponse> => {
      // A POST whose answer must be state 200: anything else throws so the screen shows its error state.
      const result = await getOk(api.exchangeCardList, {
        params: { page: query.page },
        payload: { type: EXCHANGE_TYPE.card, searchText: query.searchText, sort: query.sort },
      });
      return { list: result.list ?? [], page: result.page ?? EMPTY_PAGE };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The coin-gacha tab: packs paid with coins (POST /user/pack/list {payment_method '2'}). */
export function useCoinPacks() {
  return useQuery({
    queryKey: [...EXCHANGE_KEY, 'coin_packs'],
    queryFn: async (): Promise<Pack[]> =>
      (await getOk(api.packListFiltered, { payload: { payment_method: PAYMENT_METHOD.coins } })).list ??
      [],
  });
}

/** Why an exchange was refused, as the screen tells it (spec sections 4 and 8). */
export type ExchangeRefusal =
  /** A visitor, or a session that ended: the exchange needs a login first. */
  | { kind: 'login' }
  /** Result '-3': the member reached the operator's per-member limit for the card. */
  | { kind: 'limit'; message: string | undefined }
  /** Any other refusal ('コイン不足' on the check, an alert on the exchange). */
  | { kind: 'refused'; message: string | undefined };

export type CheckOutcome =
  { kind: 'ok'; card: ExchangeCard | undefined; balance: string; balanceAfter: string } | ExchangeRefusal;
export type ExchangeOutcome = { kind: 'ok'; card: ExchangeCard | undefined } | ExchangeRefusal;

/** The count error first (where the server puts every refusal), else the first message of any field. */
function refusalMessage(errors: FieldErrors): string | undefined {
  const count = firstError(errors, 'count');
  if (count) return count;
  const field = Object.keys(errors).find((key) => key !== 'network');
  return field ? firstError(errors, field) : undefined;
}

function refusal(state: number, result: string | undefined, errors: FieldErrors): ExchangeRefusal {
  if (state === STATE.loginRequired) return { kind: 'login' };
  const message = refusalMessage(errors);
  return result === EXCHANGE_RESULT.limit ? { kind: 'limit', message } : { kind: 'refused', message };
}

/** POST /user/exchange_card/check {card_id, change_num 1}. */
export async function checkExchange(cardId: number): Promise<CheckOutcome> {
  const r = await apiCall(api.exchangeCardCheck, { payload: { card_id: cardId, change_num: EXCHANGE_CHANGE_NUM } });
  if (r.state === STATE.ok && r.result === EXCHANGE_RESULT.ok) {
    return { kind: 'ok', card: r.card, balance: r.balance ?? '0', balanceAfter: r.balance_after ?? '0' };
  }
  return refusal(r.state, r.result, r.errors);
}

/** POST /user/exchange_card/exchange {card_id, change_num 1}: must follow a successful check. */
export async function exchangeCard(cardId: number): Promise<ExchangeOutcome> {
  const r = await apiCall(api.exchangeCardExchange, { payload: { card_id: cardId, change_num: EXCHANGE_CHANGE_NUM } });
  if (r.state === STATE.ok && r.result === EXCHANGE_RESULT.ok) return { kind: 'ok', card: r.card };
  return refusal(r.state, r.result, r.errors);
}
