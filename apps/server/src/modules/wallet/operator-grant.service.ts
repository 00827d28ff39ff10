import type { Db } from '../../db/client.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { creditCoins, creditPoints } from './wallet.service.ts';

export interface OperatorGrant {
  userId: number;
  /** Whole points, or 0 for none. */
  points: number;
  /** Decimal coins such as '10.50', or undefined for none. */
  coins?: string;
  /** Why, shown to the member as the history memo. */
  reason: string;
  /** Makes a repeated grant (a retry) a no-op. */
  key?: string;
}

export interface OperatorGrantResult {
  pointsApplied: boolean;
  coinsApplied: boolean;
  pointBalance?: number;
  coinBalance?: string;
}

/**
 * An operator's grant of points and/or coins: ledger rows (reason 'grant') written with the
 * balances and an audit entry per currency (as the console's adjustment writes) in one
 * transaction. With a key, running it again grants nothing more, and audits nothing more.
 */
export async function grantByOperator(db: Db, grant: OperatorGrant, actor: Actor): Promise<OperatorGrantResult> {
  return db.transaction(async (tx) => {
    const common = { userId: grant.userId, reason: 'grant' as const, ref: 'ops:grant', memo: grant.reason };
    const points =
      grant.points > 0
        ? await creditPoints(tx, { ...common, amount: grant.points, idempotencyKey: grant.key ? `grant:${grant.key}:points` : undefined })
        : undefined;
    const coins =
      grant.coins !== undefined
        ? await creditCoins(tx, { ...common, amount: grant.coins, idempotencyKey: grant.key ? `grant:${grant.key}:coins` : undefined })
        : undefined;
    const audit = (kind: 'points' | 'coins', amount: string, balance: string) =>
      recordAudit(tx, actor, {
        action: `member.${kind}.add`,
        target: `member:${grant.userId}`,
        after: { amount, reason: grant.reason, balance, key: grant.key ?? null },
      });
    if (points?.applied) await audit('points', String(grant.points), String(points.balance));
    if (coins?.applied && grant.coins !== undefined) await audit('coins', grant.coins, String(coins.balance));
    return {
      pointsApplied: points?.applied ?? false,
      coinsApplied: coins?.applied ?? false,
      pointBalance: points?.balance,
      coinBalance: coins?.balance,
    };
  });
}
