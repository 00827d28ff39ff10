import { changeMemberPayload } from '@oripa/contract/accounts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberIdentities } from '../../db/schema/identities.ts';
import { users } from '../../db/schema/users.ts';
import { pointLedger } from '../../db/schema/wallet.ts';
import { latestSmsCode, registerThroughApi, registrationInput, testMail, testTel } from '../../testing/accounts.ts';
import { startLineStandIn, type LineStandIn } from '../../testing/line-stand-in.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import type { TestClient } from '../../testing/test-client.ts';
import { createTestCourse } from '../../testing/payments.ts';
import { createTestPack } from '../../testing/test-pack.ts';
import { linkLine, registerWithLine } from './line.service.ts';

const SHOP_URL = 'http://shop.test';
const BONUS = 300;

let line: LineStandIn;
let shop: TestShop;

beforeAll(async () => {
  line = await startLineStandIn();
  shop = await openTestShop(line.env(SHOP_URL, BONUS));
});

afterAll(async () => {
  await shop?.close();
  await line?.close();
});

/** A GET of the shop answered outside the envelope (a redirect); the client's cookies go along and come back. */
async function shopGet(client: TestClient, path: string) {
  const response = await shop.app.inject({
    method: 'GET',
    url: path,
    headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
  });
  for (const c of response.cookies) {
    if (c.maxAge === 0 || c.value === '') client.cookies.delete(c.name);
    else client.cookies.set(c.name, c.value);
  }
  return { status: response.statusCode, location: String(response.headers.location ?? '') };
}

/** Follows the browser's redirects at LINE (the stand-in) until it is sent back to the shop's callback. */
async function throughLine(location: string): Promise<string> {
  const jar = new Map<string, string>();
  let next = location;
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.startsWith(SHOP_URL)) return next.slice(SHOP_URL.length);
    const response = await fetch(next, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of response.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const target = response.headers.get('location');
    if (!target) throw new Error(`LINE answered ${response.status} without a redirect`);
    next = new URL(target, next).href;
  }
  throw new Error('too many redirects at LINE');
}

/** Signs in at LINE as `sub` starting from /api/line/start?mode=…; the shop's final redirect. */
async function lineRound(client: TestClient, mode: 'login' | 'link', sub: string | null, name = 'LINE太郎') {
  line.signInAs(sub === null ? null : { sub, name, email: `${sub}@line.example` });
  const start = await shopGet(client, `/api/line/start?mode=${mode}`);
  expect(start.status).toBe(303);
  if (!start.location.startsWith(line.issuer)) return start;
  const callback = await throughLine(start.location);
  return shopGet(client, callback);
}

function memberInfo() {
  const { pass: _p, confirmPass: _c, referralCode: _r, birth_date: _b, guardian_consent: _g, ...info } = registrationInput({ mail: testMail('line'), tel: testTel() });
  return info;
}

async function ledgerOf(userId: number) {
  return shop.database.db.select().from(pointLedger).where(eq(pointLedger.userId, userId));
}

describe('LINE Login: a LINE user new to the shop', () => {
  it('signs in with state, nonce and PKCE, completes the member information, gets the friend bonus once, and buys nothing before SMS verification', async () => {
    const client = shop.client();
    await client.get('/user/point');
    line.friends.add('U-new-1');
    const back = await lineRound(client, 'login', 'U-new-1');
    expect(back).toEqual({ status: 303, location: '/line-register' });

    const asked = line.authorizations.at(-1)!;
    expect(asked.get('redirect_uri')).toBe(`${SHOP_URL}/api/line/callback`);
    expect(asked.get('code_challenge_method')).toBe('S256');
    expect(asked.get('state')?.length).toBeGreaterThan(20);
    expect(asked.get('nonce')?.length).toBeGreaterThan(20);
    expect(asked.get('bot_prompt')).toBe('normal');

    const settings = await client.get('/line/settings');
    expect(settings.body).toMatchObject({ state: 200, enabled: true, pending: { name: 'LINE太郎', mail: 'U-new-1@line.example' } });

    const info = memberInfo();
    const registered = await client.post('/line/register', info);
    expect(registered.body.state).toBe(200);
    const detail = await client.get('/user/detail');
    expect(detail.body).toMatchObject({ state: 200, mail: info.mail, end_sms: 0, availablePoint: BONUS });
    const [member] = await shop.database.db.select().from(users).where(eq(users.mail, info.mail));
    expect(member!.passHash.startsWith('$argon2')).toBe(false);
    const ledger = await ledgerOf(member!.id);
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([['line_friend', BONUS]]);
    expect((await client.get('/line/account')).body).toMatchObject({ linked: true, has_password: false, can_unlink: false, friend_bonus: BONUS });

    // The pending sign-in is spent: a second registration finds none.
    expect((await client.post('/line/register', memberInfo())).body.errors).toBeDefined();

    // Buying waits for the shop's own SMS verification.
    const packId = await createTestPack(shop.database.db, { price: 100 });
    const refused = await client.post('/user/pack/check', { count: 1, pack_id: packId });
    expect(refused.body.state).toBe(400);
    expect(JSON.stringify(refused.body.errors)).toContain('SMS');
    const courseId = await createTestCourse(shop.database.db, { point: 1000, price: 1100 });
    expect((await client.get(`/user/point_price/detail/${courseId}`)).body.state).toBe(200);
    const pointsRefused = await client.post('/user/point/buy', { pay_id: 2, combini_code: 'sej' });
    expect(pointsRefused.body).toMatchObject({ state: 400, errors: { payment: [expect.stringContaining('SMS認証')] } });
    expect((await client.post('/user/send_sms', { tel: info.tel })).body.state).toBe(200);
    expect((await client.post('/user/check_sms', { sms_code: await latestSmsCode(shop.database.db, info.tel) })).body.state).toBe(200);
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);

    // Unlinking would leave no way to sign in.
    const unlink = await client.post('/line/unlink');
    expect(unlink.body.state).toBe(400);
    expect((await client.get('/line/account')).body).toMatchObject({ linked: true });

    // The next time, LINE signs the member straight in.
    const again = shop.client();
    await again.get('/user/point');
    expect(await lineRound(again, 'login', 'U-new-1')).toEqual({ status: 303, location: '/my-page' });
    expect((await again.get('/user/detail')).body).toMatchObject({ state: 200, mail: info.mail });
    expect(await ledgerOf(member!.id)).toHaveLength(1);
  });

  it('refuses a callback whose state does not match, a replayed callback, and a cancelled sign-in', async () => {
    const client = shop.client();
    await client.get('/user/point');
    line.signInAs({ sub: 'U-forged', name: 'x' });
    const start = await shopGet(client, '/api/line/start?mode=login');
    const callback = await throughLine(start.location);
    const forged = callback.replace(/state=[^&]+/, 'state=forged');
    expect(await shopGet(client, forged)).toEqual({ status: 303, location: '/login?line=failed' });
    // The request was spent by the forged try: the genuine answer is refused too.
    expect(await shopGet(client, callback)).toEqual({ status: 303, location: '/login?line=failed' });
    expect(await lineRound(client, 'login', null)).toEqual({ status: 303, location: '/login?line=failed' });
    // An ID token whose signature does not verify is refused (openid-client alone would trust TLS).
    line.forgeIdTokens(true);
    try {
      expect(await lineRound(client, 'login', 'U-new-1')).toEqual({ status: 303, location: '/login?line=failed' });
    } finally {
      line.forgeIdTokens(false);
    }
    expect((await client.get('/line/settings')).body).toMatchObject({ pending: null });
  });
});

describe('LINE Login: linking an existing account', () => {
  it('links a signed-in member, credits the friend bonus once across unlink and relink, and keeps a LINE user to one member', async () => {
    const client = shop.client();
    const { userId } = await registerThroughApi(shop.database.db, client);
    line.friends.add('U-link-1');
    expect(await lineRound(client, 'link', 'U-link-1', 'Hanako LINE')).toEqual({ status: 303, location: '/change-member?line=linked' });
    expect((await client.get('/line/account')).body).toMatchObject({ linked: true, display_name: 'Hanako LINE', has_password: true, can_unlink: true });
    expect((await client.get('/user/point')).body).toMatchObject({ point: BONUS });

    // A member buys as before (a password member is not held for SMS).
    const packId = await createTestPack(shop.database.db, { price: 100 });
    expect((await client.post('/user/pack/check', { count: 1, pack_id: packId })).body.state).toBe(200);

    expect((await client.post('/line/unlink')).body.state).toBe(200);
    expect((await client.get('/line/account')).body).toMatchObject({ linked: false });
    expect(await lineRound(client, 'link', 'U-link-1')).toEqual({ status: 303, location: '/change-member?line=linked' });
    expect((await ledgerOf(userId)).filter((l) => l.reason === 'line_friend')).toHaveLength(1);

    // Linked already, and another member cannot take the LINE user.
    expect(await lineRound(client, 'link', 'U-link-2')).toEqual({ status: 303, location: '/change-member?line=already' });
    const other = shop.client();
    await registerThroughApi(shop.database.db, other);
    expect(await lineRound(other, 'link', 'U-link-1')).toEqual({ status: 303, location: '/change-member?line=taken' });
    const rows = await shop.database.db.select().from(memberIdentities).where(eq(memberIdentities.subject, 'U-link-1'));
    expect(rows.filter((r) => r.unlinkedAt === null).map((r) => r.userId)).toEqual([userId]);
  });

  it('gives no bonus to a member who is not a friend, and asks a visitor to sign in before linking', async () => {
    const client = shop.client();
    const { userId } = await registerThroughApi(shop.database.db, client);
    expect(await lineRound(client, 'link', 'U-stranger')).toEqual({ status: 303, location: '/change-member?line=linked' });
    expect(await ledgerOf(userId)).toHaveLength(0);
    const visitor = shop.client();
    await visitor.get('/user/point');
    expect(await shopGet(visitor, '/api/line/start?mode=link')).toEqual({ status: 303, location: '/login' });
  });
});

describe('LINE Login under races', () => {
  it('links a member once and credits the friend bonus once when two links arrive together', async () => {
    const client = shop.client();
    const { userId } = await registerThroughApi(shop.database.db, client);
    const now = new Date();
    const link = (sub: string) => linkLine(shop.database.db, { userId, sub, name: sub, friend: true, bonusPoints: BONUS, now });
    const outcomes = await Promise.all([link('U-race-a'), link('U-race-b'), link('U-race-a')]);
    expect(outcomes.filter((o) => o === 'linked')).toHaveLength(1);
    expect((await ledgerOf(userId)).map((l) => l.delta)).toEqual([BONUS]);
    const [member] = await shop.database.db.select().from(users).where(eq(users.id, userId));
    expect(member!.pointBalance).toBe(BONUS);
  });

  it('creates one member when one pending LINE sign-up is sent twice at once', async () => {
    const pending = { sub: 'U-race-signup', name: 'x', mail: '', friend: true, at: Date.now() };
    const signUp = () =>
      registerWithLine(shop.database.db, { pending, payload: changeMemberPayload.parse(memberInfo()), lang: 'ja', bonusPoints: BONUS, now: new Date() }).then(
        (id) => id,
        () => null,
      );
    const ids = (await Promise.all([signUp(), signUp()])).filter((id) => id !== null);
    expect(ids).toHaveLength(1);
    const rows = await shop.database.db.select().from(memberIdentities).where(eq(memberIdentities.subject, 'U-race-signup'));
    expect(rows.map((r) => r.userId)).toEqual(ids);
  });
});

describe('LINE Login with ES256 ID tokens', () => {
  it('verifies an ES256 ID token against the issuer’s keys', async () => {
    const es256 = await startLineStandIn({ idTokenAlg: 'ES256' });
    const other = await openTestShop(es256.env(SHOP_URL));
    try {
      const client = other.client();
      await client.get('/user/point');
      es256.signInAs({ sub: 'U-es256', name: 'ES' });
      const start = await other.app.inject({ method: 'GET', url: '/api/line/start', headers: { cookie: `oripa_sid=${client.cookies.get('oripa_sid')}` } });
      const callback = await throughLine(String(start.headers.location));
      const back = await other.app.inject({ method: 'GET', url: callback, headers: { cookie: `oripa_sid=${client.cookies.get('oripa_sid')}` } });
      expect(back.headers.location).toBe('/line-register');
    } finally {
      await other.close();
      await es256.close();
    }
  });
});

describe('LINE Login without a channel', () => {
  it('shows no LINE sign-in and answers its routes as not found', async () => {
    const plain = await openTestShop();
    try {
      const client = plain.client();
      expect((await client.get('/line/settings')).body).toMatchObject({ state: 200, enabled: false, pending: null });
      const start = await plain.app.inject({ method: 'GET', url: '/api/line/start' });
      expect(start.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
