import * as api from '@oripa/contract/api-paths';
import type { PackState } from '@oripa/contract/admin-catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminGetOk } from './admin-client.ts';
import { ADMIN_KEY } from './admin-queries.ts';

/** The console catalogue's reads (card types, the packs table, one pack). */
export const CATALOG_KEY = [...ADMIN_KEY, 'catalog'] as const;

export function useCardTypes() {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'card_types'],
    queryFn: () => adminGetOk(api.adminCardTypes).then((r) => r.card_types),
  });
}

export interface PackParams {
  page: number;
  per: number;
  sort: string;
  dir: 'asc' | 'desc';
  q: string;
  card_type: string;
  state: '' | PackState;
}

export function usePacks(params: PackParams) {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'packs', params],
    queryFn: () => adminGetOk(api.adminPacks, { query: params }),
    placeholderData: keepPreviousData,
  });
}

export const packKey = (id: number) => [...CATALOG_KEY, 'pack', id] as const;

export function usePack(id: number | null) {
  return useQuery({
    queryKey: packKey(id ?? 0),
    queryFn: () => adminGetOk(api.adminPacksById, { params: { id: String(id) } }).then((r) => r.pack),
    enabled: id !== null,
  });
}
