import * as api from '@oripa/contract/api-paths';
import { PURCHASE_RESULT } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import type { QueryClient } from '@tanstack/react-query';
import { apiCall, firstError, type ApiResult } from './api-client.ts';
import { CURRENT_USER_KEY } from './current-user.ts';

/**
 * The pack purchase calls (spec section 4, "Pack purchase"), shared by the pack detail's modals
 * and /confirm-buy-product: a check of the count, then the buy of what the check approved.
 * Both send pack_id so a second tab cannot buy the wrong pack (design decision 1).
 */

export type PurchaseRefusal =
  /** A visitor (state 401): the purchase needs a login first. */
  | { kind: 'login' }
  /** Not enough points (point pack) or coins (coin pack). */
  | { kind: 'insufficient'; message: string | undefined }
  /** Any other refusal of the count, or no answer at all. */
  | { kind: 'refused'; message: string | undefined };

export type CheckOutcome =
  | { kind: 'ok'; cost: number; balance: string; balanceAfter: string }
  | PurchaseRefusal;

export type BuyOutcome = { kind: 'ok'; packHistoryId: number } | PurchaseRefusal;

/** The message to show for a refusal: the count error first, else the first error of any field. */
function refusalMessage(errors: FieldErrors): string | undefined {
  const count = firstError(errors, 'count');
  if (count) return count;
  const field = Object.keys(errors).find((key) => key !== 'network');
  return field ? firstError(errors, field) : undefined;
}

function refusal(result: ApiResult<{ result: string }>): PurchaseRefusal {
  if (result.state === STATE.loginRequired) return { kind: 'login' };
  const message = refusalMessage(result.errors);
  return result.result === PURCHASE_RESULT.insufficient ? { kind: 'insufficient', message } : { kind: 'refused', message };
}

/** POST /user/pack/check {count, pack_id}. */
export async function checkPackPurchase(packId: number, count: number): Promise<CheckOutcome> {
  const result = await apiCall(api.packCheck, { payload: { count, pack_id: packId } });
  if (result.state === STATE.ok && result.result === PURCHASE_RESULT.ok) {
    return {
      kind: 'ok',
      cost: result.cost ?? 0,
      balance: result.balance ?? '0',
      balanceAfter: result.balance_after ?? '0',
    };
  }
  return refusal(result);
}

/** POST /user/pack/buy {pack_id, count}: must follow a successful check of the same pack and count. */
export async function buyPacks(packId: number, count: number): Promise<BuyOutcome> {
  const result = await apiCall(api.packBuy, { payload: { pack_id: packId, count } });
  if (result.state === STATE.ok && result.result === PURCHASE_RESULT.ok && typeof result.pack_history_id === 'number') {
    return { kind: 'ok', packHistoryId: result.pack_history_id };
  }
  return refusal(result);
}

/** After a purchase the header balances and the pack's remaining count are out of date. */
export async function refreshAfterPurchase(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: ['packs'] }),
  ]);
}

/**
 * Navigation state of /gacha-animation telling it that the member has just bought: only then is
 * the reveal played (spec section 2); any other arrival goes straight to the card list.
 */
export interface RevealArrival {
  from: 'purchase';
  packHistoryId: number;
}

export function revealArrival(packHistoryId: number): RevealArrival {
  return { from: 'purchase', packHistoryId };
}

export function isRevealArrival(state: unknown): state is RevealArrival {
  if (typeof state !== 'object' || state === null) return false;
  const candidate = state as Partial<RevealArrival>;
  return candidate.from === 'purchase' && typeof candidate.packHistoryId === 'number';
}

/** The pack's detail page, optionally with a count error for it to show under the select. */
export function packDetailPath(packId: number | string, errorMessageCount?: string): string {
  const params = new URLSearchParams({ packId: String(packId) });
  if (errorMessageCount) params.set('errorMessageCount', errorMessageCount);
  return `/pack-detail?${params.toString()}`;
}

/** /buy-point keeping the pack, so the member can come back to it after topping up. */
export function buyPointPath(packId: number | string): string {
  return `/buy-point?${new URLSearchParams({ packId: String(packId) }).toString()}`;
}
