import { describe, expect, it } from 'vitest';
import { checkTransition, SHIPPING_STATES, SHIPPING_TRANSITIONS } from '@oripa/contract/shipping';
import { businessDaysSince, isOverdue, overdueCutoff } from './shipping-deadline.ts';

const jst = (s: string) => new Date(`${s}+09:00`);

describe('shipping deadline (14 business days, Japanese holidays)', () => {
  it('counts business days after the request day, skipping weekends and holidays', () => {
    // Friday 2026-11-20 → Monday 23rd is 勤労感謝の日: Tuesday 24th is the first business day.
    expect(businessDaysSince(jst('2026-11-20T15:00:00'), jst('2026-11-23T12:00:00'))).toBe(0);
    expect(businessDaysSince(jst('2026-11-20T15:00:00'), jst('2026-11-24T00:00:00'))).toBe(1);
    // Across New Year (31 Dec - 3 Jan closed) and 成人の日 (11 January 2027).
    expect(businessDaysSince(jst('2026-12-28T10:00:00'), jst('2027-01-13T10:00:00'))).toBe(9);
  });

  it('is overdue once more than 14 business days have passed', () => {
    // Golden Week 2026: 29 April, 3-6 May are holidays (6 May is the substitute for 3 May).
    const created = jst('2026-04-24T18:00:00');
    expect(businessDaysSince(created, jst('2026-05-20T23:59:00'))).toBe(14);
    expect(isOverdue(created, jst('2026-05-20T23:59:00'))).toBe(false);
    expect(isOverdue(created, jst('2026-05-21T00:00:00'))).toBe(true);
  });

  it('has an SQL cutoff that agrees with isOverdue for every hour over a year', () => {
    const now = jst('2027-01-08T09:30:00');
    const cutoff = overdueCutoff(now);
    for (let t = now.getTime() - 400 * 86_400_000; t < now.getTime(); t += 3_600_000) {
      expect(new Date(t) < cutoff).toBe(isOverdue(new Date(t), now));
    }
  });
});

describe('shipping transitions', () => {
  it('allows only the documented steps', () => {
    const allowed = SHIPPING_STATES.flatMap((from) => SHIPPING_STATES.filter((to) => checkTransition(from, to) === 'ok').map((to) => `${from}>${to}`));
    expect(allowed.sort()).toEqual(
      [
        'requested>picking',
        'picking>packed',
        'packed>shipped',
        'shipped>delivered',
        'requested>cancelled',
        'picking>cancelled',
        'packed>cancelled',
        'shipped>returned',
        'delivered>returned',
      ].sort(),
    );
    for (const s of SHIPPING_STATES) expect(checkTransition(s, s)).toBe('same');
    expect(SHIPPING_TRANSITIONS.cancelled).toEqual([]);
    expect(checkTransition('returned', 'shipped')).toBe('final');
  });
});
