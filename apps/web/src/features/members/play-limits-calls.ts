import * as api from '@oripa/contract/api-paths';
import type { PausePeriod, PlayLimits } from '@oripa/contract/play-limits';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall, isOk, type ApiResult } from '@/lib/api-client.ts';
import { getOk } from '@/lib/api-query.ts';

/** Query-cache key of GET /user/play_limits (decision 043). */
export const PLAY_LIMITS_KEY = ['play_limits'] as const;

export function usePlayLimits() {
  return useQuery({
    queryKey: PLAY_LIMITS_KEY,
    queryFn: async (): Promise<PlayLimits> => (await getOk(api.playLimits)).play_limits,
    staleTime: 0,
  });
}

/**
 * The limits and pause calls: each answers the limits as they stand, which replace the cached
 * ones at once (no second request); a refusal's errors are for the form.
 */
export function usePlayLimitsCalls() {
  const queryClient = useQueryClient();
  const keep = (result: ApiResult<{ play_limits: PlayLimits }>) => {
    if (isOk(result) && result.play_limits) queryClient.setQueryData(PLAY_LIMITS_KEY, result.play_limits);
    return result;
  };
  return {
    saveLimits: async (daily: string, monthly: string) =>
      keep(await apiCall(api.playLimitsSave, { payload: { daily_limit: daily.trim(), monthly_limit: monthly.trim() } })),
    pause: async (period: PausePeriod) => keep(await apiCall(api.playPause, { payload: { period } })),
  };
}
