import type { Lang } from '@oripa/contract/states';

/** Times are stored in UTC and shown in Japan time (design decision 10). */
const SHOP_TIME_ZONE = 'Asia/Tokyo';

// Made on first use: a formatter with a time zone loads the zone's data (~18 ms on a slow phone),
// which the pages that show no date (a pack on sale, the top page's first screen) need not pay.
let formatter: Intl.DateTimeFormat | undefined;

function shopFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SHOP_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  return formatter;
}

/**
 * A date the server already wrote in Japan time ('2025/04/01 18:00'): as it is in Japanese, with
 * JST after it in English, where a visitor abroad would otherwise read it as their own time.
 */
export function shopTimeText(text: string, lang: Lang): string {
  return lang === 'en' && text.trim() !== '' ? `${text} JST` : text;
}

/** An ISO date-time as Japan time: '2025/04/01 18:00' (ja) or '2025/04/01 18:00 JST' (en). */
export function formatShopDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts: Record<string, string> = {};
  for (const part of shopFormatter().formatToParts(date)) parts[part.type] = part.value;
  const text = `${parts.year}/${parts.month}/${parts.day} ${parts.hour}:${parts.minute}`;
  return lang === 'en' ? `${text} JST` : text;
}
