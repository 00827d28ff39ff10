import { STATE } from '@oripa/contract/states';
import { describe, expect, it } from 'vitest';
import { browsersFrom, createTestOperator, useConsoleShop } from './admin-testing.ts';
import { codeAt } from './totp.ts';

/**
 * Issue 22 B: the operators' second factor cannot be guessed. Wrong TOTP codes are counted apart
 * from passwords, and a right password (signing in again between guesses) never takes them back:
 * of 24 guesses, each after a fresh right password, the 6th is already refused with 429.
 */

const t = useConsoleShop();
const browser = browsersFrom(t, '10.91');

/** A six-digit code that is not the operator's in the window the server accepts (±30 s). */
function wrongCode(secret: string, mail: string, seed: number): string {
  const now = Date.now();
  const right = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, mail, new Date(now + d))));
  for (let n = seed; ; n += 1) {
    const code = String(100000 + (n % 900000));
    if (!right.has(code)) return code;
  }
}

describe('operator TOTP guesses', () => {
  it('are refused with 429 after 5, although a right password comes before every guess', async () => {
    const op = await createTestOperator(t.db(), 'staff');
    const client = await browser();
    const states: number[] = [];
    for (let i = 0; i < 24; i += 1) {
      const login = await client.post('/admin/login', { mail: op.mail, pass: op.password });
      expect(login.body).toMatchObject({ state: STATE.ok, step: 'totp' });
      states.push((await client.post('/admin/totp', { code: wrongCode(op.totpSecret, op.mail, i * 7919) })).body.state);
    }
    expect(states.indexOf(STATE.throttled)).toBe(5);
    expect(states.slice(0, 5)).toEqual(Array(5).fill(STATE.validation));
    expect(states.slice(5)).toEqual(Array(19).fill(STATE.throttled));
    // The right code waits out the lock too; the password step itself is not locked by codes.
    const right = await client.post('/admin/totp', { code: codeAt(op.totpSecret, op.mail, new Date()) });
    expect(right.body.state).toBe(STATE.throttled);
    expect(right.body.errors.code?.[0]).toMatch(/分間ログインできません/);
    expect((await client.post('/admin/login', { mail: op.mail, pass: op.password })).body.state).toBe(STATE.ok);
    // 25 password hashes: slow on a busy machine.
  }, 120_000);

  it('are taken back by a right code, and do not lock another operator', async () => {
    const op = await createTestOperator(t.db(), 'support');
    const other = await createTestOperator(t.db(), 'support');
    const client = await browser();
    await client.post('/admin/login', { mail: op.mail, pass: op.password });
    for (let i = 0; i < 4; i += 1) {
      expect((await client.post('/admin/totp', { code: wrongCode(op.totpSecret, op.mail, i) })).body.state).toBe(STATE.validation);
    }
    expect((await client.post('/admin/totp', { code: codeAt(op.totpSecret, op.mail, new Date()) })).body).toMatchObject({ state: STATE.ok, step: 'done' });
    const next = await browser();
    await next.post('/admin/login', { mail: op.mail, pass: op.password });
    expect((await next.post('/admin/totp', { code: wrongCode(op.totpSecret, op.mail, 99) })).body.state).toBe(STATE.validation);
    const elsewhere = await browser();
    expect((await elsewhere.post('/admin/login', { mail: other.mail, pass: other.password })).body).toMatchObject({ state: STATE.ok, step: 'totp' });
    expect((await elsewhere.post('/admin/totp', { code: codeAt(other.totpSecret, other.mail, new Date()) })).body.state).toBe(STATE.ok);
  });
});
