import type { Db } from '../../db/client.ts';
import { jstDayOfMonth, previousJstMonth } from '../../lib/time.ts';
import { queueStatements, statementsQueued } from './monthly-statement.repo.ts';

/**
 * Days at the start of a Japan-time month in which last month's statements go out. The sweeper
 * runs every minute, so the 1st is when they leave; the window only lets a shop that was down on
 * the 1st still send them, and keeps a shop opened mid-month from mailing a stale month.
 */
export const STATEMENT_DAYS = 3;

/**
 * Sweeper part: on the first days of a JST month, queues last month's statements once. After
 * the one statement that queues them all has run, each later sweep costs one indexed read.
 */
export async function queueDueStatements(db: Db, now: Date): Promise<number> {
  if (jstDayOfMonth(now) > STATEMENT_DAYS) return 0;
  const month = previousJstMonth(now);
  if (await statementsQueued(db, month.end)) return 0;
  return queueStatements(db, month.key, month.start, month.end, now);
}
