import * as api from '@oripa/contract/api-paths';
import type { DrawLog, RecentWin } from '@oripa/contract/trust';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';

// Under the 'packs' key: whatever refreshes the packs after a purchase refreshes these too, and
// they are refetched every time the page shows them (counts move with every purchase). The lot's
// commitment and odds are lib/pack-trust.ts (the demo draw reads them too).

/** One page of a lot's draw history (GET /user/pack/draws/{packId}/{page}). */
export function useDrawLog(packId: number, page: number) {
  return useQuery({
    queryKey: ['packs', 'draws', packId, page],
    queryFn: async (): Promise<DrawLog> => getOk(api.packDraws, { params: { packId, page } }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Recent wins of one lot, or (packId null) of the whole shop. */
export function useRecentWins(packId: number | null) {
  return useQuery({
    queryKey: ['packs', 'wins', packId],
    queryFn: async (): Promise<RecentWin[]> =>
      (packId === null ? await getOk(api.wins) : await getOk(api.packWins, { params: { packId } })).list ?? [],
    staleTime: 0,
    refetchInterval: 60_000,
  });
}
