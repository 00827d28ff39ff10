import * as api from '@oripa/contract/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';
import type { ApiResponse } from '@/lib/api-route.ts';

/** A row of the point ledger (GET /user/point/list/{page}); bonusPoint is signed, money is the yen paid (0 for other rows), expires a grant's expiry ('' for other rows). */
export type PointHistoryRow = ApiResponse<'pointList'>['list'][number];

/** A row of the coin ledger (GET /user/coin/list/{page}); bonusCoin is a decimal string. */
export type CoinHistoryRow = ApiResponse<'coinList'>['list'][number];

export type LedgerPage<Row> = Omit<ApiResponse<'pointList'>, 'list'> & { list: Row[] };

function useLedgerPage<Row>(kind: 'point' | 'coin', page: number) {
  return useQuery({
    queryKey: ['ledger', kind, page],
    queryFn: async (): Promise<LedgerPage<Row>> => {
      const result = kind === 'point' ? await getOk(api.pointList, { params: { page } }) : await getOk(api.coinList, { params: { page } });
      return { list: (result.list as Row[] | undefined) ?? [], page: result.page };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One page of the member's point history, newest first. */
export function usePointHistory(page: number) {
  return useLedgerPage<PointHistoryRow>('point', page);
}

/** One page of the member's coin history, newest first. */
export function useCoinHistory(page: number) {
  return useLedgerPage<CoinHistoryRow>('coin', page);
}

/** The receipt of one of the member's paid point purchases (GET /user/point/receipt/{paymentId}). */
export type PointReceipt = ApiResponse<'pointReceipt'>['receipt'];

export function usePointReceipt(paymentId: number | undefined) {
  return useQuery({
    queryKey: ['ledger', 'receipt', paymentId],
    queryFn: async (): Promise<PointReceipt> => (await getOk(api.pointReceipt, { params: { paymentId: String(paymentId) } })).receipt,
    enabled: paymentId !== undefined,
  });
}
