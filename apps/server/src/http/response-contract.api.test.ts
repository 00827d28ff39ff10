import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { testConfig, type Config } from '../config.ts';
import { ensureReferenceData } from '../db/seed/reference-data.ts';
import { createTestMember, signIn } from '../testing/members.ts';
import { TestClient } from '../testing/test-client.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { createTestPack } from '../testing/test-pack.ts';
import { routeCatalog } from './route-catalog.ts';
import { routes } from './route.ts';

/** A schema, an answer that breaks it with a wrong type and a missing field, and one with a stray field. */
const breachSchema = z.object({
  name: z.string(),
  count: z.number().int(),
  items: z.array(z.object({ id: z.number() })),
});
const wrongAnswer = { name: 'x', count: 1.5 };
const strayAnswer = { name: 'x', count: 1, items: [{ id: 1, stray: true }] };

let database: TestDatabase;
let webDist: string;
const apps: FastifyInstance[] = [];

/** The whole shop on the shared database, plus two routes whose answers break their schema. */
async function shop(overrides: Partial<Record<keyof Config, string>> = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig({ WEB_DIST: webDist, ...overrides }), database);
  await app.register(
    async (scope) => {
      // Cast on purpose: the compiler refuses this answer, and the runtime checks must too.
      routes(scope).handle({ name: 'testWrong', method: 'GET', path: '/test/wrong', access: 'anyone', response: breachSchema }, async () => wrongAnswer as never);
      routes(scope).handle({ name: 'testStray', method: 'GET', path: '/test/stray', access: 'anyone', response: breachSchema }, async () => strayAnswer as never);
    },
    { prefix: '/api' },
  );
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await ensureReferenceData(database.db);
  // A built web app, so the catalogue also holds the static files' routes.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-web-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>oripa</title>');
  fs.writeFileSync(path.join(webDist, 'assets', 'app-1a2b.js'), 'export {};');
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

describe('every route has its contract', () => {
  it('gives every registered route a response schema, or marks it as answering outside the envelope', async () => {
    const app = await shop();
    const catalog = routeCatalog(app);
    const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
    const missing = catalog.filter((r) => !r.response && !r.outsideEnvelope).map(name);
    expect(missing).toEqual([]);
    // The member API never escapes by the marker.
    expect(catalog.filter((r) => r.url.startsWith('/api/user/') && !r.response).map(name)).toEqual([]);
    // The catalogue really holds the app's routes: API, media, provider pages, web files.
    const names = catalog.map(name);
    for (const route of [
      'GET /api/user/point',
      'POST /api/user/pack/buy',
      'GET /media/*',
      'GET /sandbox/pay/tokenize.js',
      'GET /index.html',
    ]) {
      expect(names).toContain(route);
    }
    expect(catalog.find((r) => r.url === '/media/*')?.outsideEnvelope).toBe('media');
    expect(catalog.find((r) => r.url === '/index.html')?.outsideEnvelope).toBe('page');
  });
});

describe('answers are checked against their schema', () => {
  it('answers a breach with state 500 naming each problem outside production, and the test client fails on it', async () => {
    const app = await shop();
    const wrong = (await app.inject({ method: 'GET', url: '/api/test/wrong' })).json() as {
      state: number;
      errors: { response?: string[] };
    };
    expect(wrong).not.toHaveProperty('name');
    expect(wrong.state).toBe(500);
    expect(wrong.errors.response).toEqual([
      expect.stringMatching(/^count: /),
      expect.stringMatching(/^items: /),
    ]);
    const stray = (await app.inject({ method: 'GET', url: '/api/test/stray' })).json() as {
      state: number;
      errors: { response?: string[] };
    };
    expect(stray).toMatchObject({
      state: 500,
      errors: { response: ['items[0].stray: not in the contract'] },
    });

    const client = new TestClient(app);
    await expect(client.get('/test/wrong')).rejects.toThrow(
      /GET \/api\/test\/wrong: the answer breaks its contract schema/,
    );
    await expect(client.get('/test/stray')).rejects.toThrow(/items\[0\]\.stray: not in the contract/);
  });

  it('sends the answer unchecked in production, and with the schema serializer (its default there) leaves out what the contract does not name', async () => {
    const plain = await shop({
      NODE_ENV: 'production',
      PAYMENT_ALLOW_SANDBOX: '1',
      RESPONSE_SERIALIZER: 'stringify',
    });
    expect((await plain.inject({ method: 'GET', url: '/api/test/stray' })).json()).toMatchObject({
      state: 200,
      ...strayAnswer,
    });

    const compiled = await shop({ NODE_ENV: 'production', PAYMENT_ALLOW_SANDBOX: '1' });
    const body = (await compiled.inject({ method: 'GET', url: '/api/test/stray' })).json() as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ state: 200, name: 'x', count: 1 });
    expect(body.items).toEqual([{ id: 1 }]);
  });
});

describe('the schema serializer', () => {
  it('writes the same answers as JSON.stringify, successes and refusals alike', async () => {
    const packId = await createTestPack(database.db, { price: 100 });
    const userId = await createTestMember(database.db, { point: 5000, coin: '12.50' });
    const production = { NODE_ENV: 'production', PAYMENT_ALLOW_SANDBOX: '1' } as const;
    const answers: unknown[][] = [];
    for (const serializer of ['stringify', 'schema'] as const) {
      const client = new TestClient(await shop({ ...production, RESPONSE_SERIALIZER: serializer }));
      const visitor = [await client.get('/user/detail'), await client.post('/user/pack/check', { count: 1 })];
      await signIn(database.db, client, userId);
      const member = [
        await client.get('/user/point'),
        await client.get('/user/pack/list'),
        await client.get(`/user/pack/detail/${packId}`),
        await client.get(`/user/pack/card_list/${packId}/1`),
        await client.get('/user/banner'),
        await client.get('/user/site_info'),
        await client.get('/user/detail'),
        await client.get('/user/point_price/1'),
        await client.post('/user/pack/check', { count: 1, pack_id: packId }),
        await client.post('/user/pack/check', { count: 100000, pack_id: packId }),
      ];
      answers.push([...visitor, ...member].map((res) => ({ ...res.body, csrf: typeof res.body.csrf })));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]?.[1]).toMatchObject({ state: 401 });
    expect(answers[0]?.[2]).toMatchObject({ state: 200, is_login: '1', point: 5000, coin: '12.50' });
  });
});
