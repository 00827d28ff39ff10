import * as api from '@oripa/contract/api-paths';
import type { PackTrust } from '@oripa/contract/trust';
import { useQuery } from '@tanstack/react-query';
import { getOk } from './api-query.ts';

/**
 * A lot's commitment and live odds (GET /user/pack/trust/{packId}): the pack page's trust panel,
 * lineup and showcase, and the demo draw (features/gacha/demo). Under the 'packs' key, so what
 * refreshes the packs after a purchase refreshes it too; refetched every time a screen shows it
 * (counts move with every purchase).
 *
 * `follower`: a part of the pack page that shows the data without fetching it anew when it
 * mounts; the trust panel does that once it is on the page. On a server-rendered pack page the
 * panel hydrates later than the page (its own chunk): had the lineup refetched at hydration, the
 * panel would hydrate with newer counts or a just-revealed seed than the server's HTML holds, a
 * hydration mismatch. For the same reason the refresh of the packs after hydration leaves this
 * query out (app/providers.tsx).
 */
export function usePackTrust(packId: number, { follower = false }: { follower?: boolean } = {}) {
  return useQuery({
    queryKey: ['packs', 'trust', packId],
    queryFn: async (): Promise<PackTrust> => getOk(api.packTrust, { params: { packId } }),
    staleTime: 0,
    refetchOnMount: !follower,
    refetchInterval: 30_000,
  });
}
