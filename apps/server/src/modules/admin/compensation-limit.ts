import type { CompensationLimit } from '@oripa/contract/admin';
import { AppError } from '../../kernel/errors.ts';
import { toCents } from '../../lib/coin-amount.ts';

const grouped = (n: bigint | number) => n.toLocaleString('en-US');

/**
 * Refuses a points or coins adjustment larger than the operator's role may make in one call
 * (decision 049), before anything is written. The limit is per adjustment, so it needs no lock:
 * two adjustments at once are each judged alone.
 */
export function assertWithinCompensationLimit(limit: CompensationLimit, kind: 'points' | 'coins', amount: string): void {
  if (kind === 'points') {
    if (limit.points !== null && Number(amount) > limit.points) throw AppError.field('amount', 'admin.over_limit_points', { limit: grouped(limit.points) });
    return;
  }
  if (limit.coins === null) return;
  const max = toCents(limit.coins);
  if (toCents(amount) > max) {
    const shown = max % 100n === 0n ? grouped(max / 100n) : `${grouped(max / 100n)}.${String(max % 100n).padStart(2, '0')}`;
    throw AppError.field('amount', 'admin.over_limit_coins', { limit: shown });
  }
}
