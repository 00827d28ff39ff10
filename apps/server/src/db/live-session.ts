import { and, eq, gt, sql, type Placeholder } from 'drizzle-orm';
import { sessions } from './schema/sessions.ts';

/**
 * The session row of `key`, if it has not expired: what counts as a live session. Shared by the
 * sessions repo and the purchase hot path, whose check reads the session in its own statement
 * (docs/decisions/005-purchase-batching.md).
 */
export function liveSession(key: Placeholder | string) {
  return and(eq(sessions.id, key), gt(sessions.expiresAt, sql`now()`));
}
