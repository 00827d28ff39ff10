import { describe, expect, it } from 'vitest';
import { formatCoins, formatNumber, formatPackPrice, formatPoints, formatYen } from './format.ts';

describe('format helpers', () => {
  it('groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-5000)).toBe('-5,000');
  });

  it('shows points with P', () => {
    expect(formatPoints(1234)).toBe('1,234P');
    expect(formatPoints(0)).toBe('0P');
  });

  it('shows coin decimal strings exactly, without float rounding', () => {
    // Decimals only when there are some (issue 15): 150C, 150.5C.
    expect(formatCoins('150.00')).toBe('150C');
    expect(formatCoins('150.50')).toBe('150.5C');
    expect(formatCoins('12.50')).toBe('12.5C');
    expect(formatCoins('1234.5')).toBe('1,234.5C');
    expect(formatCoins('0.10')).toBe('0.1C');
    expect(formatCoins('1234.05')).toBe('1,234.05C');
    expect(formatCoins('-3.00')).toBe('-3C');
    expect(formatCoins('-0.00')).toBe('0C');
    // A float round trip would print 9007199254740993 as ...992.
    expect(formatCoins('9007199254740993.01')).toBe('9,007,199,254,740,993.01C');
    expect(formatCoins('300')).toBe('300C');
    expect(formatCoins(1500)).toBe('1,500C');
  });

  it('shows yen with the sign and separators', () => {
    expect(formatYen(1100)).toBe('¥1,100');
    expect(formatYen(500)).toBe('¥500');
  });

  it('formats a pack price in its currency', () => {
    expect(formatPackPrice(3000, '1')).toBe('3,000P');
    expect(formatPackPrice(15, '2')).toBe('15C');
  });
});
