import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import type { QueuedSmsProvider } from '../modules/notifications/sms/queued-sms-provider.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';

/**
 * Secrets never reach the log (issue 21 item 6, decision 031): the log of a start with a real SMS
 * provider configured, and of a provider error whose message quotes the credentials (as a proxy's
 * error page or an SDK's request dump could), holds none of the secret values.
 */

const TOKEN = 'twilio-secret-token-4d9be1c0';
const AWS_SECRET = 'aws-secret-access-key-e7a1f29c';
const PAYMENT_SECRET = 'payment-shop-pass-90c4ab7e';
const SID = `AC${'abcdef0123456789'.repeat(2)}`;

let database: TestDatabase;
let app: FastifyInstance;
let server: http.Server;
const lines: string[] = [];

beforeAll(async () => {
  // A provider that fails every send with a page quoting what it received.
  server = http.createServer((request, response) => {
    const auth = Buffer.from(String(request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
    response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 20500, message: `upstream failed for ${auth}`, status: 500 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  vi.stubEnv('TWILIO_ACCOUNT_SID', SID);
  vi.stubEnv('TWILIO_AUTH_TOKEN', TOKEN);
  vi.stubEnv('TWILIO_FROM', '+15005550006');
  vi.stubEnv('TWILIO_API_BASE_URL', `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', AWS_SECRET);
  vi.stubEnv('GMO_SHOP_PASS', PAYMENT_SECRET);
  database = await openTestDatabase();
  await ensureReferenceData(database.db);
  app = await buildApp(testConfig({ LOG_LEVEL: 'info', WEB_DIST: '/nonexistent', SMS_PROVIDER: 'twilio' }), database, {
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await new Promise((resolve) => server?.close(resolve));
  vi.unstubAllEnvs();
});

describe('the server log with real providers configured', () => {
  it('masks every secret value in a start and a provider error', async () => {
    // A careless log call at start that dumps the environment and the configuration.
    app.log.info({ env: { ...process.env }, config: app.ctx.config }, 'starting with this environment');
    // A send the provider fails: the SMS job logs the error, whose message quotes the credentials.
    const sms = app.ctx.notifier.sms as QueuedSmsProvider;
    const jobs: Record<string, unknown>[] = [];
    sms.attach({ send: async (_queue, data) => (jobs.push(data ?? {}), 'job-1') });
    await sms.send({ to: '09012345678', text: 'code 123456' });
    await expect(sms.queue().run({ id: 'job-1', data: jobs[0]!, retryCount: 0 })).rejects.toThrow();
    await app.inject({ method: 'GET', url: '/readyz' });

    const log = lines.join('');
    expect(log).toContain('sms delivery failed');
    expect(log).toContain('starting with this environment');
    for (const secret of [TOKEN, AWS_SECRET, PAYMENT_SECRET]) expect(log, `the log holds ${secret}`).not.toContain(secret);
  });
});
