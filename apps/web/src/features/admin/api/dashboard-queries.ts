import * as api from '@oripa/contract/api-paths';
import { useQuery } from '@tanstack/react-query';
import { adminGetOk } from './admin-client.ts';
import { ADMIN_KEY } from './admin-queries.ts';

export const DASHBOARD_KEY = [...ADMIN_KEY, 'dashboard'] as const;

/** The dashboard's figures; refetched when the window regains focus and every minute. */
export function useDashboard() {
  return useQuery({
    queryKey: DASHBOARD_KEY,
    queryFn: () => adminGetOk(api.adminDashboard),
    refetchInterval: 60_000,
  });
}
