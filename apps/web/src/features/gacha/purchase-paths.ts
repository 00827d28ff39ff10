import { useSearchParams } from 'react-router';
import type { PurchaseRef } from './api/gacha-queries.ts';

/** Query name of the purchase a result screen is about (history rows link with it). */
export const PACK_HISTORY_PARAM = 'packHistoryId';

/** A purchase screen about one purchase: '/get-card-list?packHistoryId=12'. */
export function purchaseScreenPath(path: string, packHistoryId: number | undefined, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (packHistoryId !== undefined) params.set(PACK_HISTORY_PARAM, String(packHistoryId));
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/** The purchase named in the query, or undefined for the session's latest. */
export function parsePurchaseRef(value: string | null): PurchaseRef {
  if (value === null || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  return Number(value);
}

export function usePurchaseRef(): PurchaseRef {
  const [params] = useSearchParams();
  return parsePurchaseRef(params.get(PACK_HISTORY_PARAM));
}
