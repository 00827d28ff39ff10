import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { pointLedger } from '../../db/schema/wallet.ts';
import { users } from '../../db/schema/users.ts';
import {
  latestSmsCode,
  makeReferrer,
  markVerified,
  givePurchase,
  registerThroughApi,
  registrationInput,
} from '../../testing/accounts.ts';
import { createTestMember } from '../../testing/members.ts';
import { useTestShop } from '../../testing/course-shop.ts';
import { testEngine } from '../../testing/test-database.ts';
import { creditPoints } from '../wallet/wallet.service.ts';
import { grantReferralBonus } from './referrals.service.ts';

const t = useTestShop();
const { db } = t;

async function row(userId: number) {
  const [r] = await db().select().from(users).where(eq(users.id, userId));
  return r;
}

/** A registered member (client logged in). */
async function member(overrides: Parameters<typeof registerThroughApi>[2] = {}) {
  const client = t.shop.client();
  const registered = await registerThroughApi(db(), client, overrides);
  return { ...registered, tel: String(registered.input.tel), client };
}

async function append(referralCode: string, lang: 'ja' | 'en' = 'ja') {
  const client = t.shop.client();
  client.setLang(lang);
  await client.get('/user/point');
  return client.post('/user/append', registrationInput({ referralCode }));
}

/** Completes SMS verification through the API. */
async function verify(m: Awaited<ReturnType<typeof member>>) {
  expect((await m.client.post('/user/send_sms', { tel: m.tel })).body.state).toBe(200);
  return m.client.post('/user/check_sms', { sms_code: await latestSmsCode(db(), m.tel) });
}

/** Friends registered directly with referred_by (faster than 25 registrations). */
async function addFriends(referrerId: number, count: number, rewarded = false) {
  for (let i = 0; i < count; i += 1) {
    const id = await createTestMember(db());
    await db().update(users).set({ referredBy: referrerId, referralRewardedAt: rewarded ? new Date() : null }).where(eq(users.id, id));
  }
}

async function referralLedger(userId: number) {
  return db().select().from(pointLedger).where(and(eq(pointLedger.userId, userId), eq(pointLedger.reason, 'referral')));
}

describe('referral codes at registration', () => {
  it('gives every member a unique code', async () => {
    const a = await member();
    const b = await member();
    expect(a.row.referralCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(a.row.referralCode).not.toBe(b.row.referralCode);
  });

  it('refuses an unknown or malformed code under referralCode, in append and confirm', async () => {
    for (const code of ['ZZZZZZZZ', 'abc', '!!!!']) {
      const res = await append(code);
      expect(res.body).toMatchObject({ state: 400, errors: { referralCode: ['紹介コードが見つかりません。入力内容をご確認ください。'] } });
    }
    const client = t.shop.client();
    await client.get('/user/point');
    const confirm = await client.post('/user/confirm', registrationInput({ referralCode: 'ZZZZZZZZ' }));
    expect(confirm.body.errors.referralCode).toEqual(['紹介コードが見つかりません。入力内容をご確認ください。']);
  });

  it('refuses the code of a member without SMS verification or without a payment', async () => {
    const notEligible = 'この紹介コードは現在ご利用いただけません。紹介者がSMS認証と初回のお支払いを済ませると利用できるようになります。';
    const fresh = await member();
    expect((await append(fresh.row.referralCode)).body.errors.referralCode).toEqual([notEligible]);

    const verifiedOnly = await member();
    await markVerified(db(), verifiedOnly.userId);
    expect((await append(verifiedOnly.row.referralCode)).body.errors.referralCode).toEqual([notEligible]);

    const paidOnly = await member();
    await givePurchase(db(), paidOnly.userId);
    expect((await append(paidOnly.row.referralCode)).body.errors.referralCode).toEqual([notEligible]);

    // A referral or a grant is not a payment.
    const granted = await member();
    await markVerified(db(), granted.userId);
    await db().transaction((tx) => creditPoints(tx, { userId: granted.userId, amount: 1000, reason: 'grant' }));
    const en = await append(granted.row.referralCode, 'en');
    expect(en.body.errors.referralCode).toEqual([
      'This referral code cannot be used yet. It becomes usable once the referrer has completed SMS verification and a first payment.',
    ]);
  });

  it('accepts the code of a member who may refer, typed in lower case, and links the friend', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    const friend = await member({ referralCode: code.toLowerCase() });
    expect((await row(friend.userId))?.referredBy).toBe(referrer.userId);
  });

  it('refuses the code of a member who already has 25 friends', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    await addFriends(referrer.userId, 24);
    expect((await append(code)).body.state).toBe(200); // the 25th
    const res = await append(code);
    expect(res.body).toMatchObject({
      state: 400,
      errors: { referralCode: ['この紹介コードは紹介できる人数の上限（25人）に達しているため、ご利用いただけません。'] },
    });
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from users where referred_by = ${referrer.userId}`);
    expect(count?.n).toBe(25);
  });
});

describe('referral bonus', () => {
  it('gives the friend and the referrer 500 points each when the friend completes SMS verification', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    const before = (await row(referrer.userId))?.pointBalance ?? 0;
    const friend = await member({ referralCode: code });
    expect((await row(friend.userId))?.pointBalance).toBe(0);

    expect((await verify(friend)).body.state).toBe(200);
    expect((await row(friend.userId))?.pointBalance).toBe(500);
    expect((await row(referrer.userId))?.pointBalance).toBe(before + 500);
    expect((await row(friend.userId))?.referralRewardedAt).toBeInstanceOf(Date);

    const friendRows = await referralLedger(friend.userId);
    const referrerRows = await referralLedger(referrer.userId);
    expect(friendRows.map((r) => [r.delta, r.idempotencyKey, r.memo])).toEqual([[500, `referral:${friend.userId}:friend`, '友達紹介ボーナス']]);
    expect(referrerRows.map((r) => [r.delta, r.idempotencyKey])).toEqual([[500, `referral:${friend.userId}:referrer`]]);
    expect((await friend.client.get('/user/detail')).body.availablePoint).toBe(500);
  });

  it('grants nothing a second time', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    const friend = await member({ referralCode: code });
    await verify(friend);
    const again = await db().transaction((tx) => grantReferralBonus(tx, friend.userId, new Date()));
    expect(again).toBe(false);
    expect(await referralLedger(friend.userId)).toHaveLength(1);
    expect(await referralLedger(referrer.userId)).toHaveLength(1);
  });

  it('grants nothing to a member who registered without a code', async () => {
    const m = await member();
    await verify(m);
    expect((await row(m.userId))?.pointBalance).toBe(0);
    expect(await referralLedger(m.userId)).toHaveLength(0);
  });

  it('keeps the cap at grant time: no bonus beyond 25 rewarded friends', async () => {
    const referrer = await member();
    await makeReferrer(db(), referrer.userId);
    await addFriends(referrer.userId, 25, true);
    const late = await member();
    await db().update(users).set({ referredBy: referrer.userId }).where(eq(users.id, late.userId));
    const before = (await row(referrer.userId))?.pointBalance;
    expect((await verify(late)).body.state).toBe(200);
    expect((await row(late.userId))?.pointBalance).toBe(0);
    expect((await row(referrer.userId))?.pointBalance).toBe(before);
  });
});

describe.runIf(testEngine() === 'postgres')('referrals under concurrency', () => {
  it('lets exactly one of 6 racing registrations take the 25th place', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    await addFriends(referrer.userId, 24);
    const results = await Promise.all(Array.from({ length: 6 }, () => append(code)));
    expect(results.filter((r) => r.body.state === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.body.state !== 200)) {
      expect(r.body.errors.referralCode?.[0]).toContain('上限（25人）');
    }
    const [count] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from users where referred_by = ${referrer.userId}`);
    expect(count?.n).toBe(25);
  });

  it('grants once when the friend’s check_sms requests race', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    const friend = await member({ referralCode: code });
    await friend.client.post('/user/send_sms', { tel: friend.tel });
    const sms = await latestSmsCode(db(), friend.tel);
    const results = await Promise.all(Array.from({ length: 10 }, () => friend.client.post('/user/check_sms', { sms_code: sms })));
    expect(results.filter((r) => r.body.state === 200)).toHaveLength(1);
    expect(await referralLedger(friend.userId)).toHaveLength(1);
    expect(await referralLedger(referrer.userId)).toHaveLength(1);
    expect((await row(friend.userId))?.pointBalance).toBe(500);
  });

  it('grants for only one of two friends racing for the 25th bonus', async () => {
    const referrer = await member();
    const code = await makeReferrer(db(), referrer.userId);
    await addFriends(referrer.userId, 23, true);
    const a = await member({ referralCode: code });
    const b = await member({ referralCode: code });
    // A 26th friend linked directly, past the registration cap, as an operator might.
    await db().update(users).set({ referredBy: referrer.userId }).where(eq(users.id, b.userId));
    const c = await member();
    await db().update(users).set({ referredBy: referrer.userId }).where(eq(users.id, c.userId));
    for (const m of [a, b, c]) await m.client.post('/user/send_sms', { tel: m.tel });
    const codes = await Promise.all([a, b, c].map((m) => latestSmsCode(db(), m.tel)));
    const results = await Promise.all([a, b, c].map((m, i) => m.client.post('/user/check_sms', { sms_code: codes[i] })));
    expect(results.map((r) => r.body.state)).toEqual([200, 200, 200]);
    const referrerRows = await db()
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.userId, referrer.userId), like(pointLedger.idempotencyKey, 'referral:%:referrer')));
    expect(referrerRows).toHaveLength(2); // 23 + 2 = 25 rewarded friends
    const rewarded = await Promise.all([a, b, c].map(async (m) => (await row(m.userId))?.pointBalance));
    expect(rewarded.filter((p) => p === 500)).toHaveLength(2);
  });
});
