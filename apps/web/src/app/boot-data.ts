import type { BannerList, CardType, Pack } from '@oripa/contract/catalog';
import type { SiteInfo } from '@oripa/contract/site';
import type { QueryClient } from '@tanstack/react-query';

/** The top page's data the server sent inside the page (apps/server/src/http/first-screen.ts). */
interface TopBoot {
  packs: Pack[];
  card_types: CardType[];
  banner: BannerList;
  site_info: SiteInfo;
}

/**
 * Puts the data the server drew the first screen from into the query cache, so the app's top
 * page renders the same packs at once instead of asking for them again (and showing a spinner).
 */
export function seedBootData(queryClient: QueryClient): void {
  const element = document.getElementById('boot-top');
  if (!element?.textContent) return;
  try {
    const boot = JSON.parse(element.textContent) as TopBoot;
    queryClient.setQueryData(['packs', 'list'], boot.packs);
    queryClient.setQueryData(['card_types'], boot.card_types);
    queryClient.setQueryData(['banner'], boot.banner);
    queryClient.setQueryData(['site_info'], boot.site_info);
  } catch {
    // A broken block only costs the first requests: the queries fetch as usual.
  }
  element.remove();
}
