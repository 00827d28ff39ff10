import { ACTION_TYPE, PAYMENT_METHOD } from '@oripa/contract/constants';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { cardTypes, packPrizes, packs } from '../db/schema/catalog.ts';

export interface TestPackOptions {
  /** The price of one pack (points, or coins for a coin pack). */
  price?: number;
  paymentMethod?: '1' | '2';
  prizes?: { rarity: number; count: number; buyPoint: number; actionType?: '0' | '2' }[];
  maxBuyCount?: number;
  limitPerMember?: number;
  startAt?: Date;
  endAt?: Date | null;
  drawnCount?: number;
}

/** A pack with a small known lineup, on sale now, for purchase tests. */
export async function createTestPack(db: Db, options: TestPackOptions = {}): Promise<number> {
  const prizes = options.prizes ?? [
    { rarity: 7, count: 1, buyPoint: 5000 },
    { rarity: 4, count: 9, buyPoint: 300 },
    { rarity: 1, count: 90, buyPoint: 30 },
  ];
  const total = prizes.reduce((sum, p) => sum + p.count, 0);
  const [type] = await db.insert(cardTypes).values({ name: 'テストカード' }).returning({ id: cardTypes.id });
  const secret = randomBytes(32).toString('hex');
  // One transaction: a lot's lineup can be written only in the transaction that commits it.
  return db.transaction(async (tx) => {
    const [pack] = await tx
      .insert(packs)
      .values({
        cardTypeId: type!.id,
        name: 'テストパック',
        price: options.price ?? 100,
        paymentMethod: options.paymentMethod ?? '1',
        totalPackCount: total,
        drawnCount: options.drawnCount ?? 0,
        startAt: options.startAt ?? new Date(Date.now() - 60_000),
        endAt: options.endAt ?? null,
        maxBuyCount: options.maxBuyCount ?? 0,
        limitPerMember: options.limitPerMember ?? 0,
        limitMessage: options.limitPerMember ? 'お一人様の購入上限があります。' : '',
        seedSecret: secret,
        seedHash: createHash('sha256').update(secret).digest('hex'),
      })
      .returning({ id: packs.id });
    await tx.insert(packPrizes).values(
      prizes.map((p, i) => ({
        packId: pack!.id,
        name: `カード${i + 1}`,
        imageUrl: `/media/test-${i}.svg`,
        modelNumber: `T-${i + 1}`,
        rarity: p.rarity,
        buyPoint: p.buyPoint,
        actionType:
          p.actionType ??
          (options.paymentMethod === PAYMENT_METHOD.coins ? ACTION_TYPE.shipOnly : ACTION_TYPE.choose),
        count: p.count,
        sort: i,
      })),
    );
    return pack!.id;
  });
}
