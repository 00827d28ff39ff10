import * as api from '@oripa/contract/api-paths';
import { ADULT_AGE, type AgeStatus } from '@oripa/contract/play-safety';
import { useQuery } from '@tanstack/react-query';
import { apiCall, type ApiResult } from './api-client.ts';
import { getOk } from './api-query.ts';
import { JAPAN_OFFSET_MS } from './dates.ts';

/**
 * The member's age and this month's cap (decision 037), shared by the point purchase (which
 * asks for the birth date first), my page and registration.
 */

/** Query-cache key of GET /user/play_safety. */
export const PLAY_SAFETY_KEY = ['play_safety'] as const;

export function usePlaySafety(enabled = true) {
  return useQuery({
    queryKey: PLAY_SAFETY_KEY,
    queryFn: async (): Promise<AgeStatus> =>
      (await getOk(api.playSafety)).play_safety,
    enabled,
    staleTime: 0,
  });
}

/** POST /user/birth_date: recorded once; a minor sends the guardian's consent ('1'). */
export function postBirthDate(birthDate: string, consent: boolean): Promise<ApiResult> {
  return apiCall(api.birthDate, { payload: { birth_date: birthDate, guardian_consent: consent ? '1' : '0' } });
}

/**
 * Whether a typed birth date (YYYY-MM-DD) makes the member under 18 today in Japan time, to show
 * the consent question as soon as it applies; the server decides again on its own clock.
 */
export function isMinorBirthDate(birthDate: string, now = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return false;
  const japan = new Date(now.getTime() + JAPAN_OFFSET_MS);
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const beforeBirthday =
    japan.getUTCMonth() + 1 < mo || (japan.getUTCMonth() + 1 === mo && japan.getUTCDate() < d);
  const age = japan.getUTCFullYear() - y - (beforeBirthday ? 1 : 0);
  return age >= 0 && age < ADULT_AGE;
}
