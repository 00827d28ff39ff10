import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as api from '@oripa/contract/api-paths';
import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { testConfig } from '../config.ts';
import { openTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { routeCatalog } from './route-catalog.ts';

let database: TestDatabase;
let webDist: string;
let app: FastifyInstance;

beforeAll(async () => {
  database = await openTestDatabase();
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'oripa-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>oripa</title>');
  app = await buildApp(testConfig({ WEB_DIST: webDist }), database);
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
});

describe('the route table (contract api-routes.ts) and the registered routes', () => {
  it('registers every envelope route from the table, and every table entry is registered', () => {
    // Envelope routes are those with a response schema; the others answer outside the envelope.
    const registered = routeCatalog(app)
      .filter((route) => route.response !== undefined && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const table = Object.values(apiRoutes)
      .map((entry) => `${entry.method} /api${entry.path}`)
      .sort();
    expect(registered).toEqual(table);
  });

  it('registers each route with its entry schema', () => {
    const byName = new Map(routeCatalog(app).map((route) => [`${route.method} ${route.url}`, route]));
    for (const entry of Object.values(apiRoutes)) expect(byName.get(`${entry.method} /api${entry.path}`)?.response).toBe(entry.response);
  });

  it('names every entry by its key, and the schemas table has every entry of the paths table', () => {
    expect(Object.keys(apiRoutes).sort()).toEqual(Object.keys(api).sort());
    for (const [key, entry] of Object.entries(apiRoutes)) {
      expect(entry.name).toBe(key);
      expect({ method: entry.method, path: entry.path }).toEqual(api[key as keyof typeof api]);
    }
  });
});
