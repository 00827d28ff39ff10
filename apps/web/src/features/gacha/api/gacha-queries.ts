import * as api from '@oripa/contract/api-paths';
import { DECISION_RESULT } from '@oripa/contract/constants';
import type { DecisionPayload, PurchaseResult } from '@oripa/contract/gacha';
import { STATE } from '@oripa/contract/states';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall, firstError } from '@/lib/api-client.ts';
import { getOk } from '@/lib/api-query.ts';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';

/** Which purchase a result call means: one of the member's, or the session's latest (undefined). */
export type PurchaseRef = number | undefined;

async function fetchResult(call: 'gache_result' | 'buy_result', ref: PurchaseRef): Promise<PurchaseResult> {
  const result = await getOk(call === 'gache_result' ? api.packGacheResult : api.packBuyResult, { query: { pack_history_id: ref } });
  return { ...result, cards: result.cards ?? [] };
}

/** Every card of a purchase, for the reveal (GET /user/pack/gache_result). */
export function useGachaResult(ref: PurchaseRef, enabled = true) {
  return useQuery({
    queryKey: ['gacha', 'gache_result', ref ?? 'latest'],
    queryFn: () => fetchResult('gache_result', ref),
    staleTime: 5 * 60_000,
    enabled,
  });
}

/**
 * The cards still waiting for a decision (all cards of a coin purchase), for the card choice
 * and the thank-you page (GET /user/pack/buy_result). Always fresh: a decision changes it.
 */
export function useBuyResult(ref: PurchaseRef) {
  return useQuery({
    queryKey: ['gacha', 'buy_result', ref ?? 'latest'],
    queryFn: () => fetchResult('buy_result', ref),
    staleTime: 0,
  });
}

export type DecisionOutcome =
  | { kind: 'done'; sendCount: number; reductionCount: number; reductionPoint: number; already: boolean }
  | { kind: 'login' }
  | { kind: 'failed'; message: string | undefined };

function decisionError(errors: FieldErrors): string | undefined {
  const field = errors.card ? 'card' : Object.keys(errors).find((key) => key !== 'network');
  return field ? firstError(errors, field) : undefined;
}

/**
 * POST /user/pack/decision. 200 / '1' (decided) and 204 / '-1' (decided before) both lead to the
 * thank-you page (spec section 4, "Card choice"); anything else is refused under errors.card.
 */
export async function postDecision(payload: DecisionPayload): Promise<DecisionOutcome> {
  const result = await apiCall(api.packDecision, { payload });
  const decided = result.state === STATE.ok && result.result === DECISION_RESULT.ok;
  const already = result.state === STATE.noContent && result.result === DECISION_RESULT.alreadyDecided;
  if (decided || already) {
    return {
      kind: 'done',
      sendCount: result.send_count ?? 0,
      reductionCount: result.reduction_count ?? 0,
      reductionPoint: result.reduction_point ?? 0,
      already,
    };
  }
  if (result.state === STATE.loginRequired) return { kind: 'login' };
  return { kind: 'failed', message: decisionError(result.errors) };
}

/**
 * After a decision the balances, the purchase results and the histories are out of date. The
 * results are only marked stale: refetched now, the decided purchase would have no cards left
 * and the screen still showing it would leave for the top page instead of the thank-you page.
 */
export async function refreshAfterDecision(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY }),
    queryClient.invalidateQueries({ queryKey: ['gacha'], refetchType: 'none' }),
    queryClient.invalidateQueries({ queryKey: ['history'], refetchType: 'none' }),
  ]);
}

