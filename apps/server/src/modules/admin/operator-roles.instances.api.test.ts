import type { FastifyInstance } from 'fastify';
import { STATE } from '@oripa/contract/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestMember } from '../../testing/members.ts';
import { TestClient } from '../../testing/test-client.ts';
import { openTwoInstances, type TwoInstances } from '../../testing/two-instances.ts';
import { createTestOperator, signInOperator } from './admin-testing.ts';

// Decision 049: a role's permissions are read from the database on every console request, so an
// owner's change on one instance holds at the next request on another. On PostgreSQL each
// instance has its own pool, as two processes would; on PGlite the two apps share one handle.
let two: TwoInstances;
let a: FastifyInstance;
let b: FastifyInstance;

beforeAll(async () => {
  two = await openTwoInstances('roles', { poolSize: 5 });
  ({ a, b } = two);
});

afterAll(async () => {
  await two?.close();
});

describe('a role changed on one instance', () => {
  it('holds at the next request on the other', async () => {
    const db = two.dbA.db;
    const owner = new TestClient(a);
    await signInOperator(db, owner, (await createTestOperator(db, 'owner')).id);
    const support = new TestClient(b);
    await signInOperator(db, support, (await createTestOperator(db, 'support')).id);
    const userId = await createTestMember(db);

    expect((await support.post('/admin/members/note', { user_id: userId, body: '一件目' })).body.state).toBe(STATE.ok);
    const roles = (await owner.get('/admin/roles')).body.roles as { role: string; permissions: string[] }[];
    const kept = roles.find((r) => r.role === 'support')!.permissions.filter((p) => p !== 'members.note');
    expect((await owner.post('/admin/roles/save', { role: 'support', permissions: kept, compensation_points: 1000, compensation_coins: '1000' })).body.state).toBe(STATE.ok);
    expect((await support.post('/admin/members/note', { user_id: userId, body: '二件目' })).body.state).toBe(STATE.forbidden);

    expect((await owner.post('/admin/roles/save', { role: 'support', permissions: [...kept, 'members.note'], compensation_points: 1000, compensation_coins: '1000' })).body.state).toBe(STATE.ok);
    expect((await support.post('/admin/members/note', { user_id: userId, body: '三件目' })).body.state).toBe(STATE.ok);
  });
});
