import * as api from '@oripa/contract/api-paths';
import type { PackDetail } from '@oripa/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { getOk } from './api-query.ts';

/** Query-cache key of one pack's detail: one entry per pack, whichever screen asks. */
export function packDetailKey(packId: string | number) {
  return ['packs', 'detail', String(packId)] as const;
}

/**
 * A pack with its description (GET /user/pack/detail/{packId}); ApiFailure with state 404 when
 * unknown. The one query of the pack page, the purchase screens and the payment screens' way
 * back to the pack; it waits while packId is null or undefined.
 */
export function usePackDetail(packId: string | number | null | undefined) {
  return useQuery({
    queryKey: packDetailKey(packId ?? ''),
    queryFn: async (): Promise<PackDetail> => {
      const result = await getOk(api.packDetail, { params: { packId: String(packId) } });
      if (!result.pack) throw new Error('pack missing from the response');
      return result.pack;
    },
    staleTime: 15_000,
    enabled: packId !== undefined && packId !== null,
  });
}
