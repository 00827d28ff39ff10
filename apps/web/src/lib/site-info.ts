import * as api from '@oripa/contract/api-paths';
import type { SiteInfo } from '@oripa/contract/site';
import { useQuery } from '@tanstack/react-query';
import { apiCall } from './api-client.ts';

/** The operator's business details and outside links (GET /api/user/site_info), cached. */
export function useSiteInfo(): SiteInfo | undefined {
  const query = useQuery({
    queryKey: ['site_info'],
    queryFn: async () => {
      const result = await apiCall(api.siteInfo);
      if (!result.company || !result.links) throw new Error('site info unavailable');
      return { company: result.company, links: result.links } as SiteInfo;
    },
    staleTime: 60 * 60 * 1000,
  });
  return query.data;
}
