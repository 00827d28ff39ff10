import * as api from '@oripa/contract/api-paths';
import type { ActiveCampaign } from '@oripa/contract/campaigns';
import { useQuery } from '@tanstack/react-query';
import { getOk } from './api-query.ts';
import { currentLang } from './i18n.ts';

/**
 * The campaigns running now (GET /user/campaigns, decision 060), for the banners of the top page
 * and /buy-point and the courses' campaign points. Only what is true now is kept: the server
 * lists neither paused nor ended campaigns, and a campaign whose budget is spent, or whose end
 * has passed while the page stayed open, is dropped here. Read again every minute.
 */
export function useActiveCampaigns(): ActiveCampaign[] {
  const lang = currentLang();
  const query = useQuery({
    queryKey: ['campaigns', 'active', lang],
    queryFn: async () => (await getOk(api.activeCampaigns)).campaigns,
    select: (list) => list.filter((c) => c.budget_left && Date.parse(c.ends_at) > Date.now()),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
  return query.data ?? NONE;
}

const NONE: ActiveCampaign[] = [];
