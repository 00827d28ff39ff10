import * as api from '@oripa/contract/api-paths';
import { END_SMS } from '@oripa/contract/constants';
import type { UserDetail } from '@oripa/contract/accounts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { getOk } from './api-query.ts';

/** Query-cache key of the member's own information (GET /user/detail). */
export const USER_DETAIL_KEY = ['user_detail'] as const;

/** GET /user/detail with the fields the screens rely on; throws ApiFailure when refused. */
export async function fetchUserDetail(): Promise<UserDetail> {
  const r = await getOk(api.userDetail);
  return {
    lastName: r.lastName ?? '',
    middleName: r.middleName ?? '',
    firstName: r.firstName ?? '',
    tel: r.tel ?? '',
    mail: r.mail ?? '',
    zipcode: r.zipcode ?? '',
    pref_id: r.pref_id ?? 0,
    pref_name: r.pref_name ?? '',
    country: r.country ?? '',
    shiku: r.shiku ?? '',
    address: r.address ?? '',
    building: r.building ?? '',
    availablePoint: r.availablePoint ?? 0,
    end_sms: r.end_sms === END_SMS.verified ? END_SMS.verified : END_SMS.unverified,
    referral_code: r.referral_code ?? '',
    rank_name: r.rank_name ?? '',
    rank_coin: r.rank_coin ?? '0',
    rank_max_price: r.rank_max_price ?? 0,
    rank_current_price: r.rank_current_price ?? 0,
    is_rank_maintained: r.is_rank_maintained === true,
    next_month_name: r.next_month_name ?? '',
    next_month: r.next_month ?? '',
  };
}

/**
 * The member's information, shared by my page and the member-information screen. Always
 * refetched on entry: balances and the SMS state change elsewhere.
 */
export function useUserDetail() {
  return useQuery({ queryKey: USER_DETAIL_KEY, queryFn: fetchUserDetail, staleTime: 0, retry: false });
}

/** Forgets the member's information (after logout or a login as someone else). */
export function forgetUserDetail(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: USER_DETAIL_KEY });
}

/** The member's full name as they entered it: last, middle and first name. */
export function fullName(detail: Pick<UserDetail, 'lastName' | 'middleName' | 'firstName'>): string {
  return [detail.lastName, detail.middleName, detail.firstName]
    .filter((part) => part.trim() !== '')
    .join(' ');
}
