/**
 * Japan's national holidays and business days, for payment deadlines (spec section 9: bank
 * transfers within 3 business days, convenience-store slips within 3 days). Computed from the
 * Act on National Holidays as in force since 2020 (fixed days, Happy Monday days, the equinoxes by
 * the usual approximation valid to 2099, substitute holidays and the day between two holidays);
 * the one-off moves of 2020 and 2021 are not modelled. Banks also close from 31 December to
 * 3 January. All dates are Japan dates.
 */

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A Japan calendar date as a UTC-midnight Date (only its Y/M/D matter). */
function day(year: number, month: number, date: number): Date {
  return new Date(Date.UTC(year, month - 1, date));
}

const key = (d: Date) => d.toISOString().slice(0, 10);

/** The nth (1-based) Monday of a month. */
function nthMonday(year: number, month: number, n: number): Date {
  const first = day(year, month, 1).getUTCDay();
  const offset = (8 - first) % 7;
  return day(year, month, 1 + offset + (n - 1) * 7);
}

function equinoxDay(year: number, base: number): number {
  return Math.floor(base + 0.242194 * (year - 1980) - Math.floor((year - 1980) / 4));
}

const cache = new Map<number, Map<string, string>>();

/** The national holidays of a year: 'YYYY-MM-DD' → name. */
export function holidaysOf(year: number): Map<string, string> {
  const cached = cache.get(year);
  if (cached) return cached;
  const base: [Date, string][] = [
    [day(year, 1, 1), '元日'],
    [nthMonday(year, 1, 2), '成人の日'],
    [day(year, 2, 11), '建国記念の日'],
    [day(year, 2, 23), '天皇誕生日'],
    [day(year, 3, equinoxDay(year, 20.8431)), '春分の日'],
    [day(year, 4, 29), '昭和の日'],
    [day(year, 5, 3), '憲法記念日'],
    [day(year, 5, 4), 'みどりの日'],
    [day(year, 5, 5), 'こどもの日'],
    [nthMonday(year, 7, 3), '海の日'],
    [day(year, 8, 11), '山の日'],
    [nthMonday(year, 9, 3), '敬老の日'],
    [day(year, 9, equinoxDay(year, 23.2488)), '秋分の日'],
    [nthMonday(year, 10, 2), 'スポーツの日'],
    [day(year, 11, 3), '文化の日'],
    [day(year, 11, 23), '勤労感謝の日'],
  ];
  const holidays = new Map<string, string>(base.map(([d, name]) => [key(d), name]));
  // A weekday between two holidays is a holiday (国民の休日), e.g. 22 September 2026.
  for (const [d] of base) {
    const next = new Date(d.getTime() + DAY_MS);
    const after = new Date(d.getTime() + 2 * DAY_MS);
    if (!holidays.has(key(next)) && holidays.has(key(after)) && next.getUTCDay() !== 0) {
      holidays.set(key(next), '国民の休日');
    }
  }
  // A holiday on a Sunday moves to the next day that is not a holiday (振替休日).
  for (const [d] of base) {
    if (d.getUTCDay() !== 0) continue;
    let sub = new Date(d.getTime() + DAY_MS);
    while (holidays.has(key(sub))) sub = new Date(sub.getTime() + DAY_MS);
    holidays.set(key(sub), '振替休日');
  }
  cache.set(year, holidays);
  return holidays;
}

/** The Japan date (as UTC midnight) that the instant falls on. */
export function jstDate(instant: Date): Date {
  const shifted = new Date(instant.getTime() + JST_OFFSET_MS);
  return day(shifted.getUTCFullYear(), shifted.getUTCMonth() + 1, shifted.getUTCDate());
}

/** Whether banks are open on this Japan date: a weekday, not a holiday, not 31 Dec - 3 Jan. */
export function isBusinessDay(date: Date): boolean {
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  const month = date.getUTCMonth() + 1;
  const dom = date.getUTCDate();
  if ((month === 12 && dom === 31) || (month === 1 && dom <= 3)) return false;
  return !holidaysOf(date.getUTCFullYear()).has(key(date));
}

/** The instant a Japan date ends (its next midnight in Japan). */
function endOfJstDate(date: Date): Date {
  return new Date(date.getTime() + DAY_MS - JST_OFFSET_MS);
}

/** Deadline `days` calendar days after the order's Japan date, at the end of that day. */
export function dueAfterDays(orderedAt: Date, days: number): Date {
  return endOfJstDate(new Date(jstDate(orderedAt).getTime() + days * DAY_MS));
}

/**
 * Deadline after `count` business days: the end of the count-th business day after the order's
 * Japan date (the order day itself does not count, whatever time it was placed).
 */
export function dueAfterBusinessDays(orderedAt: Date, count: number): Date {
  let date = jstDate(orderedAt);
  let left = count;
  while (left > 0) {
    date = new Date(date.getTime() + DAY_MS);
    if (isBusinessDay(date)) left -= 1;
  }
  return endOfJstDate(date);
}
