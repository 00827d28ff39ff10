import { randomBytes } from 'node:crypto';
import type { Db } from '../client.ts';
import { sessions } from '../schema/sessions.ts';
import { users } from '../schema/users.ts';
import { buyPacks, checkPurchase } from '../../modules/gacha/pack-purchase.service.ts';
import type { Fairness } from '../../modules/transparency/fairness.ts';
import { creditPoints } from '../../modules/wallet/wallet.service.ts';

/** A demo lot to sell through real purchases: which, how many packs, at what price each. */
export interface DemoSale {
  packId: number;
  packs: number;
  point: number;
}

/** Demo buyers of one sold lot, each buying in purchases of this many packs at most. */
const BUYERS = 8;
const PER_PURCHASE = 25;

/**
 * Sells demo lots the way members buy (issue 20 point 6: no demo lot claims a sale it did not
 * make): demo buyers — members who cannot sign in — are granted through the ledger the points
 * each purchase spends and buy through the shop's own check and buy, so every pack sold is a purchase in the
 * transparency log, drawn from a beacon round by the fairness pump and verifiable like any
 * member's. The lot must be on sale.
 */
export async function sellDemoLots(db: Db, fairness: Fairness, sales: readonly DemoSale[]): Promise<void> {
  for (const sale of sales) {
    const buyers: { userId: number; sessionKey: string }[] = [];
    for (let i = 0; i < BUYERS; i += 1) {
      const tag = `${sale.packId}-${i + 1}-${randomBytes(3).toString('hex')}`;
      const [row] = await db
        .insert(users)
        .values({
          mail: `demo-buyer-${tag}@example.com`,
          // No password hashes to this: a demo buyer never signs in.
          passHash: 'no-login',
          lastName: 'デモ',
          firstName: '購入者',
          tel: '09000000000',
          zipcode: '1500002',
          prefId: 13,
          shiku: '渋谷区渋谷',
          address: '2-21-1',
          referralCode: `DEMO${tag}`.toUpperCase(),
        })
        .returning({ id: users.id });
      const userId = row!.id;
      const sessionKey = randomBytes(32).toString('base64url');
      await db.insert(sessions).values({ id: sessionKey, userId, data: {}, expiresAt: new Date(Date.now() + 3_600_000) });
      buyers.push({ userId, sessionKey });
    }
    let left = sale.packs;
    for (let turn = 0; left > 0; turn += 1) {
      const buyer = buyers[turn % BUYERS]!;
      // Purchases of different sizes, as members make them.
      const count = Math.min(left, 1 + ((turn * 7) % PER_PURCHASE));
      // Granted, through the ledger, what this purchase spends.
      await db.transaction((tx) => creditPoints(tx, { userId: buyer.userId, amount: count * sale.point, reason: 'grant', memo: 'デモ購入' }));
      await checkPurchase(db, buyer.sessionKey, count, sale.packId);
      await buyPacks(db, fairness, buyer.sessionKey, () => Promise.reject(new Error('the buy names its pack')), { pack_id: sale.packId, count });
      left -= count;
    }
  }
}
