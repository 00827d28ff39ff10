import { PAYMENT_METHOD } from '@oripa/contract/constants';
import type { Db } from '../../db/client.ts';
import { holdings, purchases, shippingRequests, type ShippingAddress } from '../../db/schema/gacha.ts';
import { createTestMember } from '../../testing/members.ts';
import { createTestPack } from '../../testing/test-pack.ts';

/** A Japanese address snapshot with characters Shift_JIS needs code page 932 for (髙, ①). */
export const TEST_ADDRESS: ShippingAddress = {
  name: '髙橋 花子',
  zipcode: '150-0002',
  prefId: 13,
  prefName: '東京都',
  country: 'JP',
  shiku: '渋谷区渋谷',
  address: '２丁目２１−１',
  building: 'ヒカリエ①号室',
  tel: '090-1234-5678',
};

export interface TestRequestOptions {
  paymentMethod?: '1' | '2';
  cards?: number;
  buyPoint?: number;
  actionType?: '0' | '2';
  createdAt?: Date;
  userId?: number;
  packId?: number;
}

/**
 * Tests only: a member's decided purchase whose `cards` cards wait to ship in one request, written
 * directly (the gacha and decision paths have their own tests). Answers the ids.
 */
export async function createTestShippingRequest(db: Db, o: TestRequestOptions = {}) {
  const userId = o.userId ?? (await createTestMember(db));
  const paymentMethod = o.paymentMethod ?? PAYMENT_METHOD.points;
  const packId = o.packId ?? (await createTestPack(db, { paymentMethod }));
  const createdAt = o.createdAt ?? new Date();
  const count = o.cards ?? 3;
  const [purchase] = await db
    .insert(purchases)
    .values({ userId, packId, packName: 'テストパック', count, paymentMethod, unitPrice: 100, cost: 100 * count, drawFrom: 0, createdAt })
    .returning({ id: purchases.id });
  const [request] = await db
    .insert(shippingRequests)
    .values({ userId, purchaseId: purchase!.id, address: TEST_ADDRESS, createdAt })
    .returning({ id: shippingRequests.id });
  await db.insert(holdings).values(
    Array.from({ length: count }, (_, i) => ({
      purchaseId: purchase!.id,
      userId,
      prizeId: 1,
      name: `カード${(i % 2) + 1}`,
      imageUrl: '/media/test.svg',
      rarity: 5 - (i % 2),
      modelNumber: `T-${(i % 2) + 1}`,
      num: 1,
      buyPoint: o.buyPoint ?? 300,
      actionType: o.actionType ?? '0',
      state: 'ship',
      deadlineAt: createdAt,
      decidedAt: createdAt,
      shippingRequestId: request!.id,
    })),
  );
  return { userId, packId, purchaseId: purchase!.id, requestId: request!.id };
}
