import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { loginFailures } from '../../db/schema/accounts.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { SESSION_COOKIE } from '../../http/session.ts';
import { sweep } from '../../jobs/sweeper.ts';
import { registerThroughApi, testMail } from '../../testing/accounts.ts';
import { createTestMember } from '../../testing/members.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

const FAILED = 'メールアドレスまたはパスワードが一致しません。';

/** A registered member (registered from another client, so `client` starts as a visitor). */
async function member(pass = 'secret123') {
  const { userId, input } = await registerThroughApi(shop.database.db, shop.client(), { pass, confirmPass: pass });
  return { userId, mail: String(input.mail), pass };
}

async function visitor(ip = '127.0.0.1'): Promise<TestClient> {
  const client = shop.client();
  client.remoteAddress = ip;
  await client.get('/user/point');
  return client;
}

async function ageFailures(minutes: number): Promise<void> {
  await shop.database.db.execute(sql`update login_failures set created_at = created_at - make_interval(mins => ${minutes})`);
}

describe('POST /api/user/login', () => {
  it('logs a member in with a new session id; the old cookie is worthless', async () => {
    const m = await member();
    const client = await visitor();
    const before = client.cookies.get(SESSION_COOKIE);
    const res = await client.post('/user/login', { mail: m.mail, pass: m.pass, save_cookie: '0' });
    expect(res.body).toMatchObject({ state: 200, errors: {} });
    const after = client.cookies.get(SESSION_COOKIE);
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    const cookie = res.raw.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookie?.maxAge).toBeUndefined(); // a browser-session cookie
    expect((await client.get('/user/point')).body.is_login).toBe('1');

    // The visitor cookie from before the login does not carry the member.
    const planted = shop.client();
    planted.cookies.set(SESSION_COOKIE, before ?? '');
    expect((await planted.get('/user/point')).body.is_login).toBe('0');
  });

  it('keeps a 30-day login with save_cookie 1', async () => {
    const m = await member();
    const client = await visitor();
    const res = await client.post('/user/login', { mail: m.mail.toUpperCase(), pass: m.pass, save_cookie: '1' });
    expect(res.body.state).toBe(200);
    expect(res.raw.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(30 * 24 * 60 * 60);
    const rows = await shop.database.db.select().from(sessions).where(eq(sessions.userId, m.userId));
    expect(rows.some((s) => s.remember && s.expiresAt.getTime() > Date.now() + 29 * 24 * 60 * 60 * 1000)).toBe(true);
  });

  it('answers a wrong password and an unknown address the same way, under mail', async () => {
    const m = await member();
    const wrongPass = await (await visitor('10.1.0.1')).post('/user/login', { mail: m.mail, pass: 'wrong123', save_cookie: '0' });
    const unknown = await (await visitor('10.1.0.2')).post('/user/login', { mail: testMail('nobody'), pass: m.pass, save_cookie: '0' });
    for (const res of [wrongPass, unknown]) {
      expect(res.body).toMatchObject({ state: 400, errors: { mail: [FAILED] } });
      expect(Object.keys(res.body.errors)).toEqual(['mail']);
    }
    const en = await visitor('10.1.0.3');
    en.setLang('en');
    const res = await en.post('/user/login', { mail: m.mail, pass: 'nope1234' });
    expect(res.body.errors.mail).toEqual(['The email address or password does not match.']);
  });

  it('asks for both fields', async () => {
    const res = await (await visitor()).post('/user/login', { mail: '', pass: '' });
    expect(res.body.errors).toEqual({ mail: ['入力してください。'], pass: ['入力してください。'] });
  });

  it('never logs in a member whose stored hash is not argon2', async () => {
    const mail = testMail('nohash');
    await createTestMember(shop.database.db, { mail }); // pass_hash 'no-login'
    const res = await (await visitor('10.1.0.9')).post('/user/login', { mail, pass: 'no-login' });
    expect(res.body).toMatchObject({ state: 400, errors: { mail: [FAILED] } });
  });
});

describe('login throttling', () => {
  it('locks an address for 15 minutes after 5 failures, with state 429 under mail, even for the right password', async () => {
    const m = await member();
    for (let i = 0; i < 5; i += 1) {
      const res = await (await visitor(`10.2.0.${i + 1}`)).post('/user/login', { mail: m.mail, pass: 'wrong999' });
      expect(res.body.state).toBe(400);
    }
    const locked = await (await visitor('10.2.1.1')).post('/user/login', { mail: m.mail, pass: m.pass });
    expect(locked.status).toBe(429);
    expect(locked.body.state).toBe(429);
    expect(locked.body.errors.mail?.[0]).toBe(
      'ログインに続けて失敗したため、一時的にログインを制限しています。15分ほど時間をおいてから、もう一度お試しください。',
    );
    // Refused attempts are not counted: the lock does not grow.
    const [count] = await queryRows<{ n: number }>(shop.database.db, sql`select count(*)::int as n from login_failures where mail = ${m.mail}`);
    expect(count?.n).toBe(5);

    await ageFailures(16);
    const after = await (await visitor('10.2.1.2')).post('/user/login', { mail: m.mail, pass: m.pass });
    expect(after.body.state).toBe(200);
    // A success clears the address's failures.
    expect(await shop.database.db.select().from(loginFailures).where(eq(loginFailures.mail, m.mail))).toHaveLength(0);
  });

  it('does not lock after 4 failures, and a success resets the count', async () => {
    const m = await member();
    const client = await visitor('10.3.0.1');
    for (let i = 0; i < 4; i += 1) await client.post('/user/login', { mail: m.mail, pass: 'wrong999' });
    expect((await client.post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
    const again = await visitor('10.3.0.1');
    for (let i = 0; i < 4; i += 1) {
      expect((await again.post('/user/login', { mail: m.mail, pass: 'wrong999' })).body.state).toBe(400);
    }
  });

  it('locks an IP after 20 failures, whatever addresses it tries', async () => {
    const m = await member();
    const client = await visitor('10.4.0.1');
    for (let i = 0; i < 20; i += 1) {
      const res = await client.post('/user/login', { mail: testMail(`spray${i}`), pass: 'guess123' });
      expect(res.body.state, `attempt ${i + 1}`).toBe(400);
    }
    const blocked = await client.post('/user/login', { mail: m.mail, pass: m.pass });
    expect(blocked.body).toMatchObject({ state: 429, errors: { mail: [expect.stringContaining('一時的にログインを制限')] } });
    // Another IP is not affected.
    expect((await (await visitor('10.4.0.2')).post('/user/login', { mail: m.mail, pass: m.pass })).body.state).toBe(200);
  });

  it('in English, says so in English', async () => {
    const m = await member();
    for (let i = 0; i < 5; i += 1) await (await visitor(`10.5.0.${i + 1}`)).post('/user/login', { mail: m.mail, pass: 'wrong999' });
    const client = await visitor('10.5.1.1');
    client.setLang('en');
    const res = await client.post('/user/login', { mail: m.mail, pass: m.pass });
    expect(res.body.errors.mail).toEqual(['Login is temporarily locked after repeated failures. Please try again in about 15 minutes.']);
  });

  it('the sweeper forgets failures older than the lock horizon', async () => {
    await (await visitor('10.6.0.1')).post('/user/login', { mail: testMail('old'), pass: 'x12345' });
    await ageFailures(31);
    const moved = await sweep(shop.database.db, new Date());
    expect(moved['accounts:login-failures']).toBeGreaterThan(0);
    const [old] = await queryRows<{ n: number }>(
      shop.database.db,
      sql`select count(*)::int as n from login_failures where created_at < now() - interval '30 minutes'`,
    );
    expect(old?.n).toBe(0);
  });
});

describe('GET /api/user/logout', () => {
  it('ends the member session', async () => {
    const m = await member();
    const client = await visitor();
    await client.post('/user/login', { mail: m.mail, pass: m.pass });
    expect((await client.get('/user/logout')).body.state).toBe(200);
    expect((await client.get('/user/point')).body.is_login).toBe('0');
    expect((await client.get('/user/detail')).body.state).toBe(401);
  });
});
