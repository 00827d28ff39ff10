import { STATE } from '@oripa/contract/states';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/run-command.ts';
import { testConfig, type Config } from '../../config.ts';
import { latestSmsCode, outboxTo, registerThroughApi } from '../../testing/accounts.ts';
import { openTestShop, type TestShop } from '../../testing/test-app.ts';
import { consoleClients } from '../admin/admin-testing.ts';
import { SECRET_MASK } from './outbox-secrets.ts';

/**
 * Issue 22 D: support could read a reset link in the outbox and sign in as the member. Every
 * role of the console, and `npm run ops -- outbox`, sees that a reset mail or an SMS code was
 * sent, to whom and when, never the secret; the rows themselves stay whole for delivery.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await openTestShop({ PUBLIC_URL: 'https://shop.example.jp' });
});
afterAll(async () => {
  await shop?.close();
});

const TOKEN = /token=([A-Za-z0-9_-]{43})/;

/** A member who asked for a reset link and an SMS code through the API; the secrets as stored. */
async function memberWithSecrets() {
  const client = shop.client();
  const { userId, input } = await registerThroughApi(shop.database.db, client);
  const mail = String(input.mail).toLowerCase();
  const tel = String(input.tel);
  expect((await client.post('/user/send_sms', { tel })).body.state).toBe(STATE.ok);
  const visitor = shop.client();
  await visitor.get('/user/point');
  expect((await visitor.post('/user/reset_password', { mail })).body.state).toBe(STATE.ok);
  const [resetMail] = await outboxTo(shop.database.db, mail, 'mail');
  const token = TOKEN.exec(resetMail?.body ?? '')?.[1];
  expect(token, 'the stored mail keeps its link for delivery').toBeDefined();
  return { userId, mail, tel, token: token!, code: await latestSmsCode(shop.database.db, tel) };
}

describe('the outbox as operators read it', () => {
  it('masks reset links and SMS codes for every role, showing that they were sent and when', async () => {
    const m = await memberWithSecrets();
    const { owner, support } = await consoleClients(shop);
    // The roles that read the outbox (staff has no outbox.read).
    for (const [role, client] of Object.entries({ owner, support })) {
      for (const to of [m.mail, m.tel]) {
        const res = await client.get(`/admin/outbox?to=${encodeURIComponent(to)}`);
        expect(res.body.state, role).toBe(STATE.ok);
        const entries = res.body.entries as { body: string; created_at: string; subject: string }[];
        expect(entries.length, `${role} ${to}`).toBeGreaterThan(0);
        const text = JSON.stringify(res.body);
        expect(text).not.toContain(m.token);
        expect(text).not.toContain(m.code);
        expect(entries[0]!.body).toContain(SECRET_MASK);
        expect(Date.parse(entries[0]!.created_at)).not.toBeNaN();
      }
    }
  });

  it('masks them in `ops outbox`; --reveal-secrets only outside production', async () => {
    const m = await memberWithSecrets();
    const ctx = { database: shop.database, config: testConfig() };
    for (const to of [m.mail, m.tel]) {
      const out = await runCommand(ctx, ['outbox', '--to', to]);
      expect(out.ok).toBe(true);
      expect(out.message).not.toContain(m.token);
      expect(out.message).not.toContain(m.code);
      expect(JSON.stringify(out.data)).not.toMatch(new RegExp(`${m.token}|${m.code}`));
      expect(out.message).toContain(SECRET_MASK);
    }
    const revealed = await runCommand(ctx, ['outbox', '--to', m.tel, '--reveal-secrets']);
    expect(revealed.message).toContain(m.code);
    const production = { ...ctx, config: { ...ctx.config, NODE_ENV: 'production' } as Config };
    const refused = await runCommand(production, ['outbox', '--to', m.tel, '--reveal-secrets']);
    expect(refused.exitCode).toBe(2);
    expect(JSON.stringify(refused)).not.toContain(m.code);
  });
});
