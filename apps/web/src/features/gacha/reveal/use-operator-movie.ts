import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';

/**
 * The operator's reveal videos (GET /user/reveal_movies), asked once per page load: the reveal
 * plays a video only when it is listed, so absent videos never cost a failing request.
 */
async function fetchOperatorMovies(): Promise<string[]> {
  const result = await apiGet<{ list: string[] }>('/user/reveal_movies');
  return result.state === 200 && Array.isArray(result.list) ? result.list : [];
}

/** The operator's video for a look when one exists (null while unknown, and when absent). */
export function useOperatorMovie(path: string | null): string | null {
  const { data } = useQuery({ queryKey: ['reveal_movies'], queryFn: fetchOperatorMovies, staleTime: Infinity });
  return path && data?.includes(path) ? path : null;
}
