import { expect } from 'vitest';
import { fund } from './funds.ts';
import { createTestMember, signIn } from './members.ts';
import type { TestShop } from './test-app.ts';
import type { TestClient } from './test-client.ts';

/** Tests only: a new member of `shop` holding `points`, signed in on a client that has read its points. */
export async function fundedMember(shop: TestShop, points: number): Promise<{ userId: number; client: TestClient }> {
  const db = shop.database.db;
  const userId = await createTestMember(db);
  await fund(db, userId, { points });
  const client = shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  return { userId, client };
}

/** Tests only: checks and buys `count` packs of `packId` through the API, both answered 200; the buy's answer. */
export async function buyPacks(client: TestClient, packId: number, count: number) {
  expect((await client.post('/user/pack/check', { count, pack_id: packId })).body.state).toBe(200);
  const bought = await client.post('/user/pack/buy', { count, pack_id: packId });
  expect(bought.body.state).toBe(200);
  return bought;
}
