import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../../app.ts';
import { testConfig } from '../../../config.ts';
import { smsDeliveries } from '../../../db/schema/sms-deliveries.ts';
import { startJobEngine, type JobEngine } from '../../../kernel/job-engine.ts';
import { readiness } from '../../../metrics/health.ts';
import { registerThroughApi } from '../../../testing/accounts.ts';
import { snsStandIn, twilioStandIn, type SmsStandIn } from '../../../testing/sms-standins.ts';
import { openTestShop, type TestShop } from '../../../testing/test-app.ts';
import { openTestDatabase } from '../../../testing/test-database.ts';
import { QueuedSmsProvider } from './queued-sms-provider.ts';
import { createSmsProvider } from './sms-provider-factory.ts';
import { smsProviderCheck } from './sms-readiness.ts';
import { createTwilioSender } from './twilio-sender.ts';

/**
 * SMS that reaches a phone (issue 21 item 5, decision 031): a member's code goes through the job
 * engine to Twilio's or SNS's API — here their local stand-ins (testing/sms-standins.ts) — in
 * E.164 form, failed sends are retried, every attempt is recorded.
 */

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'twilio-auth-token-7f3a9c';
const KEY_ID = 'AKIASTANDIN0000KEY1';
const SECRET = 'sns-secret-access-key-55d1e0';

async function until<T>(read: () => Promise<T> | T, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cases = [
  {
    provider: 'twilio' as const,
    standIn: () => twilioStandIn(SID, TOKEN),
    env: (url: string) => ({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006', TWILIO_API_BASE_URL: url }),
  },
  {
    provider: 'sns' as const,
    standIn: () => snsStandIn(KEY_ID),
    env: (url: string) => ({ AWS_REGION: 'ap-northeast-1', AWS_ACCESS_KEY_ID: KEY_ID, AWS_SECRET_ACCESS_KEY: SECRET, SNS_ENDPOINT: url }),
  },
];

describe.each(cases)('SMS_PROVIDER=$provider', ({ provider, standIn: open, env }) => {
  let standIn: SmsStandIn;
  let shop: TestShop;
  let engine: JobEngine;

  beforeAll(async () => {
    standIn = await open();
    for (const [name, value] of Object.entries(env(standIn.url))) vi.stubEnv(name, value);
    shop = await openTestShop({ SMS_PROVIDER: provider });
    const sms = shop.app.ctx.notifier.sms as QueuedSmsProvider;
    engine = await startJobEngine(shop.database.db, [sms.queue(1)], { pollingIntervalSeconds: 0.5 });
    sms.attach(engine);
  });

  afterAll(async () => {
    await engine?.stop(5000);
    await shop?.close();
    await standIn?.close();
    vi.unstubAllEnvs();
  });

  it('sends the code to the provider in E.164 form, and that code verifies the phone', async () => {
    const client = shop.client();
    const { userId, input } = await registerThroughApi(shop.database.db, client);
    const tel = String(input.tel);
    expect((await client.post('/user/send_sms', { tel })).body).toMatchObject({ state: 200 });
    const [message] = await until(() => standIn.received.filter((m) => m.to === `+81${tel.slice(1)}`), (list) => list.length > 0);
    const code = /\d{6}/.exec(message?.body ?? '')?.[0];
    expect(code).toBeDefined();
    expect((await client.post('/user/check_sms', { sms_code: code })).body).toMatchObject({ state: 200 });
    const [delivery] = await shop.database.db.select().from(smsDeliveries).where(eq(smsDeliveries.to, `+81${tel.slice(1)}`));
    expect(delivery).toMatchObject({ provider, state: 'sent', attempts: 1, providerMessageId: message?.id });
    expect(userId).toBeGreaterThan(0);
  });

  it('retries a send the provider failed, recording each attempt and the last error', async () => {
    const client = shop.client();
    const { input } = await registerThroughApi(shop.database.db, client);
    const to = `+81${String(input.tel).slice(1)}`;
    standIn.failNext = 2;
    await client.post('/user/send_sms', { tel: input.tel });
    const delivery = await until(
      async () => (await shop.database.db.select().from(smsDeliveries).where(eq(smsDeliveries.to, to)))[0],
      (row) => row?.state === 'sent',
    );
    expect(delivery).toMatchObject({ state: 'sent', attempts: 3 });
    expect(standIn.received.filter((m) => m.to === to)).toHaveLength(1);
  });

  it('is ready while the provider answers', async () => {
    const res = await shop.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('configuration that fails fast', () => {
  it('refuses an SMS provider without its credentials, naming the variables', () => {
    const db = {} as never;
    expect(() => createSmsProvider('twilio', db, {})).toThrow('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM (or TWILIO_MESSAGING_SERVICE_SID)');
    expect(() => createSmsProvider('sns', db, { AWS_REGION: 'ap-northeast-1' })).toThrow(/AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY/);
    expect(createSmsProvider('sandbox', db, {}).name).toBe('sandbox');
  });

  it('reports an SMS provider it cannot reach as not ready', async () => {
    const gone = await twilioStandIn(SID, TOKEN);
    await gone.close();
    const sender = createTwilioSender({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: TOKEN, TWILIO_FROM: '+15005550006', TWILIO_API_BASE_URL: gone.url });
    const database = await openTestDatabase();
    try {
      const check = smsProviderCheck(new QueuedSmsProvider(database.db, sender));
      expect(await readiness(database.db, false, [check])).toEqual({ ready: false, reason: 'cannot reach SMS provider twilio' });
      // The server itself refuses to start with a provider lacking its credentials.
      await expect(buildApp(testConfig({ SMS_PROVIDER: 'sns', WEB_DIST: '/nonexistent' }), database)).rejects.toThrow(/SMS_PROVIDER=sns needs AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY/);
    } finally {
      await database.drop();
    }
  });
});
