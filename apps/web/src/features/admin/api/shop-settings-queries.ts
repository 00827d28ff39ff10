import * as api from '@oripa/contract/api-paths';
import type { ApiName } from '@oripa/contract/api-paths';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { ApiEntry, ApiResponse, FormPayload } from '@/lib/api-route.ts';
import { adminGetOk, adminSend, adminUpload, type AdminResult } from './admin-client.ts';
import { ADMIN_KEY } from './admin-queries.ts';

/** Query keys of the shop settings; a write refreshes its list. */
const SETTINGS_KEY = [...ADMIN_KEY, 'shop-settings'] as const;
type Area = 'courses' | 'banners' | 'exchange-cards' | 'ranks' | 'reveal-videos';

export function useCourses() {
  return useQuery({ queryKey: [...SETTINGS_KEY, 'courses'], queryFn: () => adminGetOk(api.adminCourses).then((r) => r.courses) });
}

export function useBanners() {
  return useQuery({ queryKey: [...SETTINGS_KEY, 'banners'], queryFn: () => adminGetOk(api.adminBanners) });
}

export function useExchangeCards() {
  return useQuery({ queryKey: [...SETTINGS_KEY, 'exchange-cards'], queryFn: () => adminGetOk(api.adminExchangeCards).then((r) => r.cards) });
}

export function useRanks() {
  return useQuery({ queryKey: [...SETTINGS_KEY, 'ranks'], queryFn: () => adminGetOk(api.adminRanks).then((r) => r.ranks) });
}

export function useRevealVideos() {
  return useQuery({ queryKey: [...SETTINGS_KEY, 'reveal-videos'], queryFn: () => adminGetOk(api.adminRevealVideos).then((r) => r.videos) });
}

/**
 * The writes of one settings area: one at a time (busy), the server's field errors kept for the
 * form, the area's list refreshed after each. `write` answers the result on success only.
 */
export function useSettingsWrite(area: Area) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const write = useCallback(
    async <N extends ApiName,>(route: ApiEntry<N>, payload: FormPayload<N>, file?: Blob): Promise<AdminResult<ApiResponse<N>> | undefined> => {
      setBusy(true);
      const result = file ? await adminUpload(route, file, payload) : await adminSend(route, payload);
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [...SETTINGS_KEY, area] });
      setErrors(result.state === STATE.ok ? {} : result.errors);
      return result.state === STATE.ok ? result : undefined;
    },
    [queryClient, area],
  );
  return { errors, busy, write, setErrors };
}
