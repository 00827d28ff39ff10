import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smsCodes } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { latestSmsCode, markVerified, outboxTo, registerThroughApi, testTel } from '../../testing/accounts.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { testEngine } from '../../testing/test-database.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

async function member(lang: 'ja' | 'en' = 'ja') {
  const client = shop.client();
  client.setLang(lang);
  const registered = await registerThroughApi(shop.database.db, client);
  return { ...registered, tel: String(registered.input.tel), client };
}

/** Moves the member's sent codes back in time, as if `seconds` had passed. */
async function age(userId: number, seconds: number) {
  await shop.database.db.execute(
    sql`update sms_codes set created_at = created_at - make_interval(secs => ${seconds}) where user_id = ${userId}`,
  );
}

async function row(userId: number) {
  const [r] = await shop.database.db.select().from(users).where(eq(users.id, userId));
  return r;
}

describe('POST /api/user/send_sms and /api/user/check_sms', () => {
  it('verifies the phone with the code from the SMS', async () => {
    const m = await member();
    const sent = await m.client.post('/user/send_sms', { tel: m.tel });
    expect(sent.body).toMatchObject({ state: 200, errors: {}, expires_in: 600, resend_in: 60 });
    const [sms] = await outboxTo(shop.database.db, m.tel, 'sms');
    expect(sms?.body).toMatch(/^【オリパ】認証コードは \d{6} です。有効期限は10分です。/);
    const code = await latestSmsCode(shop.database.db, m.tel);

    const [stored] = await shop.database.db.select().from(smsCodes).where(eq(smsCodes.userId, m.userId));
    expect(stored?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored?.codeHash).not.toContain(code);

    const checked = await m.client.post('/user/check_sms', { sms_code: code });
    expect(checked.body).toMatchObject({ state: 200, errors: {}, end_sms: 1 });
    expect(await row(m.userId)).toMatchObject({ endSms: 1, tel: m.tel });
    expect((await m.client.get('/user/detail')).body).toMatchObject({ end_sms: 1, tel: m.tel });
  });

  it('sends in English to an English-mode member', async () => {
    const m = await member('en');
    await m.client.post('/user/send_sms', { tel: m.tel });
    const [sms] = await outboxTo(shop.database.db, m.tel, 'sms');
    expect(sms?.body).toMatch(/^\[Oripa\] Your verification code is \d{6}\. It is valid for 10 minutes\./);
  });

  it('makes the number the code went to the member’s verified phone', async () => {
    const m = await member();
    const other = testTel();
    await m.client.post('/user/send_sms', { tel: other });
    await m.client.post('/user/check_sms', { sms_code: await latestSmsCode(shop.database.db, other) });
    expect(await row(m.userId)).toMatchObject({ endSms: 1, tel: other });
  });

  it('refuses a wrong code under sms_code and locks the code after 5 wrong tries', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    const code = await latestSmsCode(shop.database.db, m.tel);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) {
      const res = await m.client.post('/user/check_sms', { sms_code: wrong });
      expect(res.body).toMatchObject({ state: 400, errors: { sms_code: ['認証コードが正しくありません。'] } });
    }
    const locked = await m.client.post('/user/check_sms', { sms_code: code });
    expect(locked.body.errors.sms_code).toEqual(['認証コードの入力回数が上限に達しました。もう一度SMSを送信してください。']);
    expect(await row(m.userId)).toMatchObject({ endSms: 0 });
  });

  it('refuses an expired code', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    const code = await latestSmsCode(shop.database.db, m.tel);
    await shop.database.db.update(smsCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(smsCodes.userId, m.userId));
    const res = await m.client.post('/user/check_sms', { sms_code: code });
    expect(res.body.errors.sms_code).toEqual(['認証コードの有効期限が切れています。もう一度SMSを送信してください。']);
  });

  it('refuses a check before any SMS, and a code that is not 6 digits', async () => {
    const m = await member();
    expect((await m.client.post('/user/check_sms', { sms_code: '123456' })).body.errors.sms_code).toEqual([
      '認証コードの有効期限が切れています。もう一度SMSを送信してください。',
    ]);
    for (const sms_code of ['12345', '1234567', 'abcdef', '']) {
      expect((await m.client.post('/user/check_sms', { sms_code })).body.errors.sms_code, sms_code).toEqual([
        '認証コードは6桁の半角数字で入力してください。',
      ]);
    }
  });

  it('a new SMS replaces the earlier code', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    const first = await latestSmsCode(shop.database.db, m.tel);
    await age(m.userId, 61);
    await m.client.post('/user/send_sms', { tel: m.tel });
    const second = await latestSmsCode(shop.database.db, m.tel);
    if (first !== second) {
      expect((await m.client.post('/user/check_sms', { sms_code: first })).body.state).toBe(400);
    }
    expect((await m.client.post('/user/check_sms', { sms_code: second })).body.state).toBe(200);
  });

  it('allows one SMS a minute (state 429 under user_id)', async () => {
    const m = await member();
    expect((await m.client.post('/user/send_sms', { tel: m.tel })).body.state).toBe(200);
    const again = await m.client.post('/user/send_sms', { tel: m.tel });
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ state: 429, errors: { user_id: [expect.stringMatching(/^SMSの再送信は(60|59)秒後から可能です。/)] } });
    await age(m.userId, 61);
    expect((await m.client.post('/user/send_sms', { tel: m.tel })).body.state).toBe(200);
  });

  it('allows 5 SMS an hour per member', async () => {
    const m = await member();
    for (let i = 0; i < 5; i += 1) {
      expect((await m.client.post('/user/send_sms', { tel: m.tel })).body.state, `send ${i + 1}`).toBe(200);
      await age(m.userId, 61);
    }
    const res = await m.client.post('/user/send_sms', { tel: m.tel });
    expect(res.body).toMatchObject({ state: 429, errors: { user_id: ['SMSの送信回数が上限に達しました。1時間ほど時間をおいてから、もう一度お試しください。'] } });
    await age(m.userId, 60 * 60);
    expect((await m.client.post('/user/send_sms', { tel: m.tel })).body.state).toBe(200);
  });

  it('allows 5 SMS an hour to one number, whichever accounts ask', async () => {
    const tel = testTel();
    for (let i = 0; i < 5; i += 1) expect((await (await member()).client.post('/user/send_sms', { tel })).body.state).toBe(200);
    const res = await (await member()).client.post('/user/send_sms', { tel });
    expect(res.body.state).toBe(429);
  });

  it('refuses a number verified on another account, under user_id', async () => {
    const a = await member();
    await markVerified(shop.database.db, a.userId);
    const taken = (await row(a.userId))?.tel ?? '';
    const b = await member();
    const res = await b.client.post('/user/send_sms', { tel: taken });
    expect(res.body).toMatchObject({ state: 400, errors: { user_id: ['この電話番号は既に別のアカウントでSMS認証されています。'] } });
    expect(await outboxTo(shop.database.db, taken, 'sms')).toHaveLength(0);
  });

  it('refuses a second verification of one number at check time too', async () => {
    const tel = testTel();
    const a = await member();
    const b = await member();
    await a.client.post('/user/send_sms', { tel });
    const codeA = await latestSmsCode(shop.database.db, tel);
    await b.client.post('/user/send_sms', { tel });
    const codeB = await latestSmsCode(shop.database.db, tel);
    expect((await a.client.post('/user/check_sms', { sms_code: codeA })).body.state).toBe(200);
    const res = await b.client.post('/user/check_sms', { sms_code: codeB });
    expect(res.body.errors.sms_code).toEqual(['この電話番号は既に別のアカウントでSMS認証されています。']);
    expect(await row(b.userId)).toMatchObject({ endSms: 0 });
  });

  it('refuses a malformed number under user_id', async () => {
    const m = await member();
    for (const tel of ['090-1234-5678', '12345', '']) {
      const res = await m.client.post('/user/send_sms', { tel });
      expect(res.body.errors.user_id, tel).toEqual(['電話番号はハイフンなしの半角数字（10〜11桁）で入力してください。']);
    }
  });

  it('tells a verified member so, at send and at check', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    await m.client.post('/user/check_sms', { sms_code: await latestSmsCode(shop.database.db, m.tel) });
    const send = await m.client.post('/user/send_sms', { tel: m.tel });
    expect(send.body.errors.user_id).toEqual(['SMS認証は既に完了しています。']);
    const check = await m.client.post('/user/check_sms', { sms_code: '123456' });
    expect(check.body.errors.sms_code).toEqual(['SMS認証は既に完了しています。']);
  });

  it('keeps the phone read-only after verification', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    await m.client.post('/user/check_sms', { sms_code: await latestSmsCode(shop.database.db, m.tel) });
    const { pass: _p, confirmPass: _c, referralCode: _r, ...info } = m.input;
    const res = await m.client.post('/user/change', { ...info, tel: testTel() });
    expect(res.body.errors).toEqual({ tel: ['SMS認証済みの電話番号は変更できません。'] });
  });

  it('voids the codes sent to the old number when an unverified member changes phone', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    const code = await latestSmsCode(shop.database.db, m.tel);
    const { pass: _p, confirmPass: _c, referralCode: _r, ...info } = m.input;
    expect((await m.client.post('/user/change', { ...info, tel: testTel() })).body.state).toBe(200);
    expect((await m.client.post('/user/check_sms', { sms_code: code })).body.state).toBe(400);
  });

  it('is for members only', async () => {
    const client = shop.client();
    await client.get('/user/point');
    expect((await client.post('/user/send_sms', { tel: '09012345678' })).body.state).toBe(401);
    expect((await client.post('/user/check_sms', { sms_code: '123456' })).body.state).toBe(401);
  });

  it('the sweeper drops codes older than a day', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    await age(m.userId, 2 * 24 * 60 * 60);
    expect((await sweep(shop.database.db, new Date()))['accounts:sms-codes']).toBeGreaterThan(0);
    expect(await shop.database.db.select().from(smsCodes).where(eq(smsCodes.userId, m.userId))).toHaveLength(0);
  });
});

describe.runIf(testEngine() === 'postgres')('check_sms under concurrency', () => {
  it('verifies once when 10 checks with the right code race', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    const code = await latestSmsCode(shop.database.db, m.tel);
    const results = await Promise.all(Array.from({ length: 10 }, () => m.client.post('/user/check_sms', { sms_code: code })));
    expect(results.filter((r) => r.body.state === 200)).toHaveLength(1);
    expect(results.every((r) => r.body.state === 200 || r.body.state === 400)).toBe(true);
  });

  it('counts every wrong try when wrong codes race: never more than 5 are judged', async () => {
    const m = await member();
    await m.client.post('/user/send_sms', { tel: m.tel });
    const code = await latestSmsCode(shop.database.db, m.tel);
    const wrong = code === '000000' ? '111111' : '000000';
    const results = await Promise.all(Array.from({ length: 12 }, () => m.client.post('/user/check_sms', { sms_code: wrong })));
    const judged = results.filter((r) => r.body.errors.sms_code?.[0] === '認証コードが正しくありません。');
    expect(judged).toHaveLength(5);
    const [stored] = await shop.database.db.select().from(smsCodes).where(eq(smsCodes.userId, m.userId));
    expect(stored?.attempts).toBe(5);
  });
});
