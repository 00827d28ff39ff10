import { describe, expect, it } from 'vitest';
import { fromCents, sameAmount, toCents } from './coin-amount.ts';

describe('coin amounts', () => {
  it('reads decimal strings as hundredths, never through floats', () => {
    expect(toCents('120.5')).toBe(12050n);
    expect(toCents('0.07')).toBe(7n);
    expect(toCents('300')).toBe(30000n);
    expect(toCents('-3.10')).toBe(-310n);
    expect(toCents('99999999999999.99')).toBe(9999999999999999n);
  });

  it('writes two places', () => {
    expect(fromCents(12050n)).toBe('120.50');
    expect(fromCents(7n)).toBe('0.07');
    expect(fromCents(-310n)).toBe('-3.10');
    expect(fromCents(0n)).toBe('0.00');
  });

  it('compares amounts however they are written', () => {
    expect(sameAmount('100', '100.00')).toBe(true);
    expect(sameAmount('0.1', '0.10')).toBe(true);
    expect(sameAmount('100.01', '100')).toBe(false);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', '.5', '1,000']) expect(() => toCents(bad)).toThrow(RangeError);
  });
});
