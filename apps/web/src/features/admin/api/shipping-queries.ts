import * as api from '@oripa/contract/api-paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ApiResponse } from '@/lib/api-route.ts';
import { adminGetOk } from './admin-client.ts';
import { ADMIN_KEY } from './admin-queries.ts';

/** The queue's filters as the console keeps them (all strings; '' means not set). */
export interface ShippingFilters {
  state: string;
  from: string;
  to: string;
  pack: string;
  member: string;
}
export const NO_SHIPPING_FILTERS: ShippingFilters = { state: '', from: '', to: '', pack: '', member: '' };

export const SHIPPING_KEY = [...ADMIN_KEY, 'shipping'] as const;

/** The query string of filters (and selected ids, which narrow any call to those rows). */
export function shippingQueryString(filters: Partial<ShippingFilters>, ids: readonly number[] = []): string {
  const query = new URLSearchParams(Object.entries(filters).filter(([, v]) => v !== '' && v !== undefined) as [string, string][]);
  if (ids.length > 0) query.set('ids', ids.join(','));
  return query.toString();
}

export function useShippingQueue(filters: ShippingFilters) {
  return useQuery({
    queryKey: [...SHIPPING_KEY, 'list', filters],
    queryFn: () => adminGetOk(api.adminShipping, { search: shippingQueryString(filters) }),
    placeholderData: keepPreviousData,
  });
}

export type PickLine = ApiResponse<'adminShippingPicklist'>['lines'][number];

export function usePickList(query: string) {
  return useQuery({
    queryKey: [...SHIPPING_KEY, 'picklist', query],
    queryFn: () => adminGetOk(api.adminShippingPicklist, { search: query }),
  });
}

export function useShippingRequests(query: string) {
  return useQuery({
    queryKey: [...SHIPPING_KEY, 'print', query],
    queryFn: () => adminGetOk(api.adminShipping, { search: query }),
  });
}

/** A file's bytes as base64, for the JSON payload of the import. */
export async function fileToBase64(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Saves base64 bytes as a download (the carrier's CSV keeps its Shift_JIS bytes untouched). */
export function downloadBase64(filename: string, base64: string, type: string): void {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
