import { DEFAULT_MINOR_CAPS } from '@oripa/contract/play-safety';
import { describe, expect, it } from 'vitest';
import { ageOn, birthDateInRange, capRefusal, formatJst, jstMonth, monthlyCapFor } from './age-rules.ts';

describe('age rules', () => {
  it('counts the age on the Japan-time day: the birthday starts at 00:00 JST', () => {
    // 2026-04-01 00:00 JST is 2026-03-31 15:00 UTC.
    expect(ageOn('2008-04-01', new Date('2026-03-31T14:59:59Z'))).toBe(17);
    expect(ageOn('2008-04-01', new Date('2026-03-31T15:00:00Z'))).toBe(18);
    expect(ageOn('2011-02-28', new Date('2026-02-27T15:00:00Z'))).toBe(15);
  });

  it('refuses a birth date after today or more than 120 years ago', () => {
    const now = new Date('2026-11-27T03:00:00Z');
    expect(birthDateInRange('2026-11-27', now)).toBe(true);
    expect(birthDateInRange('2026-11-28', now)).toBe(false);
    expect(birthDateInRange('1906-11-27', now)).toBe(true);
    expect(birthDateInRange('1905-11-26', now)).toBe(false);
  });

  it('gives under 16 the lower cap, 16-17 the higher, adults none', () => {
    expect(monthlyCapFor(15, DEFAULT_MINOR_CAPS)).toBe(5000);
    expect(monthlyCapFor(16, DEFAULT_MINOR_CAPS)).toBe(20000);
    expect(monthlyCapFor(17, DEFAULT_MINOR_CAPS)).toBe(20000);
    expect(monthlyCapFor(18, DEFAULT_MINOR_CAPS)).toBeNull();
  });

  it('counts the month in Japan time', () => {
    const { start, next } = jstMonth(new Date('2026-11-30T15:30:00Z')); // 2026-12-01 00:30 JST
    expect(start.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(next.toISOString()).toBe('2026-12-31T15:00:00.000Z');
    expect(formatJst(next)).toBe('2027/01/01 00:00');
  });

  it('refuses a purchase that passes the cap and says what is left', () => {
    expect(capRefusal(5000, 4400, 1100)).toEqual({ left: 600 });
    expect(capRefusal(5000, 3900, 1100)).toBeNull();
    expect(capRefusal(null, 999999, 1100)).toBeNull();
    expect(capRefusal(0, 0, 1100)).toEqual({ left: 0 });
  });
});
