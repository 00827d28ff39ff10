import { BOOT_IDS, type PackBoot, type TopBoot } from '@oripa/contract/first-screen';
import type { QueryClient } from '@tanstack/react-query';
import { packDetailKey } from '@/lib/pack-detail.ts';

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
  const top = takeBoot<TopBoot>(BOOT_IDS.top);
  if (top) {
    queryClient.setQueryData(['packs', 'list'], top.packs);
    queryClient.setQueryData(['card_types'], top.card_types);
    queryClient.setQueryData(['banner'], top.banner);
    queryClient.setQueryData(['site_info'], top.site_info);
  }
  const pack = takeBoot<PackBoot>(BOOT_IDS.pack);
  if (pack) queryClient.setQueryData(packDetailKey(pack.key), pack.pack);
}
