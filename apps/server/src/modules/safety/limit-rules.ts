import { LIMIT_RAISE_DELAY_HOURS, PAUSE_PERIODS, type PauseKind, type PausePeriod } from '@oripa/contract/play-limits';
import type { MemberPause } from '../../db/member-pause.ts';

/**
 * The rules of the member's own limits (decision 043) without I/O: when a changed limit applies,
 * when a pause ends, whether a new pause may replace the running one, and the Japan-time day.
 */

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A limit as stored: what applies, and a raise (or removal: amount null) waiting for its time. */
export interface LimitState {
  amount: number | null;
  pending: { amount: number | null; from: Date } | null;
}

/** The limit at `now`: a waiting change whose time has come applies. */
export function settled(state: LimitState, now: Date): LimitState {
  if (state.pending && state.pending.from.getTime() <= now.getTime()) return { amount: state.pending.amount, pending: null };
  return state;
}

/** Whether `wanted` is no higher than `current` (null: no limit, the highest of all). */
function notHigher(wanted: number | null, current: number | null): boolean {
  if (current === null) return true;
  return wanted !== null && wanted <= current;
}

/**
 * A member's (or an operator's) new limit: a lower or equal one applies at once and cancels a
 * waiting raise; a higher one or none waits LIMIT_RAISE_DELAY_HOURS from now (a new raise starts
 * the wait again). Null when nothing changes: `wanted` is what was last asked for.
 */
export function limitChange(state: LimitState, wanted: number | null, now: Date): { next: LimitState; effectiveFrom: Date } | null {
  const current = settled(state, now);
  const lastAsked = current.pending ? current.pending.amount : current.amount;
  if (wanted === lastAsked) return null;
  if (notHigher(wanted, current.amount)) return { next: { amount: wanted, pending: null }, effectiveFrom: now };
  const from = new Date(now.getTime() + LIMIT_RAISE_DELAY_HOURS * HOUR_MS);
  return { next: { amount: current.amount, pending: { amount: wanted, from } }, effectiveFrom: from };
}

/** `at` plus whole calendar months in Japan time, the day kept or clamped to the month's last. */
function addJstMonths(at: Date, months: number): Date {
  const local = new Date(at.getTime() + JST_OFFSET_MS);
  const year = local.getUTCFullYear();
  const month = local.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(local.getUTCDate(), lastDay);
  const shifted = Date.UTC(year, month, day, local.getUTCHours(), local.getUTCMinutes(), local.getUTCSeconds(), local.getUTCMilliseconds());
  return new Date(shifted - JST_OFFSET_MS);
}

/** When a pause of `period` started at `now` ends, and its kind. */
export function pauseOf(period: PausePeriod, now: Date): { kind: PauseKind; until: Date } {
  const spec: { kind: PauseKind; hours?: number; months?: number } = PAUSE_PERIODS[period];
  const until = spec.months ? addJstMonths(now, spec.months) : new Date(now.getTime() + (spec.hours ?? 0) * HOUR_MS);
  return { kind: spec.kind, until };
}

/**
 * A new pause replaces the running one only when it ends later (a member can neither lift nor
 * shorten one, and an operator applying a family's request cannot either). Answers the running
 * pause's end when the new one is refused, else null.
 */
export function shorterThanRunning(running: MemberPause | null, wanted: { until: Date }, now: Date): Date | null {
  if (!running || running.until.getTime() <= now.getTime()) return null;
  return wanted.until.getTime() > running.until.getTime() ? null : running.until;
}

/** The start of the Japan-time day of `now` (00:00 JST), and of the next one. */
export function jstDayBounds(now: Date): { start: Date; next: Date } {
  const local = new Date(now.getTime() + JST_OFFSET_MS);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - JST_OFFSET_MS;
  return { start: new Date(start), next: new Date(start + 24 * HOUR_MS) };
}
