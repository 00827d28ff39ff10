import { ADULT_AGE, MAX_AGE_YEARS, YOUNG_MINOR_AGE, type MinorCaps } from '@oripa/contract/play-safety';

/**
 * The age rules of decision 037 without I/O: a member's age on a Japan-time day, the monthly
 * cap of their age band, and the Japan-time month purchases are counted in.
 */

const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** The Japan-time calendar day of `at` (Japan has no daylight saving). */
export function jstDay(at: Date): { year: number; month: number; day: number } {
  const shifted = new Date(at.getTime() + JST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

function parseDate(birthDate: string): { year: number; month: number; day: number } {
  const [year, month, day] = birthDate.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/** Completed years on the Japan-time day of `now` (the birthday counts from its own day). */
export function ageOn(birthDate: string, now: Date): number {
  const born = parseDate(birthDate);
  const today = jstDay(now);
  const beforeBirthday = today.month < born.month || (today.month === born.month && today.day < born.day);
  return today.year - born.year - (beforeBirthday ? 1 : 0);
}

/** A birth date a member may enter: not after today (Japan time), not more than 120 years ago. */
export function birthDateInRange(birthDate: string, now: Date): boolean {
  const today = jstDay(now);
  const todayText = `${today.year}-${String(today.month).padStart(2, '0')}-${String(today.day).padStart(2, '0')}`;
  return birthDate <= todayText && ageOn(birthDate, now) <= MAX_AGE_YEARS;
}

export function isMinor(age: number): boolean {
  return age < ADULT_AGE;
}

/** Yen a month a member of `age` may spend on points, or null: an adult has no age cap. */
export function monthlyCapFor(age: number, caps: MinorCaps): number | null {
  if (age < YOUNG_MINOR_AGE) return caps.under16;
  if (age < ADULT_AGE) return caps.under18;
  return null;
}

/** The start of the Japan-time month of `now` (the 1st, 00:00 JST), and of the next one. */
export function jstMonth(now: Date): { start: Date; next: Date } {
  const { year, month } = jstDay(now);
  return {
    start: new Date(Date.UTC(year, month - 1, 1) - JST_OFFSET_MS),
    next: new Date(Date.UTC(year, month, 1) - JST_OFFSET_MS),
  };
}

/** `at` in Japan time as 2026/12/01 00:00 (the messages say "Japan time" beside it). */
export function formatJst(at: Date): string {
  const s = new Date(at.getTime() + JST_OFFSET_MS).toISOString();
  return `${s.slice(0, 4)}/${s.slice(5, 7)}/${s.slice(8, 10)} ${s.slice(11, 16)}`;
}

/**
 * Whether a point purchase of `amount` yen fits the cap: `spent` is the month's pending and
 * paid purchases. Answers the yen left (before this purchase) when it does not.
 */
export function capRefusal(cap: number | null, spent: number, amount: number): { left: number } | null {
  if (cap === null) return null;
  if (spent + amount <= cap) return null;
  return { left: Math.max(0, cap - spent) };
}
