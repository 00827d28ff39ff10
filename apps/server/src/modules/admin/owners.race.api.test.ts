import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { testEngine } from '../../testing/test-database.ts';
import { browsersFrom, createTestOperator, signInOperator, useConsoleShop } from './admin-testing.ts';

/**
 * Issue 22 E: two owners demoting each other with 20 parallel calls. The owners, the target and
 * the caller are locked in one statement in id order and a deadlock is tried again, so no call
 * fails with a 500; exactly one demotion wins and the shop keeps one active owner (the other
 * owner's calls are refused). On PostgreSQL: two calls that read the owners before and after a
 * demotion never wait for each other (a CI run met that deadlock often enough to exhaust the
 * retries), and a deadlock forced from outside shows the retry: the victim is tried again.
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

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sessions of this file's database waiting for a lock, each with the sessions it waits for. */
const lockWaits = async () =>
  queryRows<{ pid: number; blockers: number[] }>(
    t.db(),
    sql`select pid, pg_blocking_pids(pid) as blockers from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  );

async function untilWaiting(count: number): Promise<void> {
  while ((await lockWaits()).length < count) await sleep(20);
}

/** A transaction that runs `hold` and then stays open until its release is called. */
function heldTransaction(hold: (tx: DbOrTx) => Promise<unknown>) {
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding: () => void = () => {};
  const held = new Promise<void>((resolve) => (holding = resolve));
  const done = t.db().transaction(async (tx) => {
    await hold(tx);
    holding();
    await released;
  });
  return { held, release, done };
}

describe.skipIf(testEngine() !== 'postgres')('two calls that read the owners before and after a demotion (PostgreSQL)', () => {
  it('never wait for each other, and both succeed', async () => {
    const a = await owner();
    const b = await owner();
    // a and b are the shop's only owners: each call would otherwise queue first for an older one.
    await t.db().execute(sql`update operators set role = 'staff' where role = 'owner' and id not in (${a.id}, ${b.id})`);
    const pidOf = async (tx: DbOrTx) =>
      (await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`))[0]!.pid;
    // a's demotion, not committed yet; b held; a transaction first in line for a.
    const demotion = heldTransaction((tx) => tx.execute(sql`update operators set role = 'staff' where id = ${a.id}`));
    await demotion.held;
    const bHeld = heldTransaction((tx) => tx.execute(sql`select id from operators where id = ${b.id} for update`));
    await bHeld.held;
    let holderOfA = 0;
    const aHeld = heldTransaction(async (tx) => {
      holderOfA = await pidOf(tx);
      await tx.execute(sql`select id from operators where id = ${a.id} for update`);
    });
    await untilWaiting(1);
    // The first call reads the owners while a still is one, and queues for a.
    const before = b.client.post('/admin/operators/update', { operator_id: a.id, role: 'support' });
    await untilWaiting(2);
    demotion.release();
    await demotion.done;
    await aHeld.held;
    // The second call reads the owners after the demotion (a is only its target now) and queues
    // for b, or for a where it locks in id order.
    const after = b.client.post('/admin/operators/update', { operator_id: a.id, role: 'support' });
    await untilWaiting(2);
    // a is freed: the first call takes it and queues for b, behind the second where that waits for b.
    aHeld.release();
    await aHeld.done;
    const pastA = async () => {
      const waits = await lockWaits();
      return waits.length === 2 && waits.every((w) => !w.blockers.includes(holderOfA));
    };
    while (!(await pastA())) await sleep(20);
    bHeld.release();
    await bHeld.done;
    let finished = false;
    const answers = Promise.all([before, after]).finally(() => (finished = true));
    let cycle = false;
    while (!finished && !cycle) {
      const waits = await lockWaits();
      cycle = waits.some((w) => w.blockers.some((pid) => waits.find((v) => v.pid === pid)?.blockers.includes(w.pid)));
      await sleep(20);
    }
    expect(cycle, 'two calls waited for each other (a deadlock)').toBe(false);
    for (const answer of await answers) expect(answer.body).toMatchObject({ state: STATE.ok, operator: { id: a.id, role: 'support' } });
  });
});

describe.skipIf(testEngine() !== 'postgres')('a deadlock while the owners are locked (PostgreSQL)', () => {
  it('is tried again: the call picked as the victim still succeeds', async () => {
    const a = await owner();
    const b = await owner();
    const staff = await createTestOperator(t.db(), 'staff');
    const db = t.db();
    // Another transaction holds b; the call locks a (lower id) and waits for b; then the other
    // transaction asks for a: a cycle, and PostgreSQL aborts the call, which waited first.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const other = db
      .transaction(async (tx) => {
        await tx.execute(sql`select id from operators where id = ${b.id} for update`);
        release();
        await untilWaiting(1);
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
