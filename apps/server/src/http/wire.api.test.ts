import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setMaintenance } from '../modules/settings/settings.service.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { openTestShop, type TestShop } from '../testing/test-app.ts';
import { SESSION_COOKIE } from './session.ts';

let shop: TestShop;

beforeAll(async () => {
  shop = await openTestShop();
});

afterAll(async () => {
  await shop?.close();
});

describe('GET /api/user/point', () => {
  it('answers a visitor with the envelope, is_login 0 and a session cookie', async () => {
    const client = shop.client();
    const res = await client.get('/user/point');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).slice(0, 3)).toEqual(['state', 'csrf', 'errors']);
    expect(res.body).toMatchObject({ state: 200, errors: {}, is_login: '0', point: 0, coin: '0.00' });
    expect(res.body.csrf).toMatch(/^[a-z0-9]+\.[\w-]+\.[\w-]+$/);
    const cookie = res.raw.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(res.raw.headers['cache-control']).toBe('no-store');
  });

  it('rotates the csrf token on every response', async () => {
    const client = shop.client();
    const first = await client.get('/user/point');
    const second = await client.get('/user/point');
    expect(second.body.csrf).not.toBe(first.body.csrf);
  });

  it('shows a member their balances', async () => {
    const userId = await createTestMember(shop.database.db, { point: 12345, coin: '67.50' });
    const client = shop.client();
    await signIn(shop.database.db, client, userId);
    const res = await client.get('/user/point');
    expect(res.body).toMatchObject({ state: 200, is_login: '1', point: 12345, coin: '67.50' });
  });

  it('forgets the member after GET /api/user/logout', async () => {
    const userId = await createTestMember(shop.database.db);
    const client = shop.client();
    await signIn(shop.database.db, client, userId);
    expect((await client.get('/user/logout')).body.state).toBe(200);
    expect((await client.get('/user/point')).body.is_login).toBe('0');
  });
});

describe('the language of an answer', () => {
  it('follows the cookie, then X-Lang, then Accept-Language, then Japanese: the rule the pages use', async () => {
    const expired = async (headers: Record<string, string>) => {
      const res = await shop.app.inject({ method: 'POST', url: '/api/user/pack/list', headers: { ...headers, 'content-type': 'application/json' }, payload: { payment_method: '1' } });
      return String(res.json().errors.csrf?.[0] ?? '');
    };
    expect(await expired({})).toContain('有効期限');
    expect(await expired({ 'accept-language': 'en-US,en;q=0.9' })).toContain('expired');
    expect(await expired({ 'accept-language': 'fr-FR, en;q=0.5' })).toContain('expired');
    expect(await expired({ 'accept-language': 'fr-FR, de' })).toContain('有効期限');
    expect(await expired({ 'accept-language': 'en-US', 'x-lang': 'ja' })).toContain('有効期限');
    expect(await expired({ 'accept-language': 'ja', 'x-lang': 'en' })).toContain('expired');
    expect(await expired({ 'accept-language': 'en-US', cookie: 'lang=ja' })).toContain('有効期限');
    expect(await expired({ 'accept-language': 'ja', cookie: 'lang=en', 'x-lang': 'ja' })).toContain('expired');
  });
});

describe('secure cookies', () => {
  it('marks the session cookie Secure in production', async () => {
    const prod = await openTestShop({ NODE_ENV: 'production', PAYMENT_ALLOW_SANDBOX: '1' });
    try {
      const res = await prod.client().get('/user/point');
      expect(res.raw.cookies.find((c) => c.name === SESSION_COOKIE)?.secure).toBe(true);
    } finally {
      await prod.close();
    }
  });
});

describe('csrf on POST', () => {
  it('accepts a POST carrying the token of the last response', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', { payment_method: '2' });
    expect(res.body.state).toBe(200);
  });

  it('accepts an older token of the same session, so parallel requests do not fail', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const older = client.csrf;
    await client.get('/user/point');
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: older });
    expect(res.body.state).toBe(200);
  });

  it('refuses a POST without a token, in Japanese by default', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: null });
    expect(res.status).toBe(200);
    expect(res.body.state).toBe(403);
    expect(res.body.errors.csrf?.[0]).toContain('有効期限');
    expect(res.body.csrf).toBeTruthy();
  });

  it('refuses a token issued to another session, in English for an English-mode client', async () => {
    const other = shop.client();
    await other.get('/user/point');
    const client = shop.client();
    client.setLang('en');
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: other.csrf });
    expect(res.body.state).toBe(403);
    expect(res.body.errors.csrf).toEqual(['This page has expired. Reload the page and try again.']);
  });

  it('refuses an expired token', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const sessionKey = (await import('node:crypto'))
      .createHash('sha256')
      .update(client.cookies.get(SESSION_COOKIE) ?? '')
      .digest('base64url');
    const stale = shop.app.ctx.csrf.issue(sessionKey, Date.now() - 2 * 60 * 60 * 1000);
    const res = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: stale });
    expect(res.body.state).toBe(403);
  });

  it('refuses a forged token', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const [time, nonce] = client.csrf.split('.');
    const res = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: `${time}.${nonce}.forged` });
    expect(res.body.state).toBe(403);
  });
});

describe('bad input', () => {
  it('answers malformed JSON with state 400 under json', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', undefined, { rawJson: '{not json' });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.json).toHaveLength(1);
  });

  it('answers an invalid payload with per-field errors', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const res = await client.post('/user/pack/list', { payment_method: '7' });
    expect(res.body.state).toBe(400);
    expect(res.body.errors.payment_method?.[0]).toBe('不正な値です。');
  });

  it('answers an unknown API path with state 404, never the web app', async () => {
    const res = await shop.client().get('/user/nothing-here');
    expect(res.raw.headers['content-type']).toContain('application/json');
    expect(res.body.state).toBe(404);
  });

  it('answers an unsupported body type as a bad request', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/user/pack/list',
      headers: { 'content-type': 'application/xml' },
      payload: '<pack/>',
    });
    expect(res.json()).toMatchObject({ state: 400, errors: { request: [expect.any(String)] } });
  });

  it('refuses a JSON body without the form csrf field', async () => {
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/user/pack/list',
      payload: { payment_method: '1' },
    });
    expect(res.json()).toMatchObject({ state: 403 });
  });
});

describe('maintenance switch', () => {
  it('makes every call answer 9999 while on, and nothing else', async () => {
    const client = shop.client();
    await client.get('/user/point');
    const token = client.csrf;
    await setMaintenance(shop.database.db, true);
    shop.app.ctx.maintenance.invalidate();
    try {
      const get = await client.get('/user/pack/list');
      expect(get.status).toBe(503);
      expect(get.body.state).toBe(9999);
      expect(get.body.csrf).toBeTruthy();
      const post = await client.post('/user/pack/list', { payment_method: '1' }, { csrf: token });
      expect(post.body.state).toBe(9999);
      expect((await client.get('/user/point')).body.state).toBe(9999);
    } finally {
      await setMaintenance(shop.database.db, false);
      shop.app.ctx.maintenance.invalidate();
    }
    expect((await client.get('/user/point')).body.state).toBe(200);
  });
});

describe('operator endpoint', () => {
  it('refuses callers without the token', async () => {
    shop.app.ctx.opsToken = 'secret-token-for-tests';
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/_ops/run',
      remoteAddress: '127.0.0.1',
      payload: { argv: ['maintenance', 'status'] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('refuses callers from outside the machine even with the token', async () => {
    shop.app.ctx.opsToken = 'secret-token-for-tests';
    const res = await shop.app.inject({
      method: 'POST',
      url: '/api/_ops/run',
      remoteAddress: '203.0.113.9',
      headers: { 'x-ops-token': 'secret-token-for-tests' },
      payload: { argv: ['maintenance', 'status'] },
    });
    expect(res.statusCode).toBe(401);
  });

  it('runs a command for a loopback caller with the token, and switches at once', async () => {
    shop.app.ctx.opsToken = 'secret-token-for-tests';
    const run = (argv: string[]) =>
      shop.app.inject({
        method: 'POST',
        url: '/api/_ops/run',
        remoteAddress: '127.0.0.1',
        headers: { 'x-ops-token': 'secret-token-for-tests' },
        payload: { argv },
      });
    const on = await run(['maintenance', 'on']);
    expect(on.json()).toMatchObject({ ok: true, exitCode: 0, data: { maintenance: true } });
    expect((await shop.client().get('/user/point')).body.state).toBe(9999);
    await run(['maintenance', 'off']);
    expect((await shop.client().get('/user/point')).body.state).toBe(200);
    const bad = await run(['maintenance', 'sideways']);
    expect(bad.json()).toMatchObject({ ok: false, exitCode: 2 });
  });
});
