import type { CardTypeAdmin, PackAdmin, PackAdminRow, PackState } from '@oripa/contract/admin-catalog';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminGetOk } from './admin-client.ts';
import { ADMIN_KEY } from './admin-queries.ts';

/** The console catalogue's reads (card types, the packs table, one pack). */
export const CATALOG_KEY = [...ADMIN_KEY, 'catalog'] as const;

export function useCardTypes() {
  return useQuery({
    queryKey: [...CATALOG_KEY, 'card_types'],
    queryFn: () => adminGetOk<{ card_types: CardTypeAdmin[] }>('/admin/card_types').then((r) => r.card_types),
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
  const query = new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '').map(([k, v]) => [k, String(v)]));
  return useQuery({
    queryKey: [...CATALOG_KEY, 'packs', params],
    queryFn: () => adminGetOk<{ packs: PackAdminRow[]; total: number; page: number; per: number }>(`/admin/packs?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

export const packKey = (id: number) => [...CATALOG_KEY, 'pack', id] as const;

export function usePack(id: number | null) {
  return useQuery({
    queryKey: packKey(id ?? 0),
    queryFn: () => adminGetOk<{ pack: PackAdmin }>(`/admin/packs/${id}`).then((r) => r.pack),
    enabled: id !== null,
  });
}
