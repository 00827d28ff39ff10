import type { Lang } from '@oripa/contract/states';

/**
 * Times are stored in UTC and shown in Japan time (design decision 10). Japan time is UTC+9 all
 * year (no summer time since 1951), so it is computed rather than asked of Intl: a formatter with
 * a time zone loads the zone's data, ~10-18 ms of a slow phone's main thread on the first date a
 * page shows (decision 015, "Start-up in short tasks").
 */
export const JAPAN_OFFSET_MS = 9 * 60 * 60 * 1000;

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * A date the server already wrote in Japan time ('2025/04/01 18:00'): as it is in Japanese, with
 * JST after it in English, where a visitor abroad would otherwise read it as their own time.
 */
export function shopTimeText(text: string, lang: Lang): string {
  return lang === 'en' && text.trim() !== '' ? `${text} JST` : text;
}

/**
 * An ISO date-time as Japan time, '2025/04/01 18:00' ('2025/04/01 18:00:05' with seconds); the
 * text given back as it came when it is no date.
 */
export function japanDateTime(iso: string, withSeconds = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const japan = new Date(date.getTime() + JAPAN_OFFSET_MS);
  const day = `${japan.getUTCFullYear()}/${twoDigits(japan.getUTCMonth() + 1)}/${twoDigits(japan.getUTCDate())}`;
  const time = `${twoDigits(japan.getUTCHours())}:${twoDigits(japan.getUTCMinutes())}`;
  return `${day} ${time}${withSeconds ? `:${twoDigits(japan.getUTCSeconds())}` : ''}`;
}

/** An ISO date-time as Japan time: '2025/04/01 18:00' (ja) or '2025/04/01 18:00 JST' (en). */
export function formatShopDateTime(iso: string, lang: Lang): string {
  const text = japanDateTime(iso);
  return lang === 'en' && text !== iso ? `${text} JST` : text;
}

/** The Japan-time date of an instant, 'YYYY-MM-DD' (the value of an <input type="date">). */
export function japanDateKey(date: Date): string {
  return new Date(date.getTime() + JAPAN_OFFSET_MS).toISOString().slice(0, 10);
}
