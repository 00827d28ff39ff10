import { STATE } from '@oripa/contract/states';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { shippingEvents } from '../../db/schema/shipping.ts';
import { users } from '../../db/schema/users.ts';
import { ledgerReplayFailures } from '../../testing/ledger-audit.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { createTestShippingRequest } from './shipping-testing.ts';

/**
 * The shipping queue under real concurrency (run with --project api-pg): operators in several
 * tabs cancelling and converting the same request, and overlapping bulk actions, credit points
 * once, write each state's event once and never deadlock.
 */

let shop: TestShop;
let tabs: TestClient[];
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await openTestShop();
  const operators = await Promise.all([1, 2, 3].map(() => createTestOperator(db(), 'staff')));
  tabs = [];
  for (const op of [...operators, ...operators]) {
    const tab = shop.client();
    await signInOperator(db(), tab, op.id);
    tabs.push(tab);
  }
});

afterAll(async () => {
  await shop?.close();
});

describe('shipping races', () => {
  it('converts a cancelled request once however many tabs cancel with conversion at once', async () => {
    const { requestId, userId } = await createTestShippingRequest(db(), { cards: 4, buyPoint: 125 });
    const answers = await Promise.all(tabs.map((t) => t.post('/admin/shipping/transition', { request_ids: [requestId], to: 'cancelled', convert: true })));
    expect(answers.every((a) => a.body.state === STATE.ok)).toBe(true);
    expect(answers.reduce((n, a) => n + (a.body.converted_points as number), 0)).toBe(500);
    expect(answers.filter((a) => (a.body.applied as number[]).length === 1).length).toBe(1);
    const [member] = await db().select({ p: users.pointBalance }).from(users).where(eq(users.id, userId));
    expect(member!.p).toBe(500);
    expect((await db().select().from(shippingEvents).where(eq(shippingEvents.requestId, requestId))).length).toBe(1);
    expect(await ledgerReplayFailures(db(), 'point_ledger', [userId])).toEqual([]);
  });

  it('overlapping bulk actions in any order move each request once and never deadlock', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => createTestShippingRequest(db(), { cards: 1 })));
    const ids = made.map((m) => m.requestId).sort((a, b) => a - b);
    const reversed = [...ids].reverse();
    const answers = await Promise.all(tabs.map((t, i) => t.post('/admin/shipping/transition', { request_ids: i % 2 === 0 ? ids : reversed, to: 'picking' })));
    expect(answers.every((a) => a.body.state === STATE.ok)).toBe(true);
    expect(answers.flatMap((a) => a.body.applied as number[]).sort((a, b) => a - b)).toEqual(ids);
    const events = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from shipping_events where request_id = any(${`{${ids.join(',')}}`}::int[])`);
    expect(events[0]!.n).toBe(12);
  });

  it('combining, splitting and packing at once never put a request in two parcels nor split a parcel’s state (decision 051)', async () => {
    const first = await createTestShippingRequest(db(), { cards: 1 });
    const more = await Promise.all(Array.from({ length: 5 }, () => createTestShippingRequest(db(), { cards: 1, userId: first.userId })));
    const ids = [first.requestId, ...more.map((m) => m.requestId)].sort((a, b) => a - b);
    await tabs[0]!.post('/admin/shipping/transition', { request_ids: ids, to: 'picking' });
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    const actions: [string, Record<string, unknown>][] = [
      ['/admin/shipping/combine', { request_ids: [a, b] }],
      ['/admin/shipping/combine', { request_ids: [b, c] }],
      ['/admin/shipping/transition', { request_ids: [c], to: 'packed' }],
      ['/admin/shipping/combine', { request_ids: [d, e] }],
      ['/admin/shipping/split', { request_ids: [e] }],
      ['/admin/shipping/combine', { request_ids: [e, f] }],
    ];
    for (let round = 0; round < 3; round++) {
      const order = round % 2 === 0 ? actions : [...actions].reverse();
      const answers = await Promise.all(order.map(([path, body], i) => tabs[i % tabs.length]!.post(path, body)));
      // Each is done or refused for a reason the operator can read; none fails.
      for (const answer of answers) expect([STATE.ok, STATE.conflict]).toContain(answer.body.state);
    }
    const rows = await queryRows<{ id: number; parcel_id: number | null; status: string }>(
      db(),
      sql`select id, parcel_id, status from shipping_requests where id = any(${`{${ids.join(',')}}`}::int[]) order by id`,
    );
    const byId = new Map(rows.map((r) => [r.id, r]));
    for (const r of rows) {
      if (r.parcel_id === null) continue;
      const lead = byId.get(r.parcel_id);
      expect(lead?.parcel_id, `#${r.id} follows a lead`).toBeNull();
      expect(r.status, `#${r.id} moves with its parcel`).toBe(lead?.status);
    }
  });
});
