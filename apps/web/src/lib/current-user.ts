import * as api from '@oripa/contract/api-paths';
import { IS_LOGIN } from '@oripa/contract/constants';
import type { CurrentUser } from '@oripa/contract/user';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { apiCall, isOk } from './api-client.ts';
import { useHydrated } from './hydrated.ts';

/** Query-cache key of the current user; the route guard fills it before every navigation. */
export const CURRENT_USER_KEY = ['current_user'] as const;

/** Balances shown in the header may be this old before a background refresh. */
export const CURRENT_USER_STALE_MS = 30_000;

/**
 * GET /user/point. Returns null when the call failed (network, server error) so callers can
 * tell "visitor" (is_login '0') from "unknown".
 */
export async function fetchCurrentUser(): Promise<CurrentUser | null> {
  const result = await apiCall(api.userPoint);
  if (!isOk(result) || (result.is_login !== IS_LOGIN.visitor && result.is_login !== IS_LOGIN.member)) return null;
  return {
    is_login: result.is_login,
    rank: result.rank ?? '',
    rank_name: result.rank_name ?? '',
    point: result.point ?? 0,
    coin: result.coin ?? '0',
  };
}

async function requireCurrentUser(): Promise<CurrentUser> {
  const user = await fetchCurrentUser();
  if (!user) throw new Error('current user unavailable');
  return user;
}

/** The current-user query (refreshed in the background when stale). */
export function useCurrentUserQuery(): UseQueryResult<CurrentUser> {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: requireCurrentUser,
    staleTime: CURRENT_USER_STALE_MS,
    retry: false,
    // Who is signed in is never part of the shared, server-rendered HTML (decision 032).
    meta: { perVisitor: true },
  });
}

/**
 * The current user, or undefined while unknown. A render that hydrates server HTML sees no user,
 * as the server drew the page for no one (decision 032): a part React hydrates later (the
 * buy bar's or the trust panel's Suspense boundary) may otherwise read a member who signed in meanwhile and
 * draw other HTML than the server's. The member shows in the render right after.
 */
export function useCurrentUser(): CurrentUser | undefined {
  const { data } = useCurrentUserQuery();
  return useHydrated() ? data : undefined;
}

export function isMember(user: CurrentUser | undefined | null): boolean {
  return user?.is_login === IS_LOGIN.member;
}
