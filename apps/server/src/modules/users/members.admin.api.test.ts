import { STATE } from '@oripa/contract/states';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { auditLog } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { operatorClient, useConsoleShop } from '../admin/admin-testing.ts';
import { hashPassword } from '../../kernel/passwords.ts';
import { payments } from '../../db/schema/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { createTestCourse } from '../../testing/payments.ts';

/** Members in the console (issue 12, part 3): search, page, adjustments, suspension, notes. */

const t = useConsoleShop('owner', 'support');
const { db } = t;

let requestSeq = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requestSeq}`;

describe('GET /api/admin/members', () => {
  it('finds members by id, part of the address, the name and the phone', async () => {
    const id = await createTestMember(db(), { mail: 'findme.tanaka@example.com' });
    await db().update(users).set({ lastName: '田中', firstName: '一郎', tel: '09012345678' }).where(eq(users.id, id));
    for (const q of [String(id), 'findme.tanaka', '田中一郎', '田中', '090-1234-5678', '12345678']) {
      const res = await t.support.get(`/admin/members?q=${encodeURIComponent(q)}`);
      expect(res.body.state, q).toBe(STATE.ok);
      expect((res.body.members as { id: number }[]).map((m) => m.id), q).toContain(id);
    }
    const none = await t.support.get('/admin/members?q=%25');
    expect(none.body).toMatchObject({ members: [], total: 0 });
    expect((await t.support.get(`/admin/members?q=${'x'.repeat(101)}`)).body.errors.q).toBeDefined();
  });

  it('lists every member without a query, newest first, a page at a time, sorted on the server', async () => {
    const ids: number[] = [];
    for (const point of [30, 10, 20]) ids.push(await createTestMember(db(), { point }));
    const first = await t.support.get('/admin/members?per=2');
    expect(first.body.state).toBe(STATE.ok);
    const total = first.body.total as number;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.body).toMatchObject({ page: 1, per: 2 });
    const newest = (first.body.members as { id: number }[]).map((m) => m.id);
    expect(newest).toEqual([ids[2], ids[1]]);
    const second = await t.support.get('/admin/members?per=2&page=2');
    expect((second.body.members as { id: number }[])[0]?.id).toBe(ids[0]);
    const last = await t.support.get(`/admin/members?per=2&page=${Math.ceil(total / 2) + 1}`);
    expect(last.body.members).toEqual([]);
    const byPoints = await t.support.get('/admin/members?sort=point&dir=desc&per=200');
    const points = (byPoints.body.members as { point: number }[]).map((m) => m.point);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    for (const bad of ['sort=mail', 'dir=up', 'page=0', 'per=500']) {
      const refused = await t.support.get(`/admin/members?${bad}`);
      expect(refused.body.state, bad).toBe(STATE.validation);
    }
  });
});

describe('POST /api/admin/members/adjust', () => {
  it('adds points as a ledger row with the reason, once per request even when sent twice at once; audited', async () => {
    const id = await createTestMember(db(), { point: 100 });
    const rid = requestId();
    const payload = { user_id: id, kind: 'points', direction: 'add', amount: '250', reason: 'お詫び（配送遅延）', request_id: rid };
    const [a, b] = await Promise.all([t.owner.post('/admin/members/adjust', payload), t.owner.post('/admin/members/adjust', payload)]);
    expect([a.body.applied, b.body.applied].sort()).toEqual([false, true]);
    expect(a.body.balance).toBe('350');
    expect(b.body.balance).toBe('350');
    const page = await t.owner.get(`/admin/members/${id}`);
    const ledger = page.body.point_ledger as { delta: string; balance_after: string; memo: string; reason: string }[];
    expect(ledger[0]).toMatchObject({ delta: '250', balance_after: '350', memo: 'お詫び（配送遅延）', reason: 'grant' });
    expect(page.body.point_lots).toMatchObject([{ amount: 250, remaining: 250 }]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.target, `member:${id}`));
    expect(audit).toMatchObject([{ action: 'member.points.add', after: { amount: '250', balance: '350' } }]);
    // The member sees it in their point history.
    const member = t.shop.client();
    await signIn(db(), member, id);
    const history = await member.get('/user/point/list/1');
    expect(JSON.stringify(history.body)).toContain('お詫び（配送遅延）');
  });

  it('takes coins, never below zero, and refuses bad amounts under the field', async () => {
    const id = await createTestMember(db(), { coin: '10.50' });
    const take = await t.owner.post('/admin/members/adjust', { user_id: id, kind: 'coins', direction: 'subtract', amount: '0.50', reason: 'correction', request_id: requestId() });
    expect(take.body).toMatchObject({ state: STATE.ok, applied: true, balance: '10.00' });
    const tooMuch = await t.owner.post('/admin/members/adjust', { user_id: id, kind: 'coins', direction: 'subtract', amount: '10.01', reason: 'x', request_id: requestId() });
    expect(tooMuch.body.state).toBe(STATE.validation);
    expect(tooMuch.body.errors.amount).toEqual(['残高が足りないため、差し引けません。']);
    for (const [kind, amount] of [['points', '1.5'], ['points', '0'], ['coins', '1.234'], ['coins', '-1']]) {
      const bad = await t.owner.post('/admin/members/adjust', { user_id: id, kind, direction: 'add', amount, reason: 'x', request_id: requestId() });
      expect(bad.body.errors.amount, `${kind} ${amount}`).toBeDefined();
    }
    const noReason = await t.owner.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '1', reason: ' ', request_id: requestId() });
    expect(noReason.body.errors.reason).toBeDefined();
    const [row] = await queryRows<{ coin: string }>(db(), sql`select coin_balance::text as coin from users where id = ${id}`);
    expect(row!.coin).toBe('10.00');
  });

  it('is refused to staff (support compensates within its limit: admin/operator-roles.api.test.ts)', async () => {
    const id = await createTestMember(db());
    const staff = await operatorClient(t.shop, 'staff');
    const res = await staff.post('/admin/members/adjust', { user_id: id, kind: 'points', direction: 'add', amount: '1', reason: 'x', request_id: requestId() });
    expect(res.body.state).toBe(STATE.forbidden);
  });
});

describe('POST /api/admin/members/suspend', () => {
  it('ends the member’s sessions at once and refuses their login until reactivated', async () => {
    const id = await createTestMember(db(), { mail: 'suspend.me@example.com' });
    await db().update(users).set({ passHash: await hashPassword('secret123') }).where(eq(users.id, id));
    const member = t.shop.client();
    await signIn(db(), member, id);
    expect((await member.get('/user/point/list/1')).body.state).toBe(STATE.ok);

    const res = await t.owner.post('/admin/members/suspend', { user_id: id, suspended: true, reason: '不正利用の疑い' });
    expect(res.body).toMatchObject({ state: STATE.ok, suspended: true });
    expect((await member.get('/user/point/list/1')).body.state).toBe(STATE.loginRequired);
    const login = t.shop.client();
    await login.get('/user/point');
    const refused = await login.post('/user/login', { mail: 'suspend.me@example.com', pass: 'secret123' });
    expect(refused.body.state).toBe(STATE.validation);
    expect(refused.body.errors.mail).toEqual(['このアカウントはご利用を停止しています。お問い合わせください。']);
    expect((await t.owner.get(`/admin/members/${id}`)).body).toMatchObject({ member: { suspended: true }, suspension: { reason: '不正利用の疑い' } });

    expect((await t.owner.post('/admin/members/suspend', { user_id: id, suspended: false, reason: '確認済み' })).body.suspended).toBe(false);
    expect((await login.post('/user/login', { mail: 'suspend.me@example.com', pass: 'secret123' })).body.state).toBe(STATE.ok);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.target, `member:${id}`))).map((e) => e.action);
    expect(actions).toEqual(['member.suspend', 'member.reactivate']);
  });
});

describe('POST /api/admin/members/note', () => {
  it('keeps support notes on the member, audited', async () => {
    const id = await createTestMember(db());
    const res = await t.owner.post('/admin/members/note', { user_id: id, body: '電話で問い合わせあり' });
    expect(res.body).toMatchObject({ state: STATE.ok, note: { body: '電話で問い合わせあり' } });
    expect((await t.owner.get(`/admin/members/${id}`)).body.notes).toMatchObject([{ body: '電話で問い合わせあり' }]);
    expect((await t.owner.post('/admin/members/note', { user_id: 2147483647, body: 'x' })).body.state).toBe(STATE.notFound);
  });
});

describe('GET /api/admin/members/:id', () => {
  it('shows the member’s purchases with their cards’ states, won cards and payments', async () => {
    const id = await createTestMember(db(), { point: 1000 });
    const packId = await createTestPack(db());
    const member = t.shop.client();
    await signIn(db(), member, id);
    await member.get(`/user/pack/detail/${packId}`);
    expect((await member.post('/user/pack/check', { count: 2 })).body.state).toBe(STATE.ok);
    expect((await member.post('/user/pack/buy')).body.state).toBe(STATE.ok);
    const courseId = await createTestCourse(db(), { point: 500, price: 550 });
    await db().insert(payments).values({ userId: id, courseId, point: 500, amount: 550, tax: 50, payId: 4, provider: 'sandbox', state: 'pending', payerName: 'ヤマダハナコ' });

    const page = await t.support.get(`/admin/members/${id}`);
    expect(page.body.state).toBe(STATE.ok);
    expect(page.body.purchases).toMatchObject([{ pack_id: packId, count: 2, cost: 200, pending: 2, ship: 0, converted: 0 }]);
    expect(page.body.holdings).toHaveLength(2);
    expect(page.body.payments).toMatchObject([{ pay_id: 4, state: 'pending', point: 500, amount: 550, payer_name: 'ヤマダハナコ' }]);
    expect((page.body.point_ledger as { delta: string }[])[0]).toMatchObject({ delta: '-200', balance_after: '800' });
    expect((await t.support.get('/admin/members/2147483647')).body.state).toBe(STATE.notFound);
  });
});

describe('GET /api/admin/members/:id referrals', () => {
  it('lists the friends a member referred with their SMS state and whether the bonus was granted, and who referred a friend', async () => {
    const referrer = await createTestMember(db(), { mail: 'referrer.console@example.com' });
    const verified = await createTestMember(db(), { mail: 'friend.rewarded@example.com' });
    const waiting = await createTestMember(db(), { mail: 'friend.waiting@example.com' });
    const rewardedAt = new Date('2026-11-20T03:00:00Z');
    await db().update(users).set({ referredBy: referrer, endSms: 1, referralRewardedAt: rewardedAt }).where(eq(users.id, verified));
    await db().update(users).set({ referredBy: referrer }).where(eq(users.id, waiting));
    const page = await t.support.get(`/admin/members/${referrer}`);
    expect(page.body.referrals).toEqual({
      referred_by: null,
      friends: [
        expect.objectContaining({ id: verified, mail: 'friend.rewarded@example.com', sms_verified: true, rewarded_at: rewardedAt.toISOString() }),
        expect.objectContaining({ id: waiting, mail: 'friend.waiting@example.com', sms_verified: false, rewarded_at: null }),
      ],
    });
    const friendPage = await t.support.get(`/admin/members/${verified}`);
    expect(friendPage.body.referrals).toEqual({ referred_by: { id: referrer, mail: 'referrer.console@example.com', rewarded: true }, friends: [] });
  });
});
