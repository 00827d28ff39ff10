import { describe, expect, it } from 'vitest';
import { formatShopDateTime, japanDateTime, shopTimeText } from './dates.ts';

describe('Japan-time dates', () => {
  it('shows an ISO time in Japan time, with JST in English', () => {
    expect(formatShopDateTime('2025-03-31T09:00:00Z', 'ja')).toBe('2025/03/31 18:00');
    expect(formatShopDateTime('2025-03-31T15:30:00.000Z', 'ja')).toBe('2025/04/01 00:30');
    expect(formatShopDateTime('2025-12-31T15:00:00+00:00', 'en')).toBe('2026/01/01 00:00 JST');
    expect(formatShopDateTime('not a date', 'ja')).toBe('not a date');
    expect(formatShopDateTime('not a date', 'en')).toBe('not a date');
    // The console's times carry seconds.
    expect(japanDateTime('2025-12-31T14:59:59.900Z', true)).toBe('2025/12/31 23:59:59');
    expect(japanDateTime('2025-12-31T15:00:00Z', true)).toBe('2026/01/01 00:00:00');
    expect(shopTimeText('2025/04/01 18:00', 'en')).toBe('2025/04/01 18:00 JST');
    expect(shopTimeText('', 'en')).toBe('');
  });

  it('agrees with the Asia/Tokyo time zone through the years', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let time = Date.UTC(1990, 0, 1); time < Date.UTC(2040, 0, 1); time += 7_919_999_917) {
      const parts: Record<string, string> = {};
      for (const part of intl.formatToParts(new Date(time))) parts[part.type] = part.value;
      const expected = `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
      expect(formatShopDateTime(new Date(time).toISOString(), 'ja')).toBe(expected);
    }
  });
});
