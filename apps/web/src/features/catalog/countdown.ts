/** Two digits: 4 → '04'. Hours may need more (days count into hours). */
function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const DAY_SECONDS = 86_400;

/** Whole seconds left: partial seconds round up so the display reaches zero exactly at the start. */
function secondsLeft(millisecondsLeft: number): number {
  return Math.max(0, Math.ceil(millisecondsLeft / 1000));
}

function clock(total: number, separator: string): string {
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return [pad(hours), pad(minutes), pad(seconds)].join(separator);
}

/**
 * Time left before a sale starts, as the spec's hh.mm.ss (section 4); hours count on past a day
 * (2 days 5 h 4 min 9 s → '53.04.09'). Negative times show 00.00.00. The page shows days
 * instead once a day or more is left (countdownParts).
 */
export function formatCountdown(millisecondsLeft: number): string {
  return clock(secondsLeft(millisecondsLeft), '.');
}

/**
 * What the countdown shows (issue 15): under a day, the spec's hh.mm.ss and days 0; from a day
 * on, the whole days and the rest as hh:mm:ss, for 「あと3日 00:48:55」 / "3 days 00:48:55 left".
 */
export function countdownParts(millisecondsLeft: number): { days: number; clock: string } {
  const total = secondsLeft(millisecondsLeft);
  if (total < DAY_SECONDS) return { days: 0, clock: clock(total, '.') };
  return { days: Math.floor(total / DAY_SECONDS), clock: clock(total % DAY_SECONDS, ':') };
}

/** Milliseconds from `now` until the ISO date `startDate`; 0 when it passed or is unreadable. */
export function millisecondsUntil(startDate: string, now: number): number {
  const start = Date.parse(startDate);
  return Number.isNaN(start) ? 0 : Math.max(0, start - now);
}
