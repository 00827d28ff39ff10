import { and, gt, sql, type Placeholder } from 'drizzle-orm';
import { sessions } from './schema/sessions.ts';

/**
 * The session rows of `keys` (a text[] placeholder) that have not expired: what counts as a live
 * session. Shared by the session reads and the header's reads, which batch the requests of one
 * event-loop turn into one statement (db/tick-batcher.ts).
 */
export function liveSessions(keys: Placeholder) {
  return and(sql`${sessions.id} = any(${keys}::text[])`, gt(sessions.expiresAt, sql`now()`));
}
