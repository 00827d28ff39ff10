import type { BannerList, CardType, Pack, PackDetail } from '@oripa/contract/catalog';
import type { SiteInfo } from '@oripa/contract/site';
import type { QueryClient } from '@tanstack/react-query';
import { packDetailKey } from '@/lib/pack-detail.ts';

/** The top page's data the server sent inside the page (apps/server/src/http/first-screen.ts). */
interface TopBoot {
  packs: Pack[];
  card_types: CardType[];
  banner: BannerList;
  site_info: SiteInfo;
}

/** The pack page's data (apps/server/src/http/pack-first-screen.ts): the API's answer for this requester. */
interface PackBoot {
  /** The packId of the address as written: the pack page's query key. */
  key: string;
  pack: PackDetail;
}

/** Reads and removes a boot block; undefined when absent or broken (the queries then fetch as usual). */
function takeBoot<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return element.textContent ? (JSON.parse(element.textContent) as T) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Puts the data the server drew the first screen from into the query cache, so the app's page
 * renders the same content at once instead of asking for it again (and showing a spinner).
 */
export function seedBootData(queryClient: QueryClient): void {
  const top = takeBoot<TopBoot>('boot-top');
  if (top) {
    queryClient.setQueryData(['packs', 'list'], top.packs);
    queryClient.setQueryData(['card_types'], top.card_types);
    queryClient.setQueryData(['banner'], top.banner);
    queryClient.setQueryData(['site_info'], top.site_info);
  }
  const pack = takeBoot<PackBoot>('boot-pack');
  if (pack) queryClient.setQueryData(packDetailKey(pack.key), pack.pack);
}
