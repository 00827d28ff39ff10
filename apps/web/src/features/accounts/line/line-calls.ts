import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';

/** Where the LINE buttons send the browser: the server redirects on to LINE (decision 057). */
export const LINE_START = { login: '/api/line/start?mode=login', link: '/api/line/start?mode=link' } as const;

export const LINE_SETTINGS_KEY = ['line', 'settings'] as const;
export const LINE_ACCOUNT_KEY = ['line', 'account'] as const;

/** GET /line/settings: whether the shop offers LINE Login, and a pending sign-in of a LINE user new to the shop. */
export function useLineSettings() {
  return useQuery({ queryKey: LINE_SETTINGS_KEY, queryFn: () => getOk(api.lineSettings), staleTime: 0 });
}

/** GET /line/account: the member's LINE link. */
export function useLineAccount() {
  return useQuery({ queryKey: LINE_ACCOUNT_KEY, queryFn: () => getOk(api.lineAccount), staleTime: 0 });
}
