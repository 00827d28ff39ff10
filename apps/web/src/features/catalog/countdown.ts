/** Two digits: 4 → '04'. Hours may need more (days count into hours). */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * Time left before a sale starts, as hh.mm.ss (spec section 4). Days add to the hours:
 * 2 days 5 h 4 min 9 s → '53.04.09'. Partial seconds round up so the display reaches
 * 00.00.00 exactly when the sale starts; negative times show 00.00.00.
 */
export function formatCountdown(millisecondsLeft: number): string {
  const total = Math.max(0, Math.ceil(millisecondsLeft / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${pad(hours)}.${pad(minutes)}.${pad(seconds)}`;
}

/** Milliseconds from `now` until the ISO date `startDate`; 0 when it passed or is unreadable. */
export function millisecondsUntil(startDate: string, now: number): number {
  const start = Date.parse(startDate);
  return Number.isNaN(start) ? 0 : Math.max(0, start - now);
}
