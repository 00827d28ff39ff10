import { message } from '@oripa/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registrationInput } from '../testing/accounts.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { openTestShop, type TestShop } from '../testing/test-app.ts';
import type { TestClient, WireResponse } from '../testing/test-client.ts';
import { createTestPack } from '../testing/test-pack.ts';

// Regression tests of issue 10, defects 1, 2 and 5: hostile values are refused at the boundary
// with a message under their field, never answered with a 500.

let shop: TestShop;
let packId: number;

const TOO_BIG = 2147483648; // 2^31: one past PostgreSQL's integer
const invalid = message('common.invalid', 'ja');
const countInvalid = message('gacha.count_invalid', 'ja');
const controlChar = message('common.control_character', 'ja');
const directionChar = message('common.direction_character', 'ja');

beforeAll(async () => {
  shop = await openTestShop();
  packId = await createTestPack(shop.database.db, { price: 100 });
});

afterAll(async () => {
  await shop?.close();
});

async function visitor(): Promise<TestClient> {
  const client = shop.client();
  await client.get('/user/point');
  return client;
}

async function member(): Promise<TestClient> {
  const client = shop.client();
  await signIn(shop.database.db, client, await createTestMember(shop.database.db, { point: 10_000 }));
  await client.get('/user/point');
  return client;
}

/** A refusal at the boundary: state 400 (HTTP 200, the envelope) with `text` under `field`. */
function expectRefused(res: WireResponse, field: string, text = invalid): void {
  expect(res.status).toBe(200);
  expect(res.body.state).toBe(400);
  expect(res.body.errors[field]).toContain(text);
}

describe('ids of 2^31 or more (defect 1)', () => {
  const posts: [string, Record<string, unknown>, string, string?][] = [
    ['/user/pack/check', { count: 1, pack_id: TOO_BIG }, 'pack_id'],
    ['/user/pack/buy', { count: 1, pack_id: TOO_BIG }, 'pack_id'],
    ['/user/point/buy', { pay_id: 4, name: 'ヤマダ', pack_id: TOO_BIG }, 'pack_id'],
    ['/user/point/buy', { pay_id: 4, name: 'ヤマダ', point_price_id: TOO_BIG }, 'point_price_id'],
    ['/user/point/append', { token: TOO_BIG }, 'token', message('payment.not_found', 'ja')],
    ['/user/gmo_token', { pay_id: 1, pay_type: 1, point_price_id: TOO_BIG }, 'point_price_id'],
    ['/user/gmo_result', { id: TOO_BIG }, 'id'],
  ];
  for (const [path, payload, field, text] of posts) {
    it(`POST ${path} refuses ${field} ${TOO_BIG} under ${field}`, async () => {
      expectRefused(await (await member()).post(path, payload), field, text);
    });
  }

  const gets: [string, string][] = [
    [`/user/point/end?payment_id=${TOO_BIG}`, 'payment_id'],
    [`/user/point/combini_number?payment_id=${TOO_BIG}`, 'payment_id'],
    [`/user/bank?payment_id=${TOO_BIG}`, 'payment_id'],
    [`/user/pack/gache_result?pack_history_id=${TOO_BIG}`, 'pack_history_id'],
    [`/user/pack/buy_result?pack_history_id=${TOO_BIG}`, 'pack_history_id'],
    [`/user/point_price/detail/${TOO_BIG}`, 'id'],
    [`/user/point_price/detail/1?pack_id=${TOO_BIG}`, 'pack_id'],
    [`/user/pay_style?point_price_id=${TOO_BIG}`, 'point_price_id'],
    [`/user/button_signature?point_price_id=${TOO_BIG}`, 'point_price_id'],
    [`/user/pack/detail/${TOO_BIG}`, 'packId'],
    [`/user/history/detail/${TOO_BIG}`, 'packHistoryId'],
    [`/user/pack/all_list/${TOO_BIG}/1`, 'type'],
    [`/user/pack/card_list/1/${TOO_BIG}`, 'page'],
  ];
  for (const [path, field] of gets) {
    it(`GET ${path} refuses ${field} under ${field}`, async () => {
      expectRefused(await (await member()).get(path), field);
    });
  }

  it('refuses the id of a visitor’s purchase too (the purchase path reads the session after the payload)', async () => {
    const client = await visitor();
    expectRefused(await client.post('/user/pack/check', { count: 1, pack_id: TOO_BIG }), 'pack_id');
    expectRefused(await client.post('/user/pack/buy', { count: 1, pack_id: TOO_BIG }), 'pack_id');
  });

  it('takes the largest id the database stores as an id (not found, not refused)', async () => {
    const client = await member();
    const check = await client.post('/user/pack/check', { count: 1, pack_id: 2147483647 });
    expect(check.body.state).toBe(404);
    const course = await client.get('/user/point_price/detail/2147483647');
    expect(course.body.state).toBe(404);
  });

  it('refuses zero, negative, fractional and exponent ids', async () => {
    const client = await member();
    for (const id of [0, -1, 1.5, '1e3', '', ' 1', '0x10']) {
      expectRefused(await client.post('/user/gmo_result', { id }), 'id');
    }
  });
});

describe('counts are integers or strings of digits, nothing coerced (defect 5)', () => {
  for (const count of [[1], true, ' 1', '1 ', 1.5, '1e3', '1.0', null, {}, '', -1, 0]) {
    it(`POST /user/pack/check refuses count ${JSON.stringify(count)} under count`, async () => {
      const res = await (await member()).post('/user/pack/check', { count, pack_id: packId });
      expectRefused(res, 'count', countInvalid);
    });
  }

  it('accepts count as a number or a string of digits', async () => {
    const client = await member();
    expect((await client.post('/user/pack/check', { count: 2, pack_id: packId })).body).toMatchObject({ state: 200, cost: 200 });
    expect((await client.post('/user/pack/check', { count: '3', pack_id: packId })).body).toMatchObject({ state: 200, cost: 300 });
  });

  it('refuses pay_id and pay_type that are not plain integers', async () => {
    const client = await member();
    for (const pay_id of [[1], true, ' 1', 1.5]) {
      expectRefused(await client.post('/user/gmo_token', { pay_id, pay_type: 1 }), 'pay_id', message('payment.method_unavailable', 'ja'));
    }
    expectRefused(await client.post('/user/gmo_token', { pay_id: 1, pay_type: [1] }), 'pay_type', message('payment.method_unavailable', 'ja'));
  });

  it('refuses a pref_id that is not a plain integer', async () => {
    const client = await visitor();
    for (const pref_id of ['0x0D', ' 13', [13], true, 13.5]) {
      expectRefused(await client.post('/user/confirm', { ...registrationInput(), pref_id }), 'pref_id', message('accounts.pref_required', 'ja'));
    }
  });
});

describe('control and direction characters (defect 2)', () => {
  const fields = ['lastName', 'middleName', 'firstName', 'shiku', 'address', 'building', 'country'] as const;
  for (const field of fields) {
    it(`POST /user/append refuses a NUL in ${field} under ${field}`, async () => {
      const res = await (await visitor()).post('/user/append', registrationInput({ [field]: `山\u0000田` }));
      expectRefused(res, field, controlChar);
    });
  }

  it('POST /user/append refuses a right-to-left override in a name and an isolate in an address', async () => {
    const client = await visitor();
    expectRefused(await client.post('/user/append', registrationInput({ lastName: 'Yam\u202Eada' })), 'lastName', directionChar);
    expectRefused(await client.post('/user/append', registrationInput({ address: '2-21\u20661' })), 'address', directionChar);
  });

  it('POST /user/change refuses NUL, other controls and bidi overrides in names and addresses', async () => {
    const client = await member();
    const { pass: _p, confirmPass: _c, referralCode: _r, ...values } = registrationInput();
    expectRefused(await client.post('/user/change', { ...values, firstName: 'Han\u0000ako' }), 'firstName', controlChar);
    expectRefused(await client.post('/user/change', { ...values, shiku: '渋谷\u0007区' }), 'shiku', controlChar);
    expectRefused(await client.post('/user/change', { ...values, building: 'A\u202D棟' }), 'building', directionChar);
  });

  it('POST /user/login refuses a NUL in mail and pass under the field', async () => {
    const client = await visitor();
    expectRefused(await client.post('/user/login', { mail: 'a\u0000@example.com', pass: 'secret123' }), 'mail', controlChar);
    expectRefused(await client.post('/user/login', { mail: 'a@example.com', pass: 'secret\u0000123' }), 'pass', controlChar);
  });

  it('keeps ordinary Japanese and English text', async () => {
    const res = await (await visitor()).post('/user/confirm', registrationInput({ lastName: 'O’Brien', building: 'ヒカリエ　10階' }));
    expect(res.body.state).toBe(200);
  });

  it('GET /user/set_checkout_session/%00 and complete_checkout_session refuse the id before any query', async () => {
    const client = await member();
    const required = message('payment.checkout_session_required', 'ja');
    expectRefused(await client.get('/user/set_checkout_session/%00'), 'id', required);
    expectRefused(await client.get('/user/set_checkout_session/cs_%E2%80%AEx'), 'id', required);
    expectRefused(await client.get('/user/complete_checkout_session?amazonCheckoutSessionId=%00'), 'amazonCheckoutSessionId', required);
    expectRefused(await client.post('/user/point/buy', { pay_id: 3, checkout_session_id: 'cs_\u0000' }), 'checkout_session_id', required);
  });

  it('refuses a NUL in other payload text under its field', async () => {
    const client = await member();
    expectRefused(await client.post('/user/send_sms', { tel: '090\u00001234567' }), 'tel', controlChar);
    expectRefused(await (await visitor()).post('/address/zipcode', { zipcode: '150\u00000002' }), 'zipcode', controlChar);
    expectRefused(await (await visitor()).post('/user/reset_password/verify', { token: 'x\u0000' }), 'token', controlChar);
  });

  it('refuses a lone surrogate under its field, also where a schema takes any text', async () => {
    const broken = message('common.broken_character', 'ja');
    const client = await member();
    const { pass: _p, confirmPass: _c, referralCode: _r, ...values } = registrationInput();
    expectRefused(await client.post('/user/change', { ...values, firstName: 'Han\ud800ako' }), 'firstName', broken);
    expectRefused(await (await visitor()).post('/address/zipcode', { zipcode: '150\udc000002' }), 'zipcode', broken);
  });
});

describe('sandbox pages and the 3-D Secure page with hostile references (defects 2 and 8)', () => {
  const pages: ['GET' | 'POST', string][] = [
    ['GET', '/api/acs/secure?ref=%00'],
    ['GET', '/api/acs/secure?ref=sbx_%00'],
    ['GET', '/api/acs/secure?ref=a&ref=b'],
    ['GET', '/sandbox/pay/consent/%00'],
    ['POST', '/sandbox/pay/consent/%00'],
    ['POST', '/sandbox/pay/acs/sbx_%00'],
    ['GET', '/sandbox/pay/combini/%00'],
    ['POST', '/sandbox/pay/combini/%00/pay'],
    ['GET', '/sandbox/pay/combini/%E2%80%AE'],
  ];
  for (const [method, url] of pages) {
    it(`${method} ${url} answers a page saying not found`, async () => {
      const res = await shop.app.inject({
        method,
        url,
        ...(method === 'POST' ? { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'decision=approve' } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('取引が見つかりません。');
    });
  }

  it('answers a malformed body of a page with a page, not the JSON envelope', async () => {
    for (const [type, payload] of [
      ['application/json', '{"decision":'],
      ['application/json', '{"__proto__":{"x":1}}'],
      ['text/plain', 'decision=approve'],
    ]) {
      const res = await shop.app.inject({ method: 'POST', url: '/sandbox/pay/consent/sbx_abc', headers: { 'content-type': type! }, payload });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toMatch(/^<!doctype html>/);
    }
  });
});
