import { describe, expect, it } from 'vitest';
import { formatJst } from '../lib/time.ts';
import { dueAfterBusinessDays, dueAfterDays, holidaysOf, isBusinessDay } from './business-days.ts';

const jst = (text: string) => new Date(`${text}+09:00`);
const date = (ymd: string) => new Date(`${ymd}T00:00:00Z`);

describe('holidaysOf', () => {
  it('knows the national holidays of 2026, with the substitute and in-between days', () => {
    expect([...holidaysOf(2026).keys()].sort()).toEqual([
      '2026-01-01',
      '2026-01-12',
      '2026-02-11',
      '2026-02-23',
      '2026-03-20',
      '2026-04-29',
      '2026-05-03',
      '2026-05-04',
      '2026-05-05',
      '2026-05-06',
      '2026-07-20',
      '2026-08-11',
      '2026-09-21',
      '2026-09-22',
      '2026-09-23',
      '2026-10-12',
      '2026-11-03',
      '2026-11-23',
    ]);
    expect(holidaysOf(2026).get('2026-05-06')).toBe('振替休日');
    expect(holidaysOf(2026).get('2026-09-22')).toBe('国民の休日');
  });

  it('knows 2025 (equinoxes, Monday holidays and substitutes)', () => {
    const h = holidaysOf(2025);
    for (const day of ['2025-01-13', '2025-02-24', '2025-03-20', '2025-05-06', '2025-07-21', '2025-09-15', '2025-09-23', '2025-10-13', '2025-11-24']) {
      expect(h.has(day), day).toBe(true);
    }
    expect(h.size).toBe(19);
  });
});

describe('isBusinessDay', () => {
  it('excludes weekends, holidays and the banks’ new-year closing', () => {
    expect(isBusinessDay(date('2026-06-01'))).toBe(true); // Monday
    expect(isBusinessDay(date('2026-06-06'))).toBe(false); // Saturday
    expect(isBusinessDay(date('2026-06-07'))).toBe(false); // Sunday
    expect(isBusinessDay(date('2026-09-22'))).toBe(false);
    expect(isBusinessDay(date('2026-12-31'))).toBe(false);
    expect(isBusinessDay(date('2027-01-04'))).toBe(true);
  });
});

describe('deadlines', () => {
  it('bank transfer: the end of the third business day after the order (Japan time)', () => {
    // Monday → Thursday 24:00.
    expect(formatJst(dueAfterBusinessDays(jst('2026-06-01T10:00:00'), 3))).toBe('2026/06/05 00:00');
    // Friday evening → Wednesday, skipping the weekend.
    expect(formatJst(dueAfterBusinessDays(jst('2026-06-05T23:30:00'), 3))).toBe('2026/06/11 00:00');
    // Before Silver Week 2026 (19-23 September).
    expect(formatJst(dueAfterBusinessDays(jst('2026-09-18T12:00:00'), 3))).toBe('2026/09/29 00:00');
    // Over the new year: 30 December, then 4 and 5 January (banks close 31 December - 3 January).
    expect(formatJst(dueAfterBusinessDays(jst('2026-12-29T12:00:00'), 3))).toBe('2027/01/06 00:00');
    // 00:30 JST on Tuesday is still Tuesday in Japan (UTC Monday).
    expect(formatJst(dueAfterBusinessDays(jst('2026-06-02T00:30:00'), 3))).toBe('2026/06/06 00:00');
  });

  it('convenience store: the end of the third day after the order (Japan time)', () => {
    expect(formatJst(dueAfterDays(jst('2026-06-05T23:30:00'), 3))).toBe('2026/06/09 00:00');
    expect(dueAfterDays(jst('2026-06-05T08:00:00'), 3).toISOString()).toBe('2026-06-08T15:00:00.000Z');
  });
});
