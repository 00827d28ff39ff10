import type { PageInfo } from '@oripa/contract/wire';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';

/** A row of the point ledger (GET /user/point/list/{page}); bonusPoint is signed. */
export interface PointHistoryRow {
  id: number;
  history_id: number | null;
  created: string;
  memo: string;
  bonusPoint: number;
  /** Yen paid (point purchases), 0 otherwise. */
  money: number;
  /** The balance right after the row. */
  balance: number;
  /** A grant's expiry (ISO-8601 UTC); '' for other rows. */
  expires: string;
}

/** A row of the coin ledger (GET /user/coin/list/{page}); bonusCoin is a decimal string. */
export interface CoinHistoryRow {
  id: number;
  history_id: number | null;
  created: string;
  memo: string;
  bonusCoin: string;
}

export interface LedgerPage<Row> {
  list: Row[];
  page: PageInfo;
}

function useLedgerPage<Row>(kind: 'point' | 'coin', page: number) {
  return useQuery({
    queryKey: ['ledger', kind, page],
    queryFn: async (): Promise<LedgerPage<Row>> => {
      const result = await getOk<LedgerPage<Row>>(`/user/${kind}/list/${page}`);
      return { list: result.list ?? [], page: result.page };
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
