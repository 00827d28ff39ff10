import { describe, expect, it } from 'vitest';
import { toE164 } from './phone-number.ts';

describe('toE164', () => {
  it('writes Japanese mobile numbers with +81 and without the leading 0', () => {
    expect(toE164('09012345678')).toBe('+819012345678');
    expect(toE164('080-1234-5678')).toBe('+818012345678');
    expect(toE164('07012345678')).toBe('+817012345678');
  });

  it('keeps a number written with its country code', () => {
    expect(toE164('+14155552671')).toBe('+14155552671');
    expect(toE164('+81 90 1234 5678')).toBe('+819012345678');
  });

  it('refuses what is no phone number', () => {
    expect(() => toE164('12')).toThrow(RangeError);
    expect(() => toE164('not a number')).toThrow(RangeError);
  });
});
