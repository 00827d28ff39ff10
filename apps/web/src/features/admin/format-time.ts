import { japanDateTime } from '@/lib/dates.ts';

/** An instant as Japan time, YYYY/MM/DD HH:mm:ss, as the console shows times. */
export function formatJstTime(iso: string | null): string {
  return iso ? japanDateTime(iso, true) : '—';
}
