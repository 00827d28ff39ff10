import type { PackAdmin } from '@oripa/contract/admin-catalog';
import { PAYMENT_METHOD } from '@oripa/contract/constants';
import { STATE } from '@oripa/contract/states';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { packs } from '../../db/schema/catalog.ts';
import { users } from '../../db/schema/users.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { consoleClients } from '../admin/admin-testing.ts';

/**
 * Operators change a pack while members buy it (run on PostgreSQL by the api-pg project): the
 * console's writes lock the pack row like the purchase batch does, so no buy is lost, doubled or
 * sold past the lot, every balance matches the packs bought, and after a stop nothing sells.
 */

let shop: TestShop;
let staff: TestClient;
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  ({ staff } = await consoleClients(shop));
});

afterAll(async () => {
  await shop?.close();
});

async function buy(client: TestClient, packId: number, count: number) {
  await client.get(`/user/pack/detail/${packId}`);
  const check = await client.post('/user/pack/check', { count });
  if (check.body.state !== STATE.ok) return check;
  return client.post('/user/pack/buy');
}

describe('console writes racing purchases', () => {
  it('loses, doubles and oversells nothing; a stopped sale sells no more', async () => {
    const type = await staff.post('/admin/card_types/save', { name: `競合${Date.now()}` });
    const created = await staff.post('/admin/packs/create', {
      name: '競合パック',
      card_type_id: (type.body.card_type as { id: number }).id,
      point: 10,
      payment_method: PAYMENT_METHOD.points,
      // A committed lot never starts in the past: this one a second after its commitment
      // (LOT_PUBLISH_LEAD_MS is 0 in tests), and the create answers once it is on sale.
      start_at: new Date(Date.now() + 1000).toISOString(),
      published: true,
      lineup: [
        { name: 'A', rarity: 5, count: 6, buy_point: 20 },
        { name: 'B', rarity: 1, count: 24, buy_point: 1 },
      ],
    });
    expect(created.body.state, JSON.stringify(created.body.errors)).toBe(STATE.ok);
    const pack = created.body.pack as PackAdmin;

    const buyers: { id: number; client: TestClient }[] = [];
    for (let i = 0; i < 14; i++) {
      const id = await createTestMember(db());
      await fund(db(), id, { points: 1000 });
      const client = shop.client();
      await signIn(db(), client, id);
      buyers.push({ id, client });
    }

    // 14 members want 3 packs each (42 > 30) while staff change the pack's terms five times.
    const edits = Array.from({ length: 5 }, (_, i) =>
      staff.post('/admin/packs/update', {
        ...pack,
        name: `競合パック${i}`,
        lineup: pack.lineup.map((p) => ({ ...p, buy_point: p.buy_point + i })),
      }),
    );
    const answers = await Promise.all([...buyers.map((b) => buy(b.client, pack.id, 3)), ...edits]);
    for (const res of answers) expect(res.body.state, JSON.stringify(res.body.errors)).not.toBe(STATE.server);
    for (const res of answers.slice(buyers.length)) expect(res.body.state).toBe(STATE.ok);

    const bought = await queryRows<{ user_id: number; n: number }>(db(), sql`select user_id, sum(count)::int as n from purchases where pack_id = ${pack.id} group by user_id`);
    const total = bought.reduce((sum, r) => sum + r.n, 0);
    const [row] = await db().select({ drawn: packs.drawnCount, size: packs.totalPackCount }).from(packs).where(eq(packs.id, pack.id));
    expect(row?.drawn).toBe(total);
    expect(total).toBeLessThanOrEqual(30);
    expect(total).toBe(30);
    for (const b of buyers) {
      const n = bought.find((r) => r.user_id === b.id)?.n ?? 0;
      const [user] = await db().select({ point: users.pointBalance }).from(users).where(eq(users.id, b.id));
      // Cards not yet decided keep their points: the balance is the funds less the packs' price.
      expect(user?.point, `member ${b.id}`).toBe(1000 - 10 * n);
    }

    // A new lot, stopped while members buy: once the stop has answered, every buy is refused.
    const second = await staff.post('/admin/packs/create', { ...(created.body.pack as PackAdmin), start_at: new Date(Date.now() + 1000).toISOString(), lineup: [{ name: 'C', rarity: 1, count: 100, buy_point: 1 }], images: [] });
    const next = second.body.pack as PackAdmin;
    const racing = buyers.slice(0, 8).map((b) => buy(b.client, next.id, 1));
    const stop = await staff.post('/admin/packs/sale', { id: next.id, action: 'stop' });
    expect(stop.body.state).toBe(STATE.ok);
    for (const res of await Promise.all(racing)) expect(res.body.state).not.toBe(STATE.server);
    const [drawnAtStop] = await db().select({ drawn: packs.drawnCount }).from(packs).where(eq(packs.id, next.id));
    const late = await buy(buyers[9]!.client, next.id, 1);
    expect(late.body.state).toBe(STATE.validation);
    const [after] = await db().select({ drawn: packs.drawnCount }).from(packs).where(eq(packs.id, next.id));
    expect(after?.drawn).toBe(drawnAtStop?.drawn);
  });
});
