/** Japan has no daylight saving: JST is always UTC+9. Times are stored in UTC, shown in JST. */
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY/MM/DD HH:mm' in Japan time. */
export function formatJst(date: Date): string {
  const d = new Date(date.getTime() + JST_OFFSET_MS);
  return `${d.getUTCFullYear()}/${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** The first instant of the Japan-time month that `date` falls in, and of the next one. */
export function jstMonthBounds(date: Date): { start: Date; end: Date } {
  const d = new Date(date.getTime() + JST_OFFSET_MS);
  const start = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1) - JST_OFFSET_MS;
  const end = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - JST_OFFSET_MS;
  return { start: new Date(start), end: new Date(end) };
}

/**
 * A deadline stored as the exclusive end of a day (00:00 of the next day) shown as the last minute
 * it allows: '2026/12/03 23:59' rather than '2026/12/04 00:00'.
 */
export function formatDeadlineJst(end: Date): string {
  return formatJst(new Date(end.getTime() - 60_000));
}

/** A Japan-time month's key, 'YYYY-MM' (ranks change and statements go out per JST month). */
export function jstMonthKey(date: Date): string {
  const d = new Date(date.getTime() + JST_OFFSET_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The JST month before the one `date` falls in: its key and bounds. */
export function previousJstMonth(date: Date): { key: string; start: Date; end: Date } {
  const { start } = jstMonthBounds(date);
  const inPrevious = new Date(start.getTime() - 1);
  return { key: jstMonthKey(inPrevious), ...jstMonthBounds(inPrevious) };
}

/** The day of the month in Japan time (1–31). */
export function jstDayOfMonth(date: Date): number {
  return new Date(date.getTime() + JST_OFFSET_MS).getUTCDate();
}

/** The Japan-time date, 'YYYY-MM-DD' (alerts go at most once a JST day). */
export function jstDateKey(date: Date): string {
  return new Date(date.getTime() + JST_OFFSET_MS).toISOString().slice(0, 10);
}
