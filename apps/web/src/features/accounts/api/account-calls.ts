import * as api from '@oripa/contract/api-paths';
import type { ApiName } from '@oripa/contract/api-paths';
import type { Pref } from '@oripa/contract/catalog';
import type { FieldErrors } from '@oripa/contract/wire';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiCall, isOk } from '@/lib/api-client.ts';
import { getOk } from '@/lib/api-query.ts';
import type { ApiEntry, ApiPayload, CallArgs } from '@/lib/api-route.ts';
import { CURRENT_USER_KEY } from '@/lib/current-user.ts';
import { useTranslation } from '@/lib/use-translation.ts';
import { forgetUserDetail } from '@/lib/user-detail.ts';

/** What a form submission came back with: success, or the errors to show under the fields. */
export type Submission = { ok: true } | { ok: false; state: number; errors: FieldErrors };

/** POSTs `payload` to the route (through the api client) and sorts the answer. */
export async function submit<N extends ApiName>(route: ApiEntry<N>, payload: ApiPayload<N>): Promise<Submission> {
  const result = await apiCall(route, ...([{ payload }] as unknown as CallArgs<N>));
  return isOk(result) ? { ok: true } : { ok: false, state: result.state, errors: result.errors };
}

/** The 47 prefectures, named in the display language (GET /user/pref_list). */
export function usePrefList() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['pref_list', i18n.language],
    queryFn: async (): Promise<Pref[]> => (await getOk(api.prefList)).list ?? [],
    staleTime: 60 * 60_000,
  });
}

export type ZipcodeLookup =
  { ok: true; prefId: number; city: string } | { ok: false; message: string | undefined };

/**
 * POST /address/zipcode: the prefecture and city (address2 + address3) of a 7-digit code. When
 * a code stands for several towns of one city, only the city is filled: guessing the town
 * would put a wrong address on the parcel.
 */
export async function lookupZipcode(zipcode: string): Promise<ZipcodeLookup> {
  const result = await apiCall(api.addressZipcode, { payload: { zipcode } });
  const entries = result.result ?? [];
  const first = entries[0];
  if (!isOk(result) || !first) return { ok: false, message: result.errors.zipcode?.[0] };
  const sameTown = entries.every(
    (e) => e.prefcode === first.prefcode && e.address2 === first.address2 && e.address3 === first.address3,
  );
  return {
    ok: true,
    prefId: first.prefcode,
    city: sameTown ? first.address2 + first.address3 : first.address2,
  };
}

/**
 * After a login, a registration or a logout the member changed: the header's balances and the
 * member's information must be fetched again.
 */
export async function memberChanged(queryClient: QueryClient): Promise<void> {
  forgetUserDetail(queryClient);
  // A pack's detail says what this member may still buy of a limited pack: ask again.
  void queryClient.invalidateQueries({ queryKey: ['packs'] });
  await queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}
