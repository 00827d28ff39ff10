import { MEMBER_LEDGER_LIMIT, type LedgerRow } from '@oripa/contract/admin-members';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../kernel/errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { coinLedgerRows, openPointLots, pointLedgerRows } from './wallet-admin.repo.ts';
import { InsufficientBalanceError } from './wallet.errors.ts';
import { creditCoins, creditPoints, debitCoins, debitPoints } from './wallet.service.ts';

function ledgerRow(r: { id: number; createdAt: Date; reason: string; ref: string; memo: string; delta: number | string; balanceAfter: number | string }): LedgerRow {
  return { id: r.id, created_at: r.createdAt.toISOString(), reason: r.reason, ref: r.ref, memo: r.memo, delta: String(r.delta), balance_after: String(r.balanceAfter) };
}

/** Both ledgers (newest first, with the balance after each row) and the open point lots. */
export async function walletForConsole(db: Db, userId: number) {
  const [points, coins, lots] = [
    await pointLedgerRows(db, userId, MEMBER_LEDGER_LIMIT),
    await coinLedgerRows(db, userId, MEMBER_LEDGER_LIMIT),
    await openPointLots(db, userId),
  ];
  return {
    point_ledger: points.map(ledgerRow),
    coin_ledger: coins.map(ledgerRow),
    point_lots: lots.map((l) => ({ id: l.id, amount: l.amount, remaining: l.remaining, granted_at: l.grantedAt.toISOString(), expires_at: l.expiresAt.toISOString() })),
  };
}

export interface Adjustment {
  userId: number;
  kind: 'points' | 'coins';
  direction: 'add' | 'subtract';
  /** Whole points, or coins with at most two decimals (checked by the contract). */
  amount: string;
  reason: string;
  /** Made once per form submission: the same request adjusts once. */
  requestId: string;
}

/**
 * An operator's adjustment: a ledger row (reason 'grant', the operator's reason as the member's
 * history memo, keyed by the request so a double submit changes nothing more), the balance, and
 * the audit entry, in one transaction. A subtraction never takes a balance below zero. Returns
 * whether it applied and the balance after (the current one for a repeat).
 */
export async function adjustBalance(db: Db, a: Adjustment, actor: Actor, currentBalance: () => Promise<string>): Promise<{ applied: boolean; balance: string }> {
  const key = `console:${a.requestId}:${a.kind}`;
  const common = { userId: a.userId, reason: 'grant' as const, ref: `console:${actor.operatorId ?? 'cli'}`, memo: a.reason, idempotencyKey: key };
  try {
    const result = await db.transaction(async (tx) => {
      const change =
        a.kind === 'points'
          ? a.direction === 'add'
            ? await creditPoints(tx, { ...common, amount: Number(a.amount) })
            : await debitPoints(tx, { ...common, amount: Number(a.amount) })
          : a.direction === 'add'
            ? await creditCoins(tx, { ...common, amount: a.amount })
            : await debitCoins(tx, { ...common, amount: a.amount });
      if (!change.applied) return { applied: false, balance: undefined };
      const balance = String(change.balance);
      await recordAudit(tx, actor, {
        action: `member.${a.kind}.${a.direction}`,
        target: `member:${a.userId}`,
        after: { amount: a.amount, reason: a.reason, balance },
      });
      return { applied: true, balance };
    });
    return { applied: result.applied, balance: result.balance ?? (await currentBalance()) };
  } catch (error) {
    if (error instanceof InsufficientBalanceError) throw AppError.field('amount', 'admin.balance_short');
    throw error;
  }
}
