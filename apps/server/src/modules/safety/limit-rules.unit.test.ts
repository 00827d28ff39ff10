import { describe, expect, it } from 'vitest';
import { jstDayBounds, limitChange, pauseOf, settled, shorterThanRunning } from './limit-rules.ts';

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('limit rules (decision 043)', () => {
  const now = at('2026-11-27T03:00:00Z');

  it('applies a lower (or first) limit at once and cancels a waiting raise', () => {
    expect(limitChange({ amount: null, pending: null }, 5000, now)).toEqual({ next: { amount: 5000, pending: null }, effectiveFrom: now });
    const waiting = { amount: 5000, pending: { amount: 9000, from: new Date(now.getTime() + HOUR) } };
    expect(limitChange(waiting, 5000, now)).toEqual({ next: { amount: 5000, pending: null }, effectiveFrom: now });
  });

  it('makes a raise or a removal wait 24 hours, and ignores what was last asked', () => {
    const raised = limitChange({ amount: 5000, pending: null }, 8000, now);
    expect(raised?.effectiveFrom.getTime()).toBe(now.getTime() + 24 * HOUR);
    expect(raised?.next).toEqual({ amount: 5000, pending: { amount: 8000, from: raised?.effectiveFrom } });
    expect(limitChange({ amount: 5000, pending: null }, null, now)?.next.pending?.amount).toBeNull();
    expect(limitChange(raised!.next, 8000, now)).toBeNull();
    expect(limitChange({ amount: 5000, pending: null }, 5000, now)).toBeNull();
  });

  it('settles a waiting change once its time has come', () => {
    const state = { amount: 1000, pending: { amount: 3000, from: now } };
    expect(settled(state, new Date(now.getTime() - 1))).toBe(state);
    expect(settled(state, now)).toEqual({ amount: 3000, pending: null });
  });

  it('ends pauses after hours or Japan-time calendar months (clamped to the month’s last day)', () => {
    expect(pauseOf('24h', now)).toEqual({ kind: 'timeout', until: at('2026-11-28T03:00:00Z') });
    expect(pauseOf('30d', now).until).toEqual(at('2026-12-27T03:00:00Z'));
    // 2026-08-31 10:00 JST + 6 months → 2027-02-28 10:00 JST.
    expect(pauseOf('6m', at('2026-08-31T01:00:00Z'))).toEqual({ kind: 'exclusion', until: at('2027-02-28T01:00:00Z') });
    // 2026-11-30 23:30 JST: a year later, the same Japan-time day and minute.
    expect(pauseOf('1y', at('2026-11-30T14:30:00Z')).until).toEqual(at('2027-11-30T14:30:00Z'));
    expect(pauseOf('5y', now).until).toEqual(at('2031-11-27T03:00:00Z'));
  });

  it('lets only a pause that ends later replace a running one', () => {
    const running = { kind: 'exclusion' as const, until: at('2027-05-27T03:00:00Z') };
    expect(shorterThanRunning(running, { until: at('2026-11-28T03:00:00Z') }, now)).toEqual(running.until);
    expect(shorterThanRunning(running, { until: running.until }, now)).toEqual(running.until);
    expect(shorterThanRunning(running, { until: at('2027-11-27T03:00:00Z') }, now)).toBeNull();
    expect(shorterThanRunning({ ...running, until: at('2026-11-01T00:00:00Z') }, { until: at('2026-11-28T03:00:00Z') }, now)).toBeNull();
  });

  it('counts the day in Japan time', () => {
    expect(jstDayBounds(at('2026-11-27T14:59:59Z'))).toEqual({ start: at('2026-11-26T15:00:00Z'), next: at('2026-11-27T15:00:00Z') });
    expect(jstDayBounds(at('2026-11-27T15:00:00Z')).start).toEqual(at('2026-11-27T15:00:00Z'));
  });
});
