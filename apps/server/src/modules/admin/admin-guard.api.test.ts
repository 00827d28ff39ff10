import { ADMIN_PERMISSIONS, OPERATOR_ROLES, type OperatorRole } from '@oripa/contract/admin';
import { STATE } from '@oripa/contract/states';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { routeCatalog } from '../../http/route-catalog.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { adminRouteAccess } from './admin-route.ts';
import { browsersFrom, createTestOperator, signInOperator, useConsoleShop } from './admin-testing.ts';

/**
 * The console's guard over every /api/admin call, table-driven from the app itself: the routes
 * come from the route catalogue and each one's access from its registration (adminRouteAccess),
 * so a call added later is checked without touching this file. Each is refused to visitors and
 * members (401), to an operator half-way through the login (401), and to every role without
 * the right (4030) before its input is read; a role with the right gets past the guard.
 */

/**
 * Who may do what, written out here rather than read from the contract, so that a change of
 * either fails this test (a right given to a role by mistake must be noticed).
 */
const WRITTEN: Record<string, readonly OperatorRole[]> = {
  'operators.manage': ['owner'],
  'audit.read': ['owner'],
  'maintenance.write': ['owner'],
  'maintenance.read': ['owner', 'staff', 'support'],
  'outbox.read': ['owner', 'support'],
  'members.read': ['owner', 'staff', 'support'],
  // Support acts on a ticket: a note, a compensation within its limit, a suspension (decision 049).
  'members.note': ['owner', 'support'],
  'members.compensate': ['owner', 'support'],
  'members.suspend': ['owner', 'support'],
  // Support corrects a member's birth date (with a reason, audited); caps for minors are the owner's.
  'members.birth_date': ['owner', 'support'],
  // A family's request (a member's limits or pause, with a reason, audited): support and owner (decision 043).
  'members.play_limits': ['owner', 'support'],
  // A member who lost their LINE account calls support: owner and support unlink it (decision 062).
  'members.line_unlink': ['owner', 'support'],
  'minor_caps.write': ['owner'],
  'payments.read': ['owner', 'support'],
  'payments.write': ['owner'],
  'payments.refund': ['owner'],
  'catalog.write': ['owner', 'staff'],
  // Support answers "where is my parcel": the member's parcels with carrier and tracking number.
  'shipping.read': ['owner', 'staff', 'support'],
  'shipping.write': ['owner', 'staff'],
  'dashboard.read': ['owner', 'staff', 'support'],
  'invoice.write': ['owner'],
  // Every operator chooses their alert mails; the webhook and thresholds are the owner's.
  'alerts.read': ['owner', 'staff', 'support'],
  'alerts.write': ['owner'],
  // Sales, the points liability and the members' and payments' files are the owner's.
  'reports.read': ['owner'],
  // Every role reads members' inquiries; owner and support answer them (decision 052).
  'inquiries.read': ['owner', 'staff', 'support'],
  'inquiries.write': ['owner', 'support'],
  'points.settings': ['owner'],
};

const t = useConsoleShop();
const { db } = t;
/** A browser of its own, from an IP of its own (so no test's refusals throttle another's). */
const browser = browsersFrom(t, '10.77');

interface Call {
  method: 'GET' | 'POST';
  /** The path the test client takes (without /api), parameters filled with 1. */
  path: string;
  name: string;
  access: string | undefined;
}

function calls(): Call[] {
  const access = adminRouteAccess(t.shop.app);
  return routeCatalog(t.shop.app)
    .filter((r) => r.url.startsWith('/api/admin/') && (r.method === 'GET' || r.method === 'POST'))
    .map((r) => ({
      method: r.method as 'GET' | 'POST',
      path: r.url
        .slice('/api'.length)
        .split('/')
        .map((part) => (part.startsWith(':') ? '1' : part === '*' ? 'x' : part))
        .join('/'),
      name: `${r.method} ${r.url}`,
      access: access.get(`${r.method} ${r.url}`),
    }));
}

async function operatorOf(role: OperatorRole, step = 'done'): Promise<TestClient> {
  const op = await createTestOperator(db(), role);
  const client = await browser();
  await signInOperator(db(), client, op.id, step);
  return client;
}

/** Junk input: the guard must answer before it is read. */
const send = (client: TestClient, c: Call) => (c.method === 'GET' ? client.get(`${c.path}?junk=%00`) : client.post(c.path, { junk: '\u0000', user_id: 'x' }));

const auditCount = async () => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from audit_log`))[0]!.n;

describe('every /api/admin call the app registers', () => {
  it('has an access entry, and the rights table is the one written here', () => {
    expect(ADMIN_PERMISSIONS).toEqual(WRITTEN);
    const list = calls();
    // The test can fail: the console's known calls are among those read from the app.
    for (const name of ['POST /api/admin/login', 'GET /api/admin/me', 'POST /api/admin/payments/record', 'GET /api/admin/members/:id']) {
      expect(list.map((c) => c.name)).toContain(name);
    }
    const unknown = list.filter((c) => c.access === undefined || (c.access !== 'visitor' && c.access !== 'login' && !(c.access in WRITTEN)));
    expect(unknown.map((c) => `${c.name} (${String(c.access)})`)).toEqual([]);
  });

  it('refuses visitors and signed-in members with state 401, changing nothing', async () => {
    const member = await browser();
    await signIn(db(), member, await createTestMember(db()));
    const visitor = await browser();
    const before = await auditCount();
    for (const client of [visitor, member]) {
      for (const c of calls().filter((x) => x.access !== 'visitor')) {
        const res = await send(client, c);
        expect(res.body.state, c.name).toBe(STATE.loginRequired);
        expect(res.body.errors.operator, c.name).toBeDefined();
      }
    }
    expect(await auditCount()).toBe(before);
  });

  it('refuses an operator half-way through the login everything but the login steps', async () => {
    const client = await operatorOf('owner', 'totp');
    for (const c of calls().filter((x) => x.access !== 'visitor' && x.access !== 'login')) {
      expect((await send(client, c)).body.state, c.name).toBe(STATE.loginRequired);
    }
  });

  it.each(OPERATOR_ROLES)('refuses %s every call without the right with 4030 (changing nothing), and lets the others past the guard', async (role) => {
    const client = await operatorOf(role);
    const guarded = calls().filter((c) => c.access !== undefined && c.access in WRITTEN);
    const before = await auditCount();
    for (const c of guarded.filter((x) => !WRITTEN[x.access!]!.includes(role))) {
      const res = await send(client, c);
      expect(res.body.state, `${role} ${c.name}`).toBe(STATE.forbidden);
      expect(res.body.errors.operator, `${role} ${c.name}`).toEqual(['この操作を行う権限がありません。']);
    }
    expect(await auditCount()).toBe(before);
    for (const c of guarded.filter((x) => WRITTEN[x.access!]!.includes(role))) {
      // Junk input from a role with the right: refused for its input (or a missing id), never by the guard, never a 500.
      const res = await send(client, c);
      expect([STATE.loginRequired, STATE.forbidden, STATE.server], `${role} ${c.name}: ${JSON.stringify(res.body.errors)}`).not.toContain(res.body.state);
    }
  });

  it('follows the owner’s changes to a role on the next request: support with nothing is refused everything, staff with everything passes all but the owner’s own', async () => {
    const owner = await operatorOf('owner');
    const support = await operatorOf('support');
    const staff = await operatorOf('staff');
    const all = Object.keys(WRITTEN).filter((p) => p !== 'operators.manage');
    const save = (role: string, permissions: string[]) => owner.post('/admin/roles/save', { role, permissions, compensation_points: 1000, compensation_coins: '1000' });
    expect((await save('support', [])).body.state).toBe(STATE.ok);
    expect((await save('staff', all)).body.state).toBe(STATE.ok);
    const guarded = calls().filter((c) => c.access !== undefined && c.access in WRITTEN);
    const before = await auditCount();
    for (const c of guarded) {
      expect((await send(support, c)).body.state, `support ${c.name}`).toBe(STATE.forbidden);
    }
    for (const c of guarded.filter((x) => x.access === 'operators.manage')) {
      expect((await send(staff, c)).body.state, `staff ${c.name}`).toBe(STATE.forbidden);
    }
    expect(await auditCount()).toBe(before);
    for (const c of guarded.filter((x) => x.access !== 'operators.manage')) {
      const res = await send(staff, c);
      expect([STATE.loginRequired, STATE.forbidden, STATE.server], `staff ${c.name}: ${JSON.stringify(res.body.errors)}`).not.toContain(res.body.state);
    }
    const presetOf = (role: OperatorRole) => Object.keys(WRITTEN).filter((p) => WRITTEN[p]!.includes(role));
    expect((await save('support', presetOf('support'))).body.state).toBe(STATE.ok);
    expect((await save('staff', presetOf('staff'))).body.state).toBe(STATE.ok);
  });
});
