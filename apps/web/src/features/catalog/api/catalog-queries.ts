import { BANNER_MODE } from '@oripa/contract/constants';
import * as api from '@oripa/contract/api-paths';
import type { BannerList, CardType, Pack } from '@oripa/contract/catalog';
import type { PageInfo } from '@oripa/contract/wire';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOk } from '@/lib/api-query.ts';
import type { ApiResponse } from '@/lib/api-route.ts';

export type PackPage = ApiResponse<'packAllList'>;

export type PackCardPage = ApiResponse<'packCardList'>;

const EMPTY_PAGE: PageInfo = { page: 1, all_page: 1, pages: [1] };

/** Every published pack, upcoming and sold out included (GET /user/pack/list). */
export function usePackList() {
  return useQuery({
    queryKey: ['packs', 'list'],
    queryFn: async (): Promise<Pack[]> => (await getOk(api.packList)).list ?? [],
  });
}

/** Card types in the operator's order (GET /user/card_type). */
export function useCardTypes() {
  return useQuery({
    queryKey: ['card_types'],
    queryFn: async (): Promise<CardType[]> =>
      (await getOk(api.cardType)).list ?? [],
    staleTime: 10 * 60_000,
  });
}

/** The top page's banner area (GET /user/banner). */
export function useBanner() {
  return useQuery({
    queryKey: ['banner'],
    queryFn: async (): Promise<BannerList> => {
      const result = await getOk(api.banner);
      return { mode: result.mode === BANNER_MODE.video ? BANNER_MODE.video : BANNER_MODE.slider, list: result.list ?? [] };
    },
    staleTime: 5 * 60_000,
  });
}

/** One page of packs of a card type, 0 meaning all (GET /user/pack/all_list/{type}/{page}). */
export function usePackPage(type: number, page: number) {
  return useQuery({
    queryKey: ['packs', 'all_list', type, page],
    queryFn: async (): Promise<PackPage> => {
      const result = await getOk(api.packAllList, { params: { type, page } });
      return { list: result.list ?? [], page: result.page ?? EMPTY_PAGE };
    },
    placeholderData: keepPreviousData,
  });
}

/** One page of a pack's lineup (GET /user/pack/card_list/{packId}/{page}). */
export function usePackCards(packId: number, page: number, enabled: boolean) {
  return useQuery({
    queryKey: ['packs', 'card_list', packId, page],
    queryFn: async (): Promise<PackCardPage> => {
      const result = await getOk(api.packCardList, { params: { packId, page } });
      return { list: result.list ?? [], page: result.page ?? EMPTY_PAGE };
    },
    placeholderData: keepPreviousData,
    enabled,
  });
}
