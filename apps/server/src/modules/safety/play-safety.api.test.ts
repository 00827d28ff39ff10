import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/admin.ts';
import { memberAges } from '../../db/schema/play-safety.ts';
import { payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { registerThroughApi, registrationInput } from '../../testing/accounts.ts';
import { createTestMember, signIn } from '../../testing/members.ts';
import { cardToken, createTestCourse, pointState } from '../../testing/payments.ts';
import { operatorClient } from '../admin/admin-testing.ts';
import { useTestShop } from '../../testing/course-shop.ts';
import { formatJst, jstDay, jstMonth } from './age-rules.ts';

/**
 * Decision 037 over the wire: the birth date (once, a minor's consent), the minors' monthly
 * caps at payment start (refusal message, parallel starts), and the console's side.
 */

const t = useTestShop();
let courseId: number;

beforeAll(async () => {
  courseId = await createTestCourse(t.db(), { point: 1000, price: 1100 });
});

/** A birth date that makes a member exactly `age` today (Japan time). */
function birthDateForAge(age: number, now = new Date()): string {
  const { year, month, day } = jstDay(now);
  const d = month === 2 && day === 29 ? 28 : day;
  return `${year - age}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

async function member(birthDate: string | null) {
  const db = t.db();
  const userId = await createTestMember(db, { birthDate });
  const client = t.shop.client();
  await signIn(db, client, userId);
  await client.get('/user/point');
  expect((await client.get(`/user/point_price/detail/${courseId}`)).body.state).toBe(200);
  return { userId, client };
}

async function buyByCard(client: Awaited<ReturnType<typeof member>>['client']) {
  const token = await cardToken(t.shop.app, '4111111111111111');
  return client.post('/user/point/buy', { pay_id: 1, token });
}

describe('the birth date', () => {
  it('keeps the spec registration call without it working; the first point purchase asks for it', async () => {
    const client = t.shop.client();
    const input: Record<string, unknown> = registrationInput();
    delete input.birth_date;
    delete input.guardian_consent;
    await client.get('/user/point');
    expect((await client.post('/user/append', input)).body.state).toBe(200);
    const [user] = await t.db().select({ id: users.id }).from(users).where(eq(users.mail, String(input.mail)));
    const userId = user!.id;
    expect(await t.db().select().from(memberAges).where(eq(memberAges.userId, userId))).toEqual([]);
    expect((await client.get('/user/play_safety')).body.play_safety).toMatchObject({ birth_date: null, age: null, minor: false });

    await client.get(`/user/point_price/detail/${courseId}`);
    const refused = await buyByCard(client);
    expect(refused.body).toMatchObject({ state: 400, result: '0', errors: { birth_date: ['ポイントを購入する前に生年月日を入力してください。'] } });
    expect(await t.db().select().from(payments).where(eq(payments.userId, userId))).toEqual([]);

    expect((await client.post('/user/birth_date', { birth_date: '1990-05-06' })).body.state).toBe(200);
    expect((await buyByCard(client)).body).toMatchObject({ state: 200, result: '1' });
  });

  it('records it once: the member cannot change it afterwards', async () => {
    const { client, userId } = await member(null);
    expect((await client.post('/user/birth_date', { birth_date: '1991-02-03' })).body.state).toBe(200);
    const again = await client.post('/user/birth_date', { birth_date: '1970-02-03' });
    expect(again.body).toMatchObject({ state: 409, errors: { birth_date: [expect.stringContaining('変更できません')] } });
    const [row] = await t.db().select().from(memberAges).where(eq(memberAges.userId, userId));
    expect(row?.birthDate).toBe('1991-02-03');
  });

  it('asks a minor to confirm a guardian’s consent and records when', async () => {
    const { client, userId } = await member(null);
    const birth = birthDateForAge(15);
    client.setLang('en');
    const without = await client.post('/user/birth_date', { birth_date: birth });
    expect(without.body).toMatchObject({ state: 400, errors: { guardian_consent: [expect.stringContaining('parent or guardian')] } });
    expect(await t.db().select().from(memberAges).where(eq(memberAges.userId, userId))).toEqual([]);
    expect((await client.post('/user/birth_date', { birth_date: birth, guardian_consent: '1' })).body.state).toBe(200);
    const status = (await client.get('/user/play_safety')).body.play_safety;
    expect(status).toMatchObject({ birth_date: birth, age: 15, minor: true, monthly_cap: 5000, cap_left: 5000, guardian_consent_at: expect.any(String) });
  });

  it('refuses dates that are not real, in the future or absurdly old, and hostile values, writing nothing', async () => {
    const { client, userId } = await member(null);
    for (const [birth, text] of [
      ['2010-02-30', '実在する日付'],
      ['20100101', '実在する日付'],
      ['2999-01-01', '未来の日付'],
      ['1800-01-01', '未来の日付'],
      ['', '生年月日を入力'],
    ] as const) {
      const res = await client.post('/user/birth_date', { birth_date: birth, guardian_consent: '1' });
      expect(res.body, birth).toMatchObject({ state: 400, errors: { birth_date: [expect.stringContaining(text)] } });
    }
    for (const hostile of [{ birth_date: 19900101 }, { birth_date: ['1990-01-01'] }, { birth_date: '1990-01-01', guardian_consent: 'yes' }]) {
      expect((await client.post('/user/birth_date', hostile)).body.state).toBe(400);
    }
    expect(await t.db().select().from(memberAges).where(eq(memberAges.userId, userId))).toEqual([]);
  });

  it('takes a minor’s birth date at registration only with the consent', async () => {
    const birth = birthDateForAge(16);
    const refused = await t.shop.client();
    await refused.get('/user/point');
    const res = await refused.post('/user/append', registrationInput({ birth_date: birth }));
    expect(res.body).toMatchObject({ state: 400, errors: { guardian_consent: [expect.any(String)] } });
    const { userId } = await registerThroughApi(t.db(), t.shop.client(), { birth_date: birth, guardian_consent: '1' });
    const [row] = await t.db().select().from(memberAges).where(eq(memberAges.userId, userId));
    expect(row).toMatchObject({ birthDate: birth, source: 'member', guardianConsentAt: expect.any(Date) });
  });
});

describe('monthly caps of minors at payment start', () => {
  it('refuses a 15-year-old’s fifth ¥1,100 purchase in a month with the cap, what is left and when it resets', async () => {
    const { client, userId } = await member(birthDateForAge(15));
    for (let i = 0; i < 4; i += 1) expect((await buyByCard(client)).body).toMatchObject({ state: 200, result: '1' });
    const reset = formatJst(jstMonth(new Date()).next);
    const fifth = await buyByCard(client);
    expect(fifth.body).toMatchObject({
      state: 409,
      result: '0',
      errors: { payment: [`18歳未満の方のポイント購入は1か月5,000円までです。今月あと600円まで購入できます（${reset}（日本時間）にリセットされます）。`] },
    });
    client.setLang('en');
    expect((await buyByCard(client)).body.errors).toEqual({
      payment: [`Members under 18 can buy points for up to ¥5,000 a month. You can spend ¥600 more this month (it resets on ${reset}, Japan time).`],
    });
    expect(await pointState(t.db(), userId)).toMatchObject({ point: 4000, purchases: 4, money: 4400 });
    expect((await client.get('/user/play_safety')).body.play_safety).toMatchObject({ spent_this_month: 4400, cap_left: 600 });
  });

  it('counts open orders too: an unpaid convenience-store slip holds its share of the cap', async () => {
    const { client } = await member(birthDateForAge(15));
    for (let i = 0; i < 4; i += 1) {
      expect((await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' })).body.state).toBe(200);
    }
    expect((await buyByCard(client)).body.state).toBe(409);
  });

  it('never lets 20 parallel payment starts of a 16-year-old pass the cap', async () => {
    const { client, userId } = await member(birthDateForAge(16));
    const tokens = await Promise.all(Array.from({ length: 20 }, () => cardToken(t.shop.app, '4111111111111111')));
    const answers = await Promise.all(tokens.map((token) => client.post('/user/point/buy', { pay_id: 1, token })));
    const states = answers.map((a) => a.body.state);
    expect(states.filter((s) => s === 200)).toHaveLength(18); // 18 × 1,100 = 19,800 ≤ 20,000
    expect(states.filter((s) => s === 409)).toHaveLength(2);
    const rows = await t.db().select().from(payments).where(eq(payments.userId, userId));
    expect(rows.reduce((sum, p) => sum + p.amount, 0)).toBe(19_800);
    expect(await pointState(t.db(), userId)).toMatchObject({ point: 18_000, purchases: 18 });
  });

  it('lets adults buy without an age cap', async () => {
    const { client } = await member(birthDateForAge(18));
    for (let i = 0; i < 5; i += 1) expect((await buyByCard(client)).body.state).toBe(200);
    expect((await client.get('/user/play_safety')).body.play_safety).toMatchObject({ minor: false, monthly_cap: null, cap_left: null, spent_this_month: 5500 });
  });
});

describe('the console', () => {
  it('sets the caps (owner only, audited) and they apply at the next payment start', async () => {
    const owner = await operatorClient(t.shop, 'owner');
    const support = await operatorClient(t.shop, 'support');
    expect((await owner.get('/admin/minor_caps')).body.caps).toEqual({ under16: 5000, under18: 20000 });
    expect((await support.post('/admin/minor_caps', { under16: 1, under18: 1 })).body.state).not.toBe(200);
    expect((await owner.post('/admin/minor_caps', { under16: -1, under18: 'x' })).body.state).toBe(400);
    expect((await owner.post('/admin/minor_caps', { under16: 2000, under18: 20000 })).body).toMatchObject({ state: 200, caps: { under16: 2000 } });
    const { client } = await member(birthDateForAge(14));
    expect((await buyByCard(client)).body.state).toBe(200);
    const second = await buyByCard(client);
    expect(second.body.errors?.payment?.[0]).toContain('2,000円');
    const audits = await t.db().select().from(auditLog).where(eq(auditLog.action, 'minor_caps.set'));
    expect(audits.at(-1)?.after).toEqual({ under16: 2000, under18: 20000 });
    await owner.post('/admin/minor_caps', { under16: 5000, under18: 20000 });
  });

  it('lets support correct a birth date with a reason, audited, and shows it on the member page', async () => {
    const support = await operatorClient(t.shop, 'support');
    const staff = await operatorClient(t.shop, 'staff');
    const { userId } = await member(birthDateForAge(20));
    const corrected = birthDateForAge(15);
    expect((await staff.post('/admin/members/birth_date', { user_id: userId, birth_date: corrected, reason: '保護者から連絡' })).body.state).not.toBe(200);
    expect((await support.post('/admin/members/birth_date', { user_id: userId, birth_date: corrected, reason: '' })).body.state).toBe(400);
    expect((await support.post('/admin/members/birth_date', { user_id: 99_999_999, birth_date: corrected, reason: 'x' })).body.state).toBe(404);
    const res = await support.post('/admin/members/birth_date', { user_id: userId, birth_date: corrected, reason: '保護者から連絡' });
    expect(res.body).toMatchObject({ state: 200, play_safety: { age: 15, minor: true, monthly_cap: 5000 } });
    const page = await support.get(`/admin/members/${userId}`);
    expect(page.body.member).toBeDefined();
    expect(page.body.play_safety).toMatchObject({ birth_date: corrected, age: 15 });
    const [audit] = await t
      .db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.birth_date'), eq(auditLog.target, `user:${userId}`)));
    expect(audit).toMatchObject({ before: { birth_date: birthDateForAge(20) }, after: { birth_date: corrected, reason: '保護者から連絡' } });
  });
});
