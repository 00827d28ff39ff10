import { z } from 'zod';
import { idField, textField } from './fields.ts';

/**
 * The member's own limits (issue 26 point 3, decision 043): daily and monthly spending limits on
 * point purchases (a lower one applies at once, a higher or removed one after a cooling-off), a
 * time-out and self-exclusion that stop point and pack purchases until they end; the member
 * cannot lift or shorten them. An operator applies a family's request with a reason.
 */

/** Hours a raised (or removed) limit waits before it applies. */
export const LIMIT_RAISE_DELAY_HOURS = 24;
/** The largest limit a member can set (yen a day or a month). */
export const SPENDING_LIMIT_MAX = 10_000_000;

/** A pause of purchases: a time-out (short) or self-exclusion (long). */
export const PAUSE_KIND = { timeout: 'timeout', exclusion: 'exclusion' } as const;
export type PauseKind = (typeof PAUSE_KIND)[keyof typeof PAUSE_KIND];

/** The periods offered, each with its kind; hours or calendar months (Japan time). */
export const PAUSE_PERIODS = {
  '24h': { kind: PAUSE_KIND.timeout, hours: 24 },
  '7d': { kind: PAUSE_KIND.timeout, hours: 7 * 24 },
  '30d': { kind: PAUSE_KIND.timeout, hours: 30 * 24 },
  '6m': { kind: PAUSE_KIND.exclusion, months: 6 },
  '1y': { kind: PAUSE_KIND.exclusion, months: 12 },
  '5y': { kind: PAUSE_KIND.exclusion, months: 60 },
} as const satisfies Record<string, { kind: PauseKind; hours?: number; months?: number }>;
export type PausePeriod = keyof typeof PAUSE_PERIODS;
export const PAUSE_PERIOD_NAMES = Object.keys(PAUSE_PERIODS) as PausePeriod[];

/** What a history row records. */
export const LIMIT_CHANGE_KIND = {
  daily: 'daily_limit',
  monthly: 'monthly_limit',
  timeout: PAUSE_KIND.timeout,
  exclusion: PAUSE_KIND.exclusion,
} as const;
export type LimitChangeKind = (typeof LIMIT_CHANGE_KIND)[keyof typeof LIMIT_CHANGE_KIND];

/** Who asked for a change: the member, or an operator on a family's request. */
export const LIMIT_ACTOR = { member: 'member', operator: 'operator' } as const;

/** A limit as a form sends it: '' (no limit) or whole yen from 0 to SPENDING_LIMIT_MAX. */
function limitAmountField() {
  return z.union([z.number(), z.string()], { error: 'safety.limit_range' }).transform((value, ctx): number | null => {
    if (value === '') return null;
    const n = typeof value === 'number' ? value : /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(n) || n < 0 || n > SPENDING_LIMIT_MAX) {
      ctx.addIssue({ code: 'custom', message: 'safety.limit_range' });
      return z.NEVER;
    }
    return n;
  });
}

const periodField = z.enum(PAUSE_PERIOD_NAMES as [PausePeriod, ...PausePeriod[]], { error: 'safety.pause_period' });

/** POST /user/play_limits: both limits as the member wants them; an unchanged one is left alone. */
export const playLimitsPayload = z.object({ daily_limit: limitAmountField(), monthly_limit: limitAmountField() });
export type PlayLimitsPayload = z.output<typeof playLimitsPayload>;

/** POST /user/play_pause: a time-out or self-exclusion from now. */
export const playPausePayload = z.object({ period: periodField });
export type PlayPausePayload = z.output<typeof playPausePayload>;

const required = 'common.required';
const reasonField = textField({ error: required, printable: true }).trim().min(1, required).max(500, 'common.too_long');

/** The console applies a family's request: the same limits, a member and a reason (audited). */
export const adminPlayLimitsPayload = playLimitsPayload.extend({ user_id: idField(), reason: reasonField });
export const adminPlayPausePayload = playPausePayload.extend({ user_id: idField(), reason: reasonField });

/** One limit as it stands: what applies now, a raise waiting, the spending it counts. */
const limitStatusSchema = z.object({
  /** Yen that apply now, or null: no limit. */
  limit: z.number().int().nullable(),
  /** A raise (or removal: amount null) waiting for its time (ISO). */
  pending: z.object({ amount: z.number().int().nullable(), from: z.string() }).nullable(),
  /** Yen of point purchases started in this day or month (Japan time), pending or paid. */
  spent: z.number().int(),
  /** Yen left under the limit, or null: no limit. */
  left: z.number().int().nullable(),
  /** When the day or month starts again (ISO). */
  resets_at: z.string(),
});

export const limitChangeSchema = z.object({
  kind: z.enum(Object.values(LIMIT_CHANGE_KIND) as [LimitChangeKind, ...LimitChangeKind[]]),
  /** A limit's new amount; null: removed (or a pause). */
  amount: z.number().int().nullable(),
  period: z.string().nullable(),
  effective_from: z.string(),
  /** A pause's end. */
  until: z.string().nullable(),
  actor: z.enum([LIMIT_ACTOR.member, LIMIT_ACTOR.operator]),
  /** The family's request as the operator recorded it (the console only; null for the member). */
  reason: z.string().nullable(),
  created_at: z.string(),
});
export type LimitChange = z.infer<typeof limitChangeSchema>;

/** GET /user/play_limits and the console's member page. */
export const playLimitsSchema = z.object({
  daily: limitStatusSchema,
  monthly: limitStatusSchema,
  /** A time-out or self-exclusion still running, or null. */
  pause: z.object({ kind: z.enum([PAUSE_KIND.timeout, PAUSE_KIND.exclusion]), until: z.string() }).nullable(),
  /** Every change, newest first. */
  history: z.array(limitChangeSchema),
});
export type PlayLimits = z.infer<typeof playLimitsSchema>;
export const playLimitsResponse = z.object({ play_limits: playLimitsSchema });
