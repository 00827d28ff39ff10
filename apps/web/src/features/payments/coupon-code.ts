import * as api from '@oripa/contract/api-paths';
import type { CheckCouponResult } from '@oripa/contract/coupons';
import { STATE } from '@oripa/contract/states';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { apiCall } from '@/lib/api-client.ts';

/**
 * The discount code a member applied on /buy-point (decision 061). It is kept for the tab
 * (sessionStorage) so it travels with the member from the course list to the confirmation and
 * through every method's purchase (and a provider's round trip), and it goes with each
 * POST /user/point/buy as `coupon_code`; the server decides the discount again there.
 */
const KEY = 'oripa.couponCode';
const listeners = new Set<() => void>();

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function appliedCouponCode(): string {
  return storage()?.getItem(KEY) ?? '';
}

export function setAppliedCouponCode(code: string): void {
  const store = storage();
  if (code) store?.setItem(KEY, code);
  else store?.removeItem(KEY);
  for (const listener of listeners) listener();
}

/** The applied code, re-rendering when it changes. */
export function useAppliedCouponCode(): string {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    appliedCouponCode,
    () => '',
  );
}

export type CouponCheck = CheckCouponResult;

/** Asks the server what `code` takes off the courses (POST /user/coupon/check): the answer, or the refusal's text. */
export async function checkCoupon(code: string, pointPriceId: number | undefined): Promise<{ quote: CouponCheck } | { error: string }> {
  const payload: { code: string; point_price_id?: number } = { code };
  if (pointPriceId !== undefined) payload.point_price_id = pointPriceId;
  const result = await apiCall(api.checkCoupon, { payload });
  if (result.state === STATE.ok && result.pay !== undefined) return { quote: result as CouponCheck };
  const errors = result.errors ?? {};
  return { error: errors.code?.[0] ?? Object.values(errors)[0]?.[0] ?? '' };
}

/** The applied code's discount on a course (the confirmation screen), or undefined without a code. */
export function useCouponQuote(pointPriceId: number | undefined) {
  const code = useAppliedCouponCode();
  return useQuery({
    queryKey: ['payments', 'coupon', code, pointPriceId],
    enabled: code !== '' && pointPriceId !== undefined,
    queryFn: () => checkCoupon(code, pointPriceId),
    staleTime: 60_000,
  });
}
