import { STATE } from '@oripa/contract/states';
import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from '@/lib/api-client.ts';

/**
 * The operator's reveal videos (GET /user/reveal_movies), asked once per page load: the reveal
 * plays a video only when it is listed, so absent videos never cost a failing request.
 */
async function fetchOperatorMovies(): Promise<string[]> {
  const result = await apiCall(api.revealMovies);
  return result.state === STATE.ok && Array.isArray(result.list) ? result.list : [];
}

/**
 * The first of the candidate paths (in order of preference) that the operator has put up; null
 * while the list is unknown, and when none is listed.
 */
export function useOperatorMovie(paths: readonly string[]): string | null {
  const { data } = useQuery({ queryKey: ['reveal_movies'], queryFn: fetchOperatorMovies, staleTime: Infinity });
  if (!data) return null;
  return paths.find((path) => data.includes(path)) ?? null;
}
