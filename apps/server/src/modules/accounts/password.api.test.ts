import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../db/schema/accounts.ts';
import { outbox } from '../../db/schema/notifications.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { outboxTo, registerThroughApi, testMail } from '../../testing/accounts.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { tokenDigest } from './tokens.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop({ PUBLIC_URL: 'https://shop.example.jp' });
});

afterAll(async () => {
  await shop?.close();
});

const LINK = /https:\/\/shop\.example\.jp\/password-reissue\?token=([A-Za-z0-9_-]{43})/;
const INVALID = 'このURLは無効か、有効期限が切れています。お手数ですが、パスワード再発行をもう一度お申し込みください。';

async function visitor(lang: 'ja' | 'en' = 'ja'): Promise<TestClient> {
  const client = shop.client();
  client.setLang(lang);
  await client.get('/user/point');
  return client;
}

/** A member logged in on the returned client. */
async function member(lang: 'ja' | 'en' = 'ja') {
  const client = shop.client();
  client.setLang(lang);
  const { userId, input } = await registerThroughApi(shop.database.db, client);
  return { userId, mail: String(input.mail), client };
}

async function requestLink(mail: string, lang: 'ja' | 'en' = 'ja'): Promise<string> {
  const res = await (await visitor(lang)).post('/user/reset_password', { mail });
  expect(res.body.state).toBe(200);
  const [latest] = await outboxTo(shop.database.db, mail, 'mail');
  const token = latest?.body.match(LINK)?.[1];
  if (!token) throw new Error('no reset link in the outbox');
  return token;
}

async function loginState(mail: string, pass: string): Promise<number> {
  return (await (await visitor()).post('/user/login', { mail, pass })).body.state;
}

describe('POST /api/user/reset_password', () => {
  it('answers exactly the same for a member and an unknown address; only the member gets a mail', async () => {
    const m = await member();
    const unknown = testMail('ghost');
    const known = await (await visitor()).post('/user/reset_password', { mail: m.mail });
    const ghost = await (await visitor()).post('/user/reset_password', { mail: unknown });
    const strip = (b: Record<string, unknown>) => ({ ...b, csrf: undefined });
    expect(strip(known.body)).toEqual(strip(ghost.body));
    expect(known.body).toEqual({ state: 200, errors: {}, csrf: expect.any(String) });

    const [mail] = await outboxTo(shop.database.db, m.mail, 'mail');
    expect(mail?.subject).toBe('【オリパ】パスワード再発行のご案内');
    expect(mail?.body).toMatch(LINK);
    expect(mail?.body).toContain('60分以内');
    expect(await outboxTo(shop.database.db, unknown)).toHaveLength(0);
  });

  it('stores only the SHA-256 of the token, valid for an hour', async () => {
    const m = await member();
    const token = await requestLink(m.mail);
    const [row] = await shop.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, m.userId));
    expect(row?.tokenHash).toBe(tokenDigest(token));
    expect(row?.tokenHash).not.toContain(token);
    const ttl = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(ttl).toBe(60 * 60 * 1000);
  });

  it('writes the mail in the language of the request', async () => {
    const m = await member();
    await requestLink(m.mail, 'en');
    const [mail] = await outboxTo(shop.database.db, m.mail, 'mail');
    expect(mail?.subject).toBe('[Oripa] Reset your password');
    expect(mail?.body).toContain('within 60 minutes');
  });

  it('refuses a malformed address under mail', async () => {
    const res = await (await visitor()).post('/user/reset_password', { mail: 'not-an-address' });
    expect(res.body).toMatchObject({ state: 400, errors: { mail: ['メールアドレスの形式が正しくありません。'] } });
  });

  it('sends at most 3 mails an hour to one member, answering the same', async () => {
    const m = await member();
    for (let i = 0; i < 5; i += 1) {
      expect((await (await visitor()).post('/user/reset_password', { mail: m.mail })).body.state).toBe(200);
    }
    expect(await outboxTo(shop.database.db, m.mail, 'mail')).toHaveLength(3);
  });
});

describe('POST /api/user/reset_password/verify and /complete', () => {
  it('sets the new password once; the link then stops working and every session of the member ends', async () => {
    const m = await member();
    const token = await requestLink(m.mail);
    expect((await (await visitor()).post('/user/reset_password/verify', { token })).body.state).toBe(200);

    const client = await visitor();
    const done = await client.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass99' });
    expect(done.body).toMatchObject({ state: 200, errors: {} });
    expect(await shop.database.db.select().from(sessions).where(eq(sessions.userId, m.userId))).toHaveLength(0);
    expect((await m.client.get('/user/point')).body.is_login).toBe('0');

    expect(await loginState(m.mail, 'secret123')).toBe(400);
    expect(await loginState(m.mail, 'newpass99')).toBe(200);

    const again = await client.post('/user/reset_password/complete', { token, pass: 'other999', confirmPass: 'other999' });
    expect(again.body).toMatchObject({ state: 400, errors: { token: [INVALID] } });
    expect((await client.post('/user/reset_password/verify', { token })).body.errors.token).toEqual([INVALID]);
    expect(await loginState(m.mail, 'newpass99')).toBe(200);
  });

  it('voids the member’s other links when one is used', async () => {
    const m = await member();
    const first = await requestLink(m.mail);
    const second = await requestLink(m.mail);
    expect(first).not.toBe(second);
    const client = await visitor();
    expect((await client.post('/user/reset_password/complete', { token: second, pass: 'newpass11', confirmPass: 'newpass11' })).body.state).toBe(200);
    const old = await client.post('/user/reset_password/complete', { token: first, pass: 'newpass22', confirmPass: 'newpass22' });
    expect(old.body.errors.token).toEqual([INVALID]);
  });

  it('refuses an expired link', async () => {
    const m = await member();
    const token = await requestLink(m.mail);
    await shop.database.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, tokenDigest(token)));
    const client = await visitor();
    expect((await client.post('/user/reset_password/verify', { token })).body.errors.token).toEqual([INVALID]);
    const res = await client.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass99' });
    expect(res.body).toMatchObject({ state: 400, errors: { token: [INVALID] } });
    expect(await loginState(m.mail, 'secret123')).toBe(200);
  });

  it('refuses made-up tokens', async () => {
    const client = await visitor();
    for (const token of ['', 'abc', 'A'.repeat(43), 'x'.repeat(200)]) {
      const res = await client.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass99' });
      expect(res.body.errors.token, token).toEqual([INVALID]);
    }
  });

  it('checks the new password and its confirmation', async () => {
    const m = await member();
    const token = await requestLink(m.mail);
    const client = await visitor();
    const bad = await client.post('/user/reset_password/complete', { token, pass: 'short', confirmPass: 'short' });
    expect(bad.body.errors).toEqual({ pass: ['パスワードは半角英数字6〜20文字で入力してください。'] });
    const mismatch = await client.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass98' });
    const text = ['パスワードと確認用パスワードが一致しません。'];
    expect(mismatch.body.errors).toEqual({ pass: text, confirmPass: text });
    // The link survives the refused attempts.
    expect((await client.post('/user/reset_password/complete', { token, pass: 'newpass99', confirmPass: 'newpass99' })).body.state).toBe(200);
  });

  it('lets exactly one of two concurrent uses of a link through', async () => {
    const m = await member();
    const token = await requestLink(m.mail);
    const [a, b] = await Promise.all([
      (await visitor()).post('/user/reset_password/complete', { token, pass: 'winner111', confirmPass: 'winner111' }),
      (await visitor()).post('/user/reset_password/complete', { token, pass: 'winner222', confirmPass: 'winner222' }),
    ]);
    expect([a.body.state, b.body.state].sort()).toEqual([200, 400]);
  });

  it('the sweeper drops tokens expired more than a day ago', async () => {
    const m = await member();
    await requestLink(m.mail);
    await shop.database.db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '2 days' where user_id = ${m.userId}`,
    );
    const moved = await sweep(shop.database.db, new Date());
    expect(moved['accounts:reset-tokens']).toBeGreaterThan(0);
    expect(await shop.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, m.userId))).toHaveLength(0);
  });
});

describe('POST /api/user/change_password', () => {
  it('changes the password, keeps this session and ends the member’s others', async () => {
    const m = await member();
    const other = await visitor();
    expect((await other.post('/user/login', { mail: m.mail, pass: 'secret123' })).body.state).toBe(200);

    const res = await m.client.post('/user/change_password', { pass: 'changed77', confirmPass: 'changed77' });
    expect(res.body).toMatchObject({ state: 200, errors: {} });
    expect((await m.client.get('/user/point')).body.is_login).toBe('1');
    expect((await other.get('/user/point')).body.is_login).toBe('0');
    expect(await loginState(m.mail, 'secret123')).toBe(400);
    expect(await loginState(m.mail, 'changed77')).toBe(200);
  });

  it('requires the confirmation to match, under both fields', async () => {
    const m = await member();
    const res = await m.client.post('/user/change_password', { pass: 'changed77', confirmPass: 'changed78' });
    const text = ['パスワードと確認用パスワードが一致しません。'];
    expect(res.body).toMatchObject({ state: 400, errors: { pass: text, confirmPass: text } });
    expect(await loginState(m.mail, 'secret123')).toBe(200);
  });

  it('applies the password rule', async () => {
    const m = await member('en');
    const res = await m.client.post('/user/change_password', { pass: 'abc', confirmPass: 'abc' });
    expect(res.body.errors.pass).toEqual(['Use 6 to 20 half-width letters and digits for the password.']);
  });

  it('is for members only', async () => {
    const res = await (await visitor()).post('/user/change_password', { pass: 'changed77', confirmPass: 'changed77' });
    expect(res.body.state).toBe(401);
  });

  it('never writes a password or token into the outbox of another recipient', async () => {
    const rows = await shop.database.db.select().from(outbox);
    for (const row of rows) {
      expect(row.body).not.toContain('secret123');
      expect(row.body).not.toContain('changed77');
    }
  });
});
