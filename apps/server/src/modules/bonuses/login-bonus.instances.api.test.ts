import type { FastifyInstance } from 'fastify';
import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { TestClient } from '../../testing/test-client.ts';
import { openTwoInstances, type TwoInstances } from '../../testing/two-instances.ts';
import { createTestOperator, signInOperator } from '../admin/admin-testing.ts';
import { claimLoginBonus } from './bonuses.service.ts';

// Decision 055: the first visit of a Japan-time day credits the operator's login bonus once, as
// free points, however many tabs and instances ask at once. On PostgreSQL each instance has its
// own pool, as two processes would; on PGlite the two apps share one handle.
let two: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;
let owner: TestClient;

beforeAll(async () => {
  two = await openTwoInstances('loginbonus', { poolSize: 10 });
  ({ a, b } = two);
  owner = new TestClient(a);
  await signInOperator(two.dbA.db, owner, (await createTestOperator(two.dbA.db, 'owner')).id);
});

afterAll(async () => {
  await two?.close();
});

async function memberOn(app: FastifyInstance, userId: number): Promise<TestClient> {
  const client = new TestClient(app);
  await signIn(two.dbA.db, client, userId);
  await client.get('/user/point'); // the csrf token, as the web app's first call gets it
  return client;
}

async function pointsOf(userId: number) {
  const [row] = await queryRows<{ balance: number; rows: number; ledger: number; free_ledger: number; free_lots: number; lots: number }>(
    two.dbA.db,
    sql`select (select point_balance from users where id = ${userId}) as balance,
               (select count(*)::int from point_ledger where user_id = ${userId} and reason = 'login_bonus') as rows,
               (select coalesce(sum(delta), 0)::int from point_ledger where user_id = ${userId}) as ledger,
               (select coalesce(sum(free_delta), 0)::int from point_ledger where user_id = ${userId}) as free_ledger,
               (select coalesce(sum(remaining), 0)::int from point_lots where user_id = ${userId} and kind = 'free') as free_lots,
               (select coalesce(sum(remaining), 0)::int from point_lots where user_id = ${userId}) as lots`,
  );
  return row;
}

describe('the login bonus', () => {
  it('credits nothing while the operator has it off (the default)', async () => {
    const userId = await createTestMember(two.dbA.db);
    const member = await memberOn(a, userId);
    const answer = await member.post('/user/login_bonus', {});
    expect(answer.body).toMatchObject({ state: STATE.ok, credited: false, point: 0 });
    expect(await pointsOf(userId)).toMatchObject({ balance: 0, rows: 0 });
  });

  it('refuses settings out of range with the field named, in the operator’s language', async () => {
    const bad = await owner.post('/admin/point_settings', { login_bonus_enabled: true, login_bonus_points: 0, free_point_days: 181 });
    expect(bad.body.state).toBe(STATE.validation);
    expect(bad.body.errors.login_bonus_points?.[0]).toContain('1〜10,000');
    expect(bad.body.errors.free_point_days?.[0]).toContain('1〜180');
    expect((await owner.get('/admin/point_settings')).body.settings).toEqual({ login_bonus_enabled: false, login_bonus_points: 10, free_point_days: 90 });
  });

  it('credits once for 20 parallel first visits across two instances, as free points', async () => {
    const saved = await owner.post('/admin/point_settings', { login_bonus_enabled: true, login_bonus_points: 25, free_point_days: 30 });
    expect(saved.body).toMatchObject({ state: STATE.ok, settings: { login_bonus_enabled: true, login_bonus_points: 25, free_point_days: 30 } });
    const userId = await createTestMember(two.dbA.db);
    const clients = await Promise.all(Array.from({ length: 20 }, (_, i) => memberOn(i % 2 === 0 ? a : b, userId)));

    const answers = await Promise.all(clients.map((c) => c.post('/user/login_bonus', {})));
    expect(answers.map((r) => r.body.state)).toEqual(Array.from({ length: 20 }, () => STATE.ok));
    const credited = answers.filter((r) => r.body.credited === true);
    expect(credited).toHaveLength(1);
    expect(credited[0]?.body).toMatchObject({ point: 25 });
    // The free lot lives the operator's 30 days.
    const lifetime = Date.parse(credited[0]?.body.expires as string) - Date.now();
    expect(lifetime).toBeGreaterThan(29.9 * 86_400_000);
    expect(lifetime).toBeLessThanOrEqual(30 * 86_400_000);
    expect(await pointsOf(userId)).toEqual({ balance: 25, rows: 1, ledger: 25, free_ledger: 25, free_lots: 25, lots: 25 });

    // A later visit the same day credits nothing more; the history shows the row as free points.
    expect((await clients[1]!.post('/user/login_bonus', {})).body).toMatchObject({ credited: false, point: 0 });
    const history = await clients[0]!.get('/user/point/list/1');
    expect(history.body.list).toEqual([expect.objectContaining({ reason: 'login_bonus', bonusPoint: 25, free_point: 25 })]);
    expect((await clients[0]!.get('/user/point/expiring')).body).toMatchObject({ free_point: 25 });
  });

  it('credits again on the next Japan-time day, not at the next UTC day', async () => {
    const userId = await createTestMember(two.dbA.db);
    const db = two.dbA.db;
    // 2026-11-28 23:59 and 2026-11-29 00:00 in Japan; 08:59 UTC the 29th is still the 29th in Japan.
    expect(await claimLoginBonus(db, userId, new Date('2026-11-28T14:59:00Z'))).toMatchObject({ credited: true, day: '2026-11-28' });
    expect(await claimLoginBonus(db, userId, new Date('2026-11-29T15:00:00Z'))).toMatchObject({ credited: true, day: '2026-11-30' });
    expect(await claimLoginBonus(db, userId, new Date('2026-11-28T15:00:00Z'))).toMatchObject({ credited: true, day: '2026-11-29' });
    expect(await claimLoginBonus(db, userId, new Date('2026-11-29T08:59:00Z'))).toMatchObject({ credited: false, day: '2026-11-29' });
    expect(await pointsOf(userId)).toMatchObject({ rows: 3, balance: 75, free_lots: 75 });
  });
});
