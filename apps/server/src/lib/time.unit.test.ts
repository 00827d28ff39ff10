import { describe, expect, it } from 'vitest';
import { formatJst } from './time.ts';

describe('formatJst', () => {
  it('shows a UTC instant in Japan time', () => {
    expect(formatJst(new Date('2026-01-31T15:30:00Z'))).toBe('2026/02/01 00:30');
  });
});
