import type { DbOrTx } from '../../db/client.ts';
import { spendingBetween } from './payments.repo.ts';

/**
 * Yen a member's point purchases started in [from, to) came to, pending or paid: what the caps
 * and limits of decision 037 count. Called inside the payment start's transaction under the
 * member's age-row lock, so parallel starts see each other.
 */
export function pointSpending(db: DbOrTx, userId: number, from: Date, to: Date): Promise<number> {
  return spendingBetween(db, userId, from, to);
}
