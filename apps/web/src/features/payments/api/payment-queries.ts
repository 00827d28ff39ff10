import { PAY_ID, POINT_BUY_RESULT } from '@oripa/contract/constants';
import type { PaymentOutcome } from '@oripa/contract/payments';
import { STATE } from '@oripa/contract/states';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ApiResult } from '@/lib/api-client.ts';
import { ApiFailure } from '@/lib/api-query.ts';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import {
  getBankInfo,
  getCardResult,
  getCombiniNumber,
  getCourse,
  getCoursePage,
  getPayStyle,
  getPointEnd,
  type BankInfo,
  type CombiniSlip,
  type CoursePage,
  type PayStyle,
} from './payment-calls.ts';

/** Query-cache keys of the payment screens start with this. */
export const PAYMENTS_KEY = 'payments';

async function ok<T extends object>(call: Promise<ApiResult<T>>): Promise<T> {
  const result = await call;
  if (result.state !== STATE.ok) throw new ApiFailure(result.state, result.errors);
  return result as T;
}

/** One page of point courses. */
export function useCoursePage(page: number) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'courses', page],
    queryFn: async (): Promise<CoursePage> => {
      const result = await ok(getCoursePage(page));
      return { list: result.list ?? [], page: result.page };
    },
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/**
 * The course being bought and the methods offered. The detail call comes first: it makes the
 * session remember the course and the pack for the calls that follow (design decision 1).
 */
export function useCourseAndMethods(pointPriceId: number | undefined, packId: number | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'confirm', pointPriceId, packId ?? null],
    queryFn: async (): Promise<PayStyle & { id: string; memo: string }> => {
      const id = pointPriceId as number;
      const course = await ok(getCourse(id, packId));
      const style = await ok(getPayStyle(id));
      return { ...style, methods: style.methods ?? [], id: course.point_price.id, memo: course.point_price.memo };
    },
    enabled: pointPriceId !== undefined,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Card (1) and mobile (8) payments have their own result check (POST /user/gmo_result). */
function hasCardResult(paymentId: string | undefined, payId: string | undefined): paymentId is string {
  return paymentId !== undefined && /^\d+$/.test(paymentId) && (Number(payId) === PAY_ID.card || Number(payId) === PAY_ID.mobile);
}

/**
 * The result of a payment: GET /user/point/end, or for a card or mobile payment back from the
 * provider, its result check. Points may have been credited by this very call, so the header's
 * balance is refreshed when it says success.
 */
export function usePointEnd(paymentId: string | undefined, enabled = true, payId?: string) {
  const queryClient = useQueryClient();
  const cardResult = hasCardResult(paymentId, payId);
  const query = useQuery({
    queryKey: [PAYMENTS_KEY, 'end', paymentId ?? 'latest', cardResult ? payId : 'end'],
    queryFn: async (): Promise<PaymentOutcome> =>
      ok(cardResult ? getCardResult(Number(paymentId), Number(payId)) : getPointEnd(paymentId)),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const credited = query.data?.result === POINT_BUY_RESULT.ok;
  useEffect(() => {
    if (credited) void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
  }, [credited, queryClient]);
  return query;
}

/** The convenience-store slip of a payment. */
export function useCombiniSlip(paymentId: string | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'combini', paymentId ?? 'latest'],
    queryFn: async (): Promise<CombiniSlip> => ok(getCombiniNumber(paymentId)),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** Where to transfer, for a bank-transfer order. */
export function useBankInfo(paymentId: string | undefined) {
  return useQuery({
    queryKey: [PAYMENTS_KEY, 'bank', paymentId ?? 'latest'],
    queryFn: async (): Promise<BankInfo> => ok(getBankInfo(paymentId)),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
