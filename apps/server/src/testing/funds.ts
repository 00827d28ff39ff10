import type { Db } from '../db/client.ts';
import { creditCoins, creditPoints } from '../modules/wallet/wallet.service.ts';

/** Gives a member points and/or coins the way the shop does: through the ledger. */
export async function fund(db: Db, userId: number, amounts: { points?: number; coins?: string }): Promise<void> {
  await db.transaction(async (tx) => {
    if (amounts.points) await creditPoints(tx, { userId, amount: amounts.points, reason: 'grant', memo: 'test' });
    if (amounts.coins) await creditCoins(tx, { userId, amount: amounts.coins, reason: 'grant', memo: 'test' });
  });
}
