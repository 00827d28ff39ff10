import { IS_LOGIN } from '@oripa/contract/constants';
import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { CurrentUser } from '@oripa/contract/user';
import { CURRENT_USER_KEY, fetchCurrentUser } from '@/lib/current-user.ts';

/** The current user; fails when the call did, so the cache keeps what it had. */
async function currentUserOrThrow(): Promise<CurrentUser> {
  const user = await fetchCurrentUser();
  if (!user) throw new Error('current user unavailable');
  return user;
}

/** Who may open a route: anyone, or logged-in members only (spec section 2). */
export type Access = 'public' | 'member';

/** Runs after the guard let the navigation through; may redirect (e.g. /buy-product). */
export type AfterGuard = (url: URL) => Response | null;

/** The login screen, keeping the pack the member was looking at so login can return to it. */
export function loginPath(url: URL): string {
  const packId = url.searchParams.get('packId');
  return packId ? `/login?${new URLSearchParams({ packId }).toString()}` : '/login';
}

/**
 * The route guard (spec section 2): fetches the current user before the navigation (the api
 * client stores the csrf token of the response) and puts it in the query cache for the header.
 * Member routes go to /login unless is_login is '1', also when the fetch failed; public routes
 * proceed whatever happened.
 */
export async function guardNavigation(
  queryClient: QueryClient,
  access: Access,
  url: URL,
): Promise<Response | null> {
  // Through the query cache, so the header's query mounting meanwhile (the root layout renders
  // while this loader runs) joins this request instead of sending a second /api/user/point.
  const user = await queryClient
    .fetchQuery({ queryKey: CURRENT_USER_KEY, queryFn: currentUserOrThrow, staleTime: 0, retry: false })
    .catch(() => null);
  if (access === 'member' && user?.is_login !== IS_LOGIN.member) return redirect(loginPath(url));
  return null;
}

/** A route loader that guards the navigation, then runs `after` when it was let through. */
export function guardLoader(queryClient: QueryClient, access: Access, after?: AfterGuard) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    const url = new URL(request.url);
    const blocked = await guardNavigation(queryClient, access, url);
    if (blocked) return blocked;
    return after ? after(url) : null;
  };
}

/** The guard as the server renders a public page: no user to ask about, only `after`'s redirect. */
export function serverGuard(after?: AfterGuard) {
  return ({ request }: LoaderFunctionArgs): Response | null => (after ? after(new URL(request.url)) : null);
}

/** /buy-product only forwards to the pack's detail page (spec section 2). */
export const forwardBuyProduct: AfterGuard = (url) => {
  const packId = url.searchParams.get('packId');
  return redirect(packId ? `/pack-detail?${new URLSearchParams({ packId }).toString()}` : '/');
};

/** /pack-detail without a pack id has nothing to show: back to the top page. */
export const requirePackId: AfterGuard = (url) => (url.searchParams.get('packId') ? null : redirect('/'));
