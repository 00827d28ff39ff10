import * as api from '@oripa/contract/api-paths';
import { HISTORY_MODE, HISTORY_MODES, type HistoryMode } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import type { PageInfo } from '@oripa/contract/wire';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';
import { ApiFailure, getOk } from '@/lib/api-query.ts';
import type { ApiResponse } from '@/lib/api-route.ts';

/** The contract's pack-history filter (design decision 4), for the screen's tabs. */
export { HISTORY_MODES, type HistoryMode };

export function parseMode(value: string | null): HistoryMode {
  return (HISTORY_MODES as readonly string[]).includes(value ?? '') ? (value as HistoryMode) : HISTORY_MODE.all;
}

export type HistoryPage = ApiResponse<'historyList'>;

const EMPTY_PAGE: PageInfo = { page: 1, all_page: 1, pages: [1] };

/** One page of the member's pack purchases (POST /user/history/list/{page} {mode}). */
export function useHistoryPage(mode: HistoryMode, page: number) {
  return useQuery({
    queryKey: ['history', 'list', mode, page],
    queryFn: async (): Promise<HistoryPage> => {
      const result = await apiCall(api.historyList, { params: { page }, payload: { mode } });
      if (result.state !== STATE.ok) throw new ApiFailure(result.state, result.errors);
      return { list: result.list ?? [], page: result.page ?? EMPTY_PAGE };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One purchase with its cards and its shipping requests with their carrier's tracking (issue 13). */
export type HistoryDetail = ApiResponse<'historyDetail'>;

/** One purchase with its cards (GET /user/history/detail/{packHistoryId}); 404 when not the member's. */
export function useHistoryDetail(packHistoryId: number | undefined) {
  return useQuery({
    queryKey: ['history', 'detail', packHistoryId],
    queryFn: async (): Promise<HistoryDetail> => {
      const result = await getOk(api.historyDetail, { params: { packHistoryId: String(packHistoryId) } });
      return { history: result.history, cards: result.cards ?? [], shipments: result.shipments ?? [] };
    },
    enabled: packHistoryId !== undefined,
    staleTime: 0,
  });
}
