import { ADMIN_PERMISSIONS, presetAllows, type AdminPermission } from '@oripa/contract/admin';
import { STATE } from '@oripa/contract/states';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { shippingRequests } from '../../db/schema/gacha.ts';
import { shippingParcels } from '../../db/schema/shipping.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { createTestShippingRequest } from '../shipping/shipping-testing.ts';
import { useConsoleShop } from './admin-testing.ts';

/**
 * Roles that fit a shop (issue 27 point 1, decision 049): support acts on a ticket (a note, a
 * compensation within its limit, a suspension, the parcels), and the owner's changes to a role
 * hold from the next request.
 */

const t = useConsoleShop('owner', 'staff', 'support');
const { db } = t;

let requestSeq = 0;
const requestId = () => `roles-${Date.now().toString(36)}-${++requestSeq}`;

const presetOf = (role: 'staff' | 'support') => (Object.keys(ADMIN_PERMISSIONS) as AdminPermission[]).filter((p) => presetAllows(role, p));
const restore = (role: 'staff' | 'support') =>
  t.owner.post('/admin/roles/save', { role, permissions: presetOf(role), compensation_points: 1000, compensation_coins: '1000' });

const balanceOf = async (id: number) =>
  (await queryRows<{ point: number; coin: string }>(db(), sql`select point_balance as point, coin_balance::text as coin from users where id = ${id}`))[0]!;
const pointRows = async (id: number) => (await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from point_ledger where user_id = ${id}`))[0]!.n;
const auditOf = (target: string) => db().select().from(auditLog).where(eq(auditLog.target, target));

describe('support on a ticket', () => {
  it('compensates within its limit with a reason (ledger row, audit with the reason), and is refused above it with nothing written', async () => {
    const id = await createTestMember(db(), { point: 100 });
    const ok = await t.support.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '500', reason: '配送遅延のお詫び', request_id: requestId() });
    expect(ok.body).toMatchObject({ state: STATE.ok, applied: true, balance: '600' });
    const page = await t.support.get(`/admin/members/${id}`);
    expect((page.body.point_ledger as { delta: string; memo: string }[])[0]).toMatchObject({ delta: '500', memo: '配送遅延のお詫び' });
    expect(await auditOf(`member:${id}`)).toMatchObject([{ action: 'member.points.add', after: { amount: '500', reason: '配送遅延のお詫び' } }]);

    const rows = await pointRows(id);
    const over = await t.support.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '5000', reason: 'お詫び', request_id: requestId() });
    expect(over.body.state).toBe(STATE.validation);
    expect(over.body.errors.amount).toEqual(['あなたの権限で1回に調整できるのは1,000ポイントまでです。それを超える場合はオーナーに依頼してください。']);
    const coins = await t.support.post('/admin/members/adjust', { user_id: id, kind: 'coins', direction: 'add', amount: '1000.01', reason: 'お詫び', request_id: requestId() });
    expect(coins.body.errors.amount).toEqual(['あなたの権限で1回に調整できるのは1,000コインまでです。それを超える場合はオーナーに依頼してください。']);
    expect(await balanceOf(id)).toEqual({ point: 600, coin: '0.00' });
    expect(await pointRows(id)).toBe(rows);
    expect(await auditOf(`member:${id}`)).toHaveLength(1);
    // A reason is required.
    const bare = await t.support.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '10', reason: ' ', request_id: requestId() });
    expect(bare.body.errors.reason).toBeDefined();
    // The owner has no limit.
    const owner = await t.owner.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '5000', reason: '大口のお詫び', request_id: requestId() });
    expect(owner.body).toMatchObject({ applied: true, balance: '5600' });
  });

  it('writes a note and suspends a member, whose session ends at once', async () => {
    const id = await createTestMember(db());
    const member = t.shop.client();
    await signIn(db(), member, id);
    expect((await member.get('/user/point/list/1')).body.state).toBe(STATE.ok);
    expect((await t.support.post('/admin/members/note', { user_id: id, body: '電話で問い合わせ' })).body).toMatchObject({ state: STATE.ok, note: { body: '電話で問い合わせ' } });
    expect((await t.support.post('/admin/members/suspend', { user_id: id, suspended: true, reason: 'チャージバック' })).body).toMatchObject({ state: STATE.ok, suspended: true });
    expect((await member.get('/user/point/list/1')).body.state).toBe(STATE.loginRequired);
    expect((await auditOf(`member:${id}`)).map((a) => a.action)).toEqual(['member.note', 'member.suspend']);
  });

  it('sees the member’s parcels with carrier and tracking number', async () => {
    const { userId, requestId: parcelId, purchaseId } = await createTestShippingRequest(db(), { cards: 2 });
    await db().update(shippingRequests).set({ status: 'shipped', shippedAt: new Date() }).where(eq(shippingRequests.id, parcelId));
    await db().insert(shippingParcels).values({ requestId: parcelId, carrier: 'yamato', trackingNumber: '123456789012' });
    for (const client of [t.support, t.staff]) {
      const page = await client.get(`/admin/members/${userId}`);
      expect(page.body.parcels).toMatchObject([{ id: parcelId, purchase_id: purchaseId, state: 'shipped', carrier: 'yamato', tracking_number: '123456789012' }]);
      expect((page.body.parcels as { tracking_url: string }[])[0]!.tracking_url).toContain('123456789012');
    }
  });
});

describe('the owner changes a role', () => {
  it('takes effect on the next request, audited, and shows in /admin/me', async () => {
    const id = await createTestMember(db());
    const without = presetOf('support').filter((p) => p !== 'members.note' && p !== 'shipping.read');
    const saved = await t.owner.post('/admin/roles/save', { role: 'support', permissions: [...without, 'catalog.write'], compensation_points: 5000, compensation_coins: '50.5' });
    expect(saved.body.state).toBe(STATE.ok);
    expect((saved.body.roles as { role: string }[]).find((r) => r.role === 'support')).toMatchObject({ compensation_points: 5000, compensation_coins: '50.50' });

    const me = await t.support.get('/admin/me');
    expect(me.body.permissions).toContain('catalog.write');
    expect(me.body.permissions).not.toContain('members.note');
    expect(me.body.compensation_limit).toEqual({ points: 5000, coins: '50.50' });
    expect((await t.support.post('/admin/members/note', { user_id: id, body: 'x' })).body.state).toBe(STATE.forbidden);
    expect((await t.support.get('/admin/packs')).body.state).not.toBe(STATE.forbidden);
    expect((await t.support.get(`/admin/members/${id}`)).body.parcels).toBeNull();
    const bigger = await t.support.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '5000', reason: 'お詫び', request_id: requestId() });
    expect(bigger.body).toMatchObject({ state: STATE.ok, applied: true });
    // The other role is untouched.
    expect((await t.staff.get('/admin/me')).body.permissions).toEqual(presetOf('staff'));

    const [entry] = await db().select().from(auditLog).where(and(eq(auditLog.action, 'role.update'), eq(auditLog.target, 'role:support')));
    expect(entry).toMatchObject({ before: { compensation_points: 1000 }, after: { compensation_points: 5000, compensation_coins: '50.50' } });
    expect((entry!.after as { permissions: string[] }).permissions).toContain('catalog.write');

    expect((await restore('support')).body.state).toBe(STATE.ok);
    expect((await t.support.post('/admin/members/note', { user_id: id, body: '戻った' })).body.state).toBe(STATE.ok);
    expect((await t.support.get('/admin/me')).body.permissions).toEqual(presetOf('support'));
  });

  it('lists the roles with their presets; saving the same again audits nothing', async () => {
    const list = await t.owner.get('/admin/roles');
    expect(list.body.roles).toMatchObject([
      { role: 'staff', permissions: presetOf('staff'), preset: presetOf('staff'), compensation_points: 1000, compensation_coins: '1000.00' },
      { role: 'support', permissions: presetOf('support'), preset: presetOf('support') },
    ]);
    const count = async () => (await db().select().from(auditLog).where(eq(auditLog.action, 'role.update'))).length;
    const before = await count();
    await restore('staff');
    expect(await count()).toBe(before);
  });

  it('keeps managing operators the owner’s, and refuses bad input under its field, changing nothing', async () => {
    const owner = await t.owner.post('/admin/roles/save', { role: 'staff', permissions: ['operators.manage'], compensation_points: 0, compensation_coins: '0' });
    expect(owner.body.state).toBe(STATE.validation);
    expect(owner.body.errors.permissions).toEqual(['担当者の管理はオーナーだけが行えます。']);
    for (const bad of [
      { role: 'owner', permissions: [], compensation_points: 0, compensation_coins: '0' },
      { role: 'staff', permissions: ['nope'], compensation_points: 0, compensation_coins: '0' },
      { role: 'staff', permissions: [], compensation_points: -1, compensation_coins: '0' },
      { role: 'staff', permissions: [], compensation_points: 0, compensation_coins: '1.234' },
    ]) {
      expect((await t.owner.post('/admin/roles/save', bad)).body.state, JSON.stringify(bad)).toBe(STATE.validation);
    }
    expect((await t.staff.get('/admin/me')).body.permissions).toEqual(presetOf('staff'));
    // The owner keeps everything whatever the roles say.
    expect((await t.owner.get('/admin/me')).body).toMatchObject({ permissions: Object.keys(ADMIN_PERMISSIONS), compensation_limit: { points: null, coins: null } });
  });
});
