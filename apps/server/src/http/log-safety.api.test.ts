import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registrationInput } from '../testing/accounts.ts';
import { useLoggedApp } from '../testing/logged-app.ts';
import { TestClient } from '../testing/test-client.ts';
import { maskText, safeUrl, sqlShape } from './log-safety.ts';

// Issue 10, defect 9: a test run's whole log is read back; what members typed and every secret
// (SQL parameters, passwords, cookies, tokens, card data) must be absent, the error code present.

const SQL_PARAM = 'param-secret-7c1e';
const PASSWORD = 'PwSecret8842';
const CARD = '4111111111111111';
const COOKIE = 'cookie-secret-55aa';
const QUERY_TOKEN = 'query-token-secret-9d0f';
const RESET_TOKEN = 'reset-token-secret-31b7';
const MAIL = 'log.secret.owner@example.com';

const t = useLoggedApp(({ app, database }) => {
  // A query that fails inside PostgreSQL with a member's value as its parameter, as a bug would.
  app.get('/api/test/failing-query', async () => {
    await database.db.execute(sql`select ${SQL_PARAM}::int as n`);
    return {};
  });
});
const { lines } = t;

describe('the server log', () => {
  it('records an unexpected failure by its code and SQL shape, without the SQL parameters', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/failing-query', headers: { cookie: `oripa_sid=${COOKIE}` } });
    expect(res.json()).toMatchObject({ state: 500 });
    const log = lines.join('');
    expect(log).toContain('unexpected error');
    expect(log).toContain('22P02'); // invalid_text_representation, PostgreSQL's code for the bad integer
    expect(log).toContain('select $1::int as n');
  });

  it('holds no password, card number, cookie, token, mail address or SQL parameter after a run', async () => {
    const client = new TestClient(t.app);
    await client.get(`/user/point?token=${QUERY_TOKEN}`, { cookie: `oripa_sid=${COOKIE}` });
    await client.post('/user/append', registrationInput({ mail: MAIL, pass: PASSWORD, confirmPass: PASSWORD }));
    await client.post('/user/login', { mail: MAIL, pass: `${PASSWORD}x` });
    await client.post('/user/reset_password/verify', { token: RESET_TOKEN });
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/pay/v1/tokens',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ kind: 'card', card_number: CARD, limit_month: '12', limit_year: '2040', cvc: '123', holder: 'TARO' }),
    });
    await t.app.inject({ method: 'GET', url: '/api/test/failing-query' });
    await t.app.inject({ method: 'GET', url: `/sandbox/pay/consent/sbx_${QUERY_TOKEN}?ref=${QUERY_TOKEN}` });

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10); // the requests were logged: the test reads a real log
    for (const secret of [SQL_PARAM, PASSWORD, CARD, COOKIE, QUERY_TOKEN, RESET_TOKEN, MAIL, 'params:']) {
      expect(log, `the log mentions ${secret}`).not.toContain(secret);
    }
  });
});

describe('log-safety masks', () => {
  it('mask quoted values and long digit runs in messages', () => {
    expect(maskText('invalid input syntax for type integer: "abc"')).toBe('invalid input syntax for type integer: "…"');
    expect(maskText('card 4111111111111111 declined')).toBe('card … declined');
  });

  it('keep the shape of SQL and drop inlined literals', () => {
    expect(sqlShape(`select * from users where mail = 'a@b.c' and id in (12345, 678)`)).toBe('select * from users where mail = \'…\' and id in (…, …)');
  });

  it('keep parameter names of a URL but not their values, nor reference-like path segments', () => {
    expect(safeUrl('/api/user/point_price/detail/12?pack_id=3&token=abc')).toBe('/api/user/point_price/detail/12?pack_id=…&token=…');
    expect(safeUrl('/sandbox/pay/consent/sbx_AbCdEf0123456789xyzABCD')).toBe('/sandbox/pay/consent/…');
  });
});
