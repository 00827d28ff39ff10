import { jstMonthBounds } from '../../lib/time.ts';

/** Ranks change at the start of each Japan-time month; months are keyed 'YYYY-MM' (JST). */
export function jstMonthKey(date: Date): string {
  const d = new Date(date.getTime() + 9 * 60 * 60 * 1000);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The JST month before the one `date` falls in: its key and bounds. */
export function previousJstMonth(date: Date): { key: string; start: Date; end: Date } {
  const { start } = jstMonthBounds(date);
  const inPrevious = new Date(start.getTime() - 1);
  return { key: jstMonthKey(inPrevious), ...jstMonthBounds(inPrevious) };
}
