import type { PlayLimits } from '@oripa/contract/play-limits';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { purchases } from '../../db/schema/gacha.ts';
import { memberLimitChanges } from '../../db/schema/play-safety.ts';
import { payments } from '../../db/schema/payments.ts';
import { formatJst } from '../../lib/time.ts';
import { useTestShop } from '../../testing/course-shop.ts';
import { fund } from '../../testing/funds.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { cardToken, createTestCourse, pointState } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { operatorClient } from '../admin/admin-testing.ts';
import { jstDayBounds } from './limit-rules.ts';

/**
 * Decision 043 over the wire: the member's own daily and monthly limits (lower at once, higher
 * after 24 hours on the shop's clock), checked at payment start under the age-row lock (20
 * parallel starts), a time-out and self-exclusion that stop points and packs and that the member
 * cannot lift, and the console applying a family's request (audited).
 */

const t = useTestShop();
let courseId: number;
let packId: number;

beforeAll(async () => {
  courseId = await createTestCourse(t.db(), { point: 1000, price: 1100 });
  packId = await createTestPack(t.db(), { price: 100 });
});

/** Moves the shop's clock `hours` ahead of the real one (from now on, until the test ends). */
function clockAhead(hours: number) {
  t.shop.app.ctx.clock = () => new Date(Date.now() + hours * 3_600_000);
}
afterEach(() => {
  t.shop.app.ctx.clock = () => new Date();
});

async function member(points = 0) {
  const db = t.db();
  const userId = await createTestMember(db);
  if (points > 0) await fund(db, userId, { points });
  const client = t.shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  expect((await client.get(`/user/point_price/detail/${courseId}`)).body.state).toBe(200);
  return { userId, client };
}
type Member = Awaited<ReturnType<typeof member>>;

async function buyByCard(client: Member['client']) {
  const token = await cardToken(t.shop.app, '4111111111111111');
  return client.post('/user/point/buy', { pay_id: 1, token });
}

/** A convenience-store slip: open orders count against limits; no card token to age with the clock. */
const buyBySlip = (client: Member['client']) => client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });

/** The limits an answer carries, as the contract types them. */
const limitsIn = (res: { body: Record<string, unknown> }) => res.body.play_limits as PlayLimits;

const limits = (client: Member['client'], daily: number | '', monthly: number | '') =>
  client.post('/user/play_limits', { daily_limit: daily, monthly_limit: monthly });

describe('the member’s own spending limits', () => {
  it('applies a raised limit only after 24 hours (on the shop’s clock), and a lowered one at once', async () => {
    const { client, userId } = await member();
    // From no limit, any limit is a lowering: it applies at once (¥1,000 refuses a ¥1,100 course).
    const set = await limits(client, 1000, '');
    expect(limitsIn(set).daily).toMatchObject({ limit: 1000, pending: null });
    expect((await buyByCard(client)).body).toMatchObject({ state: 409, errors: { payment: [expect.stringContaining('1日のポイント購入上限は1,000円')] } });

    const raised = await limits(client, 5000, '');
    const pending = limitsIn(raised).daily.pending!;
    expect(limitsIn(raised).daily.limit).toBe(1000);
    expect(pending.amount).toBe(5000);
    const waitMs = new Date(pending.from).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(23.9 * 3_600_000);
    expect(waitMs).toBeLessThanOrEqual(24 * 3_600_000);

    clockAhead(23.5);
    expect((await buyByCard(client)).body.state).toBe(409);
    expect(limitsIn(await client.get('/user/play_limits')).daily).toMatchObject({ limit: 1000, pending: { amount: 5000 } });
    clockAhead(24.01);
    expect(limitsIn(await client.get('/user/play_limits')).daily).toMatchObject({ limit: 5000, pending: null });
    expect((await buyBySlip(client)).body.state).toBe(200);

    // Lowering applies at once, on the same clock.
    expect(limitsIn(await limits(client, 1000, '')).daily).toMatchObject({ limit: 1000, pending: null });
    expect((await buyBySlip(client)).body.state).toBe(409);
    expect(await t.db().select({ amount: payments.amount }).from(payments).where(eq(payments.userId, userId))).toEqual([{ amount: 1100 }]);

    const history = await t.db().select().from(memberLimitChanges).where(eq(memberLimitChanges.userId, userId));
    expect(history.map((h) => [h.kind, h.amount, h.actor])).toEqual([
      ['daily_limit', 1000, 'member'],
      ['daily_limit', 5000, 'member'],
      ['daily_limit', 1000, 'member'],
    ]);
    expect(history[1]!.effectiveFrom.getTime() - history[1]!.createdAt.getTime()).toBe(24 * 3_600_000);
  });

  it('treats removing a limit as a raise, and a lowering cancels a waiting raise', async () => {
    const { client } = await member();
    await limits(client, '', 20_000);
    const removed = limitsIn(await limits(client, '', '')).monthly;
    expect(removed).toMatchObject({ limit: 20_000, pending: { amount: null } });
    // The same form sent again (what was last asked) changes nothing.
    expect(limitsIn(await limits(client, '', '')).history).toHaveLength(2);
    const lowered = limitsIn(await limits(client, '', 15_000));
    expect(lowered.monthly).toMatchObject({ limit: 15_000, pending: null });
    expect(lowered.history.map((h: { amount: number | null }) => h.amount)).toEqual([15_000, null, 20_000]);
  });

  it('refuses with the limit, what is left today and when the day resets (Japan time), in ja and en', async () => {
    const { client } = await member();
    await limits(client, 3000, '');
    for (let i = 0; i < 2; i += 1) expect((await buyByCard(client)).body.state).toBe(200);
    const reset = formatJst(jstDayBounds(new Date()).next);
    const third = await buyByCard(client);
    expect(third.body).toMatchObject({
      state: 409,
      result: '0',
      errors: { payment: [`ご自身で設定した1日のポイント購入上限は3,000円です。本日あと800円まで購入できます（${reset}（日本時間）にリセットされます）。`] },
    });
    client.setLang('en');
    expect((await buyByCard(client)).body.errors.payment?.[0]).toBe(
      `Your own daily limit for buying points is ¥3,000. You can spend ¥800 more today (it resets on ${reset}, Japan time).`,
    );
    expect(limitsIn(await client.get('/user/play_limits')).daily).toMatchObject({ spent: 2200, left: 800 });
  });

  it('applies the monthly limit too', async () => {
    const { client } = await member();
    await limits(client, '', 2000);
    expect((await buyByCard(client)).body.state).toBe(200);
    const second = await buyByCard(client);
    expect(second.body.errors.payment?.[0]).toContain('1か月のポイント購入上限は2,000円です。今月あと900円');
  });

  it('never lets 20 parallel payment starts pass a member’s daily limit', async () => {
    const { client, userId } = await member();
    await limits(client, 10_000, '');
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cardToken(t.shop.app, '4111111111111111')));
    const answers = await Promise.all(tokens.map((token) => client.post('/user/point/buy', { pay_id: 1, token })));
    const states = answers.map((a) => a.body.state);
    expect(states.filter((s) => s === 200)).toHaveLength(9); // 9 × 1,100 = 9,900 ≤ 10,000
    expect(states.filter((s) => s === 409)).toHaveLength(11);
    const rows = await t.db().select().from(payments).where(eq(payments.userId, userId));
    expect(rows.reduce((sum, p) => sum + p.amount, 0)).toBe(9900);
  });

  it('refuses hostile limits with the range message and writes nothing', async () => {
    const { client, userId } = await member();
    for (const hostile of [-1, '1e3', 'abc', 10_000_001, '1,000', [1000], null, ' 100']) {
      const res = await limits(client, hostile as number, '');
      expect(res.body, String(hostile)).toMatchObject({ state: 400, errors: { daily_limit: [expect.stringContaining('10,000,000')] } });
    }
    expect((await client.post('/user/play_limits', { daily_limit: 1000 })).body.state).toBe(400);
    expect(await t.db().select().from(memberLimitChanges).where(eq(memberLimitChanges.userId, userId))).toEqual([]);
  });
});

describe('time-out and self-exclusion', () => {
  it('self-exclusion refuses points and packs until its end, and the member cannot lift or shorten it', async () => {
    const { client, userId } = await member(5000);
    // A check made before the exclusion must not buy after it either (the batch reads the pause).
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);

    const excluded = await client.post('/user/play_pause', { period: '6m' });
    const exclusion = limitsIn(excluded).pause!;
    expect(exclusion.kind).toBe('exclusion');
    const until = formatJst(new Date(exclusion.until));
    const days = (new Date(exclusion.until).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(180);
    expect(days).toBeLessThan(185);

    const message = `自己排除の期間中のため、${until}（日本時間）までポイントとパックは購入できません。`;
    expect((await client.post('/user/pack/buy', { count: 1, pack_id: packId })).body).toMatchObject({ state: 409, errors: { count: [message] } });
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body).toMatchObject({ state: 409, errors: { count: [message] } });
    expect((await buyByCard(client)).body).toMatchObject({ state: 409, result: '0', errors: { payment: [message] } });
    client.setLang('en');
    expect((await buyByCard(client)).body.errors.payment?.[0]).toBe(`You have excluded yourself: you cannot buy points or packs until ${until} (Japan time).`);

    // No lifting: a shorter period is refused with the end, an unknown one is invalid.
    for (const period of ['24h', '30d']) {
      const res = await client.post('/user/play_pause', { period });
      expect(res.body, period).toMatchObject({ state: 409, errors: { period: [expect.stringContaining(`${until} (Japan time) and cannot be lifted`)] } });
    }
    for (const period of ['none', '0', '', -1]) expect((await client.post('/user/play_pause', { period })).body.state).toBe(400);
    expect(limitsIn(await client.get('/user/play_limits')).pause?.until).toBe(limitsIn(excluded).pause?.until);
    // A longer one replaces it.
    expect(limitsIn(await client.post('/user/play_pause', { period: '1y' })).pause).toMatchObject({ kind: 'exclusion' });

    expect(await t.db().select().from(payments).where(eq(payments.userId, userId))).toEqual([]);
    expect(await t.db().select().from(purchases).where(eq(purchases.userId, userId))).toEqual([]);
    expect(await pointState(t.db(), userId)).toMatchObject({ point: 5000 });
  });

  it('a time-out ends on its own: 24 hours later (shop clock) points can be bought again', async () => {
    const { client } = await member();
    const paused = await client.post('/user/play_pause', { period: '24h' });
    expect(limitsIn(paused).pause?.kind).toBe('timeout');
    expect((await buyByCard(client)).body.errors.payment?.[0]).toContain('タイムアウト中のため');
    clockAhead(24.01);
    expect(limitsIn(await client.get('/user/play_limits')).pause).toBeNull();
    expect((await buyBySlip(client)).body.state).toBe(200);
  });
});

describe('the console applies a family’s request', () => {
  it('sets a limit and a self-exclusion with a reason (support, audited), shown with the history on the member page', async () => {
    const support = await operatorClient(t.shop, 'support');
    const staff = await operatorClient(t.shop, 'staff');
    const { client, userId } = await member();
    const reason = '保護者から電話で依頼（2026-11-27）';
    const request = { user_id: userId, daily_limit: '', monthly_limit: 3000, reason };
    expect((await staff.post('/admin/members/play_limits', request)).body.state).not.toBe(200);
    expect((await support.post('/admin/members/play_limits', { ...request, reason: ' ' })).body.state).toBe(400);
    expect((await support.post('/admin/members/play_limits', { ...request, user_id: 99_999_999 })).body.state).toBe(404);

    const set = await support.post('/admin/members/play_limits', request);
    expect(limitsIn(set).monthly).toMatchObject({ limit: 3000, pending: null });
    const paused = await support.post('/admin/members/play_pause', { user_id: userId, period: '1y', reason });
    expect(limitsIn(paused).pause).toMatchObject({ kind: 'exclusion' });
    // Support cannot shorten it either.
    expect((await support.post('/admin/members/play_pause', { user_id: userId, period: '30d', reason })).body.state).toBe(409);
    expect((await buyByCard(client)).body.errors.payment?.[0]).toContain('自己排除の期間中');

    const audits = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `user:${userId}`)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => a.action)).toEqual(['member.play_limits', 'member.play_pause']);
    expect(audits[0]).toMatchObject({ before: { daily_limit: null, monthly_limit: null }, after: { monthly_limit: { amount: 3000 }, reason } });
    expect(audits[1]).toMatchObject({ before: null, after: { kind: 'exclusion', period: '1y', reason } });

    const page = (await support.get(`/admin/members/${userId}`)).body;
    expect(limitsIn({ body: page }).history).toMatchObject([
      { kind: 'exclusion', period: '1y', actor: 'operator', reason },
      { kind: 'monthly_limit', amount: 3000, actor: 'operator', reason },
    ]);
    // The member sees who changed it, not the family's words.
    const own = limitsIn(await client.get('/user/play_limits'));
    expect(own.history.map((h: { actor: string; reason: string | null }) => [h.actor, h.reason])).toEqual([
      ['operator', null],
      ['operator', null],
    ]);
  });
});
