import { describe, expect, it } from 'vitest';
import { countdownParts, formatCountdown, millisecondsUntil } from './countdown.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

describe('countdown formatting', () => {
  it('shows hh.mm.ss with two digits each', () => {
    expect(formatCountdown(HOUR + 2 * MINUTE + 3 * SECOND)).toBe('01.02.03');
    expect(formatCountdown(59 * SECOND)).toBe('00.00.59');
  });

  it('adds days to the hours', () => {
    expect(formatCountdown(2 * 24 * HOUR + 5 * HOUR + 4 * MINUTE + 9 * SECOND)).toBe('53.04.09');
    expect(formatCountdown(5 * 24 * HOUR)).toBe('120.00.00');
  });

  it('rounds partial seconds up and stops at zero', () => {
    expect(formatCountdown(1500)).toBe('00.00.02');
    expect(formatCountdown(1)).toBe('00.00.01');
    expect(formatCountdown(0)).toBe('00.00.00');
    expect(formatCountdown(-5000)).toBe('00.00.00');
  });

  it('shows days and hh:mm:ss from a day on, the spec hh.mm.ss under a day', () => {
    expect(countdownParts(3 * 24 * HOUR + 48 * MINUTE + 55 * SECOND)).toEqual({ days: 3, clock: '00:48:55' });
    expect(countdownParts(24 * HOUR)).toEqual({ days: 1, clock: '00:00:00' });
    expect(countdownParts(23 * HOUR + 59 * MINUTE + 59 * SECOND)).toEqual({ days: 0, clock: '23.59.59' });
    expect(countdownParts(-1)).toEqual({ days: 0, clock: '00.00.00' });
  });

  it('measures the time left until an ISO start date', () => {
    const now = Date.parse('2025-04-01T00:00:00Z');
    expect(millisecondsUntil('2025-04-01T01:00:00Z', now)).toBe(HOUR);
    expect(millisecondsUntil('2025-03-31T00:00:00Z', now)).toBe(0);
    expect(millisecondsUntil('not a date', now)).toBe(0);
  });
});
