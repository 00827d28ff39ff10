import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { testEngine } from '../../testing/test-database.ts';
import { browsersFrom, createTestOperator, signInOperator, useConsoleShop } from './admin-testing.ts';

/**
 * Issue 22 E: two owners demoting each other with 20 parallel calls. Owner rows are locked in id
 * order and a deadlock is tried again, so no call fails with a 500; exactly one demotion wins and
 * the shop keeps one active owner (the other owner's calls are refused). A deadlock forced on
 * PostgreSQL shows the retry: the call it picks as the victim is tried again, not answered 500.
 */

const t = useConsoleShop();
const browser = browsersFrom(t, '10.92');

async function owner() {
  const op = await createTestOperator(t.db(), 'owner');
  const client = await browser();
  await signInOperator(t.db(), client, op.id);
  return { ...op, client };
}

const activeOwners = async () =>
  (await queryRows<{ id: number }>(t.db(), sql`select id from operators where role = 'owner' and disabled_at is null order by id`)).map((r) => r.id);

describe('two owners demoting each other with 20 parallel calls', () => {
  it('answers no 500 and leaves exactly one of them an owner (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const a = await owner();
      const b = await owner();
      for (const id of await activeOwners()) {
        if (id !== a.id && id !== b.id) expect((await a.client.post('/admin/operators/update', { operator_id: id, disabled: true })).body.state).toBe(STATE.ok);
      }
      const calls = Array.from({ length: 20 }, (_, i) =>
        i % 2 === 0 ? a.client.post('/admin/operators/update', { operator_id: b.id, role: 'staff' }) : b.client.post('/admin/operators/update', { operator_id: a.id, role: 'staff' }),
      );
      const answers = await Promise.all(calls);
      expect(answers.map((r) => r.status).filter((s) => s >= 500)).toEqual([]);
      const states = answers.map((r) => r.body.state);
      expect(states.every((s) => s === STATE.ok || s === STATE.conflict || s === STATE.forbidden), states.join(',')).toBe(true);
      const remaining = await activeOwners();
      expect(remaining).toHaveLength(1);
      const winner = remaining[0] === a.id ? a : b;
      expect([a.id, b.id]).toContain(winner.id);
      // Only the winner's calls succeeded.
      const winnerCalls = answers.filter((_, i) => (i % 2 === 0) === (winner === a));
      expect(answers.filter((r) => r.body.state === STATE.ok).length).toBeGreaterThan(0);
      expect(answers.filter((r) => r.body.state === STATE.ok).every((r) => winnerCalls.includes(r))).toBe(true);
    }
  });
});

describe.skipIf(testEngine() !== 'postgres')('a deadlock while the owners are locked (PostgreSQL)', () => {
  it('is tried again: the call picked as the victim still succeeds', async () => {
    const a = await owner();
    const b = await owner();
    const staff = await createTestOperator(t.db(), 'staff');
    const db = t.db();
    const lockWaits = async () =>
      (await queryRows<{ n: number }>(db, sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`))[0]!.n;
    // Another transaction holds b; the call locks a (lower id) and waits for b; then the other
    // transaction asks for a: a cycle, and PostgreSQL aborts the call, which waited first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = db
      .transaction(async (tx) => {
        await tx.execute(sql`select id from operators where id = ${b.id} for update`);
        release();
        while ((await lockWaits()) === 0) await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`select id from operators where id = ${a.id} for update`);
      })
      .catch((error: unknown) => error);
    await held;
    const answer = await a.client.post('/admin/operators/update', { operator_id: staff.id, role: 'support' });
    await other;
    expect(answer.status).toBeLessThan(500);
    expect(answer.body).toMatchObject({ state: STATE.ok, operator: { id: staff.id, role: 'support' } });
  });
});
