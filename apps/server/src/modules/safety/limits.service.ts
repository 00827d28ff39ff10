import {
  LIMIT_ACTOR,
  LIMIT_CHANGE_KIND,
  type PauseKind,
  type PausePeriod,
  type PlayLimits,
  type PlayLimitsPayload,
} from '@oripa/contract/play-limits';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { MemberPause } from '../../db/member-pause.ts';
import { AppError } from '../../kernel/errors.ts';
import { pauseRefusal } from '../../kernel/play-pause.ts';
import { formatJst } from '../../lib/time.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { pointSpending } from '../payments/spending.service.ts';
import { capRefusal, jstMonth } from './age-rules.ts';
import { jstDayBounds, limitChange, pauseOf, settled, shorterThanRunning, type LimitState } from './limit-rules.ts';
import * as repo from './limits.repo.ts';

/**
 * The member's own limits (issue 26 point 3, decision 043): daily and monthly spending limits on
 * point purchases, a time-out and self-exclusion. Every change is a history row in the
 * transaction that makes it; an operator's change (a family's request) is audited too.
 */

/** Who asks for a change: the member, or an operator with the family's reason. */
export type LimitsRequester = { member: true } | { member: false; actor: Actor; reason: string };

const dailyOf = (row: repo.MemberLimitsRow | undefined): LimitState => ({
  amount: row?.dailyLimit ?? null,
  pending: row?.dailyPendingFrom ? { amount: row.dailyPending, from: row.dailyPendingFrom } : null,
});
const monthlyOf = (row: repo.MemberLimitsRow | undefined): LimitState => ({
  amount: row?.monthlyLimit ?? null,
  pending: row?.monthlyPendingFrom ? { amount: row.monthlyPending, from: row.monthlyPendingFrom } : null,
});
const pauseIn = (row: repo.MemberLimitsRow | undefined): (MemberPause & { kind: PauseKind }) | null =>
  row?.blockKind && row.blockedUntil ? { kind: row.blockKind as PauseKind, until: row.blockedUntil } : null;

function limitStatus(state: LimitState, spent: number, resetsAt: Date) {
  return {
    limit: state.amount,
    pending: state.pending ? { amount: state.pending.amount, from: state.pending.from.toISOString() } : null,
    spent,
    left: state.amount === null ? null : Math.max(0, state.amount - spent),
    resets_at: resetsAt.toISOString(),
  };
}

/**
 * The member's limits as they apply at `now`, the day's and month's point purchases, a running
 * pause and the history. The family's reasons are the console's (`withReasons`), not the member's.
 */
export async function playLimits(db: DbOrTx, userId: number, now: Date, withReasons = false): Promise<PlayLimits> {
  const row = await repo.findLimits(db, userId);
  const day = jstDayBounds(now);
  const month = jstMonth(now);
  const spentToday = await pointSpending(db, userId, day.start, day.next);
  const spentMonth = await pointSpending(db, userId, month.start, month.next);
  const history = await repo.limitChanges(db, userId);
  const pause = pauseIn(row);
  return {
    daily: limitStatus(settled(dailyOf(row), now), spentToday, day.next),
    monthly: limitStatus(settled(monthlyOf(row), now), spentMonth, month.next),
    pause: pause && pause.until > now ? { kind: pause.kind, until: pause.until.toISOString() } : null,
    history: history.map((h) => ({
      kind: h.kind as PlayLimits['history'][number]['kind'],
      amount: h.amount,
      period: h.period,
      effective_from: h.effectiveFrom.toISOString(),
      until: h.until?.toISOString() ?? null,
      actor: h.actor === LIMIT_ACTOR.operator ? LIMIT_ACTOR.operator : LIMIT_ACTOR.member,
      reason: withReasons ? h.reason : null,
      created_at: h.createdAt.toISOString(),
    })),
  };
}

/** The history row's who: the member, or the operator and the family's reason. */
function authorOf(by: LimitsRequester): Pick<repo.NewLimitChange, 'actor' | 'operatorId' | 'reason'> {
  return by.member
    ? { actor: LIMIT_ACTOR.member, operatorId: null, reason: null }
    : { actor: LIMIT_ACTOR.operator, operatorId: by.actor.operatorId, reason: by.reason };
}

/** Audits an operator's change with the family's reason; a member's change is in the history alone. */
async function auditIfOperator(tx: DbOrTx, by: LimitsRequester, userId: number, action: string, before: unknown, after: Record<string, unknown>) {
  if (by.member) return;
  await recordAudit(tx, by.actor, { action, target: `user:${userId}`, before, after: { ...after, reason: by.reason } });
}

/**
 * Sets the daily and monthly limits (null: none). A lower one applies at once, a higher one or
 * none after LIMIT_RAISE_DELAY_HOURS; an unchanged one is left alone (no history row).
 */
export async function setPlayLimits(db: Db, userId: number, wanted: PlayLimitsPayload, now: Date, by: LimitsRequester): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.lockLimits(tx, userId, now);
    const daily = limitChange(dailyOf(row), wanted.daily_limit, now);
    const monthly = limitChange(monthlyOf(row), wanted.monthly_limit, now);
    if (!daily && !monthly) return;
    const next = { ...row, updatedAt: now };
    const changes: repo.NewLimitChange[] = [];
    const author = authorOf(by);
    if (daily) {
      Object.assign(next, { dailyLimit: daily.next.amount, dailyPending: daily.next.pending?.amount ?? null, dailyPendingFrom: daily.next.pending?.from ?? null });
      changes.push({ userId, kind: LIMIT_CHANGE_KIND.daily, amount: wanted.daily_limit, effectiveFrom: daily.effectiveFrom, createdAt: now, ...author });
    }
    if (monthly) {
      Object.assign(next, { monthlyLimit: monthly.next.amount, monthlyPending: monthly.next.pending?.amount ?? null, monthlyPendingFrom: monthly.next.pending?.from ?? null });
      changes.push({ userId, kind: LIMIT_CHANGE_KIND.monthly, amount: wanted.monthly_limit, effectiveFrom: monthly.effectiveFrom, createdAt: now, ...author });
    }
    await repo.saveLimits(tx, next);
    await repo.insertLimitChanges(tx, changes);
    const before = { daily_limit: settled(dailyOf(row), now).amount, monthly_limit: settled(monthlyOf(row), now).amount };
    const after = Object.fromEntries(changes.map((c) => [c.kind, { amount: c.amount, effective_from: c.effectiveFrom.toISOString() }]));
    await auditIfOperator(tx, by, userId, 'member.play_limits', before, after);
  });
}

/**
 * Starts a time-out or self-exclusion of `period` now. It replaces a running one only when it
 * ends later: nobody lifts or shortens a pause (safety.pause_not_shorter says until when).
 */
export async function setPlayPause(db: Db, userId: number, period: PausePeriod, now: Date, by: LimitsRequester): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await repo.lockLimits(tx, userId, now);
    const running = pauseIn(row);
    const wanted = pauseOf(period, now);
    const runsUntil = shorterThanRunning(running, wanted, now);
    if (runsUntil) throw AppError.field('period', 'safety.pause_not_shorter', { until: formatJst(runsUntil) });
    await repo.saveLimits(tx, { ...row, blockKind: wanted.kind, blockedUntil: wanted.until, updatedAt: now });
    await repo.insertLimitChanges(tx, [
      { userId, kind: wanted.kind, period, effectiveFrom: now, until: wanted.until, createdAt: now, ...authorOf(by) },
    ]);
    const before = running && running.until > now ? { kind: running.kind, until: running.until.toISOString() } : null;
    await auditIfOperator(tx, by, userId, 'member.play_pause', before, { kind: wanted.kind, period, until: wanted.until.toISOString() });
  });
}

/** A running pause refuses the point purchase, naming its end. */
export function assertNotPaused(limits: repo.MemberLimitsRow | undefined, now: Date, extra: Record<string, unknown>): void {
  const refusal = pauseRefusal(pauseIn(limits), now);
  if (refusal) throw AppError.field('payment', refusal.code, refusal.params, extra);
}

/**
 * Inside the payment start, under the member's age-row lock (safety.service.ts): refuses a
 * point purchase of `amount` yen that would pass the member's own daily or monthly limit,
 * counting the Japan-time day's and month's pending and paid purchases. `monthSpent` is the
 * month's sum when the caller has it already.
 */
export async function assertWithinOwnLimits(
  tx: DbOrTx,
  userId: number,
  limits: repo.MemberLimitsRow | undefined,
  amount: number,
  now: Date,
  monthSpent: () => Promise<number>,
  extra: Record<string, unknown>,
): Promise<void> {
  const daily = settled(dailyOf(limits), now).amount;
  if (daily !== null) {
    const day = jstDayBounds(now);
    const refusal = capRefusal(daily, await pointSpending(tx, userId, day.start, day.next), amount);
    if (refusal) throw limitError('safety.daily_limit_reached', daily, refusal.left, day.next, extra);
  }
  const monthly = settled(monthlyOf(limits), now).amount;
  if (monthly !== null) {
    const refusal = capRefusal(monthly, await monthSpent(), amount);
    if (refusal) throw limitError('safety.monthly_limit_reached', monthly, refusal.left, jstMonth(now).next, extra);
  }
}

function limitError(
  code: 'safety.daily_limit_reached' | 'safety.monthly_limit_reached',
  limit: number,
  left: number,
  reset: Date,
  extra: Record<string, unknown>,
): AppError {
  const params = { limit: limit.toLocaleString('en-US'), left: left.toLocaleString('en-US'), reset: formatJst(reset) };
  return AppError.field('payment', code, params, extra);
}
