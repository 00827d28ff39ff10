import type { BannerList, CardType, Pack, PackDetail } from './catalog.ts';
import type { SiteInfo } from './site.ts';

/** The pages whose first screen the server draws (decision 015), by their path. */
export const DRAWN_PATHS = { top: '/', pack: '/pack-detail' } as const;

/**
 * The data the server draws those pages from goes into the page as JSON, under these element
 * ids, and the app seeds its query cache with it.
 */
export const BOOT_IDS = { top: 'boot-top', pack: 'boot-pack' } as const;

/** The top page's boot data: the answers of the calls the page makes. */
export interface TopBoot {
  packs: Pack[];
  card_types: CardType[];
  banner: BannerList;
  site_info: SiteInfo;
}

/** The pack page's boot data: the detail API's answer for this requester. */
export interface PackBoot {
  /** The packId of the address as written: the app's query key (lib/pack-detail.ts). */
  key: string;
  pack: PackDetail;
  /** Whether the requester is signed in (the login note and what the purchase panel offers). */
  member: boolean;
}

/** Packs on sale the server draws on the top page's first screen; the app's take-over renders as many first. */
export const FIRST_TILES = 8;
