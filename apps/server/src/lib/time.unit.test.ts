import { describe, expect, it } from 'vitest';
import { formatJst, jstMonthBounds } from './time.ts';

describe('formatJst', () => {
  it('shows a UTC instant in Japan time', () => {
    expect(formatJst(new Date('2026-01-31T15:30:00Z'))).toBe('2026/02/01 00:30');
  });
});

describe('jstMonthBounds', () => {
  it('gives the Japan-time month around an instant, as UTC instants', () => {
    expect(jstMonthBounds(new Date('2026-01-31T15:30:00Z'))).toEqual({
      start: new Date('2026-01-31T15:00:00Z'), // 2026-02-01 00:00 JST
      end: new Date('2026-02-28T15:00:00Z'),
    });
    expect(jstMonthBounds(new Date('2026-12-15T00:00:00Z'))).toEqual({
      start: new Date('2026-11-30T15:00:00Z'),
      end: new Date('2026-12-31T15:00:00Z'),
    });
  });
});

describe('formatDeadlineJst', () => {
  it('shows the end of a Japan day as 23:59 of that day', async () => {
    const { formatDeadlineJst } = await import('./time.ts');
    // 2026-12-04 00:00 JST is 2026-12-03 15:00 UTC.
    expect(formatDeadlineJst(new Date('2026-12-03T15:00:00Z'))).toBe('2026/12/03 23:59');
  });
});
