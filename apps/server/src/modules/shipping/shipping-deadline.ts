import { SHIPPING_PROMISE_BUSINESS_DAYS } from '@oripa/contract/shipping';
import { isBusinessDay, jstDate } from '../../kernel/business-days.ts';

/**
 * The shipping promise (the thank-you page: within 14 business days) on the same Japanese
 * calendar as bank-transfer deadlines (kernel/business-days.ts: weekends, national holidays,
 * 31 December - 3 January). The request's own Japan date does not count, as for transfers.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const JST_OFFSET_MS = 9 * 60 * 60 * 1000;

/** Business days from the request's Japan date (exclusive) to `now`'s Japan date (inclusive). */
export function businessDaysSince(createdAt: Date, now: Date): number {
  const end = jstDate(now).getTime();
  let count = 0;
  for (let d = jstDate(createdAt).getTime() + DAY_MS; d <= end; d += DAY_MS) {
    if (isBusinessDay(new Date(d))) count += 1;
  }
  return count;
}

/** Whether an open request made at `createdAt` has passed the promise at `now`. */
export function isOverdue(createdAt: Date, now: Date, days = SHIPPING_PROMISE_BUSINESS_DAYS): boolean {
  return businessDaysSince(createdAt, now) > days;
}

/**
 * The instant before which an open request is overdue at `now`: the start of the Japan day after
 * the latest creation date that is overdue. One SQL predicate (created_at < cutoff) then mirrors
 * isOverdue exactly (tested against it).
 */
export function overdueCutoff(now: Date, days = SHIPPING_PROMISE_BUSINESS_DAYS): Date {
  let date = jstDate(now).getTime();
  // Walk back until the date's requests are overdue: more than `days` business days have ended.
  while (!isOverdue(new Date(date - JST_OFFSET_MS), now, days)) date -= DAY_MS;
  return new Date(date + DAY_MS - JST_OFFSET_MS);
}
