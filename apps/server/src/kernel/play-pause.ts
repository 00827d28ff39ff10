import { PAUSE_KIND } from '@oripa/contract/play-limits';
import { SMS_HOLD, type MemberPause } from '../db/member-pause.ts';
import { formatJst } from '../lib/time.ts';
import type { FieldError } from './errors.ts';

/**
 * The one rule of a time-out or self-exclusion (decision 043): a member whose pause ends after
 * `now` buys neither points nor packs; the refusal says until when (Japan time). Shared by the
 * point purchase (safety) and the pack purchase (gacha, below safety in the layers). The SMS hold
 * of a member who signed up through LINE (db/member-pause.ts) refuses both the same way.
 */
export function pauseRefusal(pause: MemberPause | null, now: Date): FieldError | null {
  if (!pause || pause.until.getTime() <= now.getTime()) return null;
  // A member who signed up through LINE and has no SMS-verified phone yet (decision 057).
  if (pause.kind === SMS_HOLD) return { code: 'accounts.sms_required' };
  return {
    code: pause.kind === PAUSE_KIND.exclusion ? 'safety.paused_exclusion' : 'safety.paused_timeout',
    params: { until: formatJst(pause.until) },
  };
}
